#include "api/route_doc.h"

#include <utility>

namespace corrchess::api {

std::string_view to_string(Access access) {
  switch (access) {
    case Access::kNone: return "none";
    case Access::kUser: return "user";
    case Access::kPlayer: return "player";
    case Access::kDirector: return "director";
    case Access::kAdmin: return "admin";
  }
  return "user";
}

Doc::Doc(std::string summary_text, int success_status, std::string response_text,
         std::string response_schema)
    : summary(std::move(summary_text)),
      status(success_status),
      response(std::move(response_text)),
      schema(std::move(response_schema)) {}

namespace {

// Sets `field` of `doc` to `value` and hands the doc on: the body of every builder below.
template <class Field, class Value>
Doc&& with(Doc& doc, Field Doc::*field, Value&& value) {
  doc.*field = std::forward<Value>(value);
  return std::move(doc);
}

}  // namespace

Doc&& Doc::in(std::vector<FieldDoc> fields, nlohmann::json example_body) && {
  example = std::move(example_body);
  return with(*this, &Doc::body, std::move(fields));
}

Doc&& Doc::q(std::vector<FieldDoc> params) && {
  return with(*this, &Doc::query, std::move(params));
}

Doc&& Doc::as(std::string type) && { return with(*this, &Doc::content_type, std::move(type)); }

Doc&& Doc::mailed_link_page(std::string token_description) && {
  query = {{"token", "string", true, std::move(token_description)}};
  return with(*this, &Doc::content_type, std::string("text/html; charset=utf-8"));
}

Doc&& Doc::tagged(std::string name) && { return with(*this, &Doc::tag, std::move(name)); }

Doc&& Doc::ws() && { return with(*this, &Doc::websocket, true); }

Doc&& Doc::streamed() && { return with(*this, &Doc::stream, true); }

Doc&& Doc::soap_route() && { return with(*this, &Doc::soap, true); }

Doc&& Doc::hashing_password() && { return with(*this, &Doc::hashes_password, true); }
Doc&& Doc::reading_own_body() && { return with(*this, &Doc::reads_own_body, true); }

}  // namespace corrchess::api
