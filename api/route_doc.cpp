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

Doc&& Doc::in(std::vector<FieldDoc> fields, nlohmann::json example_body) && {
  body = std::move(fields);
  example = std::move(example_body);
  return std::move(*this);
}

Doc&& Doc::q(std::vector<FieldDoc> params) && {
  query = std::move(params);
  return std::move(*this);
}

Doc&& Doc::as(std::string type) && {
  content_type = std::move(type);
  return std::move(*this);
}

Doc&& Doc::tagged(std::string name) && {
  tag = std::move(name);
  return std::move(*this);
}

Doc&& Doc::ws() && {
  websocket = true;
  return std::move(*this);
}

Doc&& Doc::streamed() && {
  stream = true;
  return std::move(*this);
}

Doc&& Doc::soap_route() && {
  soap = true;
  return std::move(*this);
}

Doc&& Doc::hashing_password() && {
  hashes_password = true;
  return std::move(*this);
}

}  // namespace corrchess::api
