#include "server/http_message.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>
#include <utility>

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/field.hpp>

#include "api/problem.h"
#include "api/xfcc.h"
#include "server/net.h"

namespace corrchess::server {

namespace {

// Errors of the HTTP parser that mean the bytes were not a well-formed request (as opposed to
// the peer closing or a timeout).
bool is_malformed_request(const beast::error_code& ec) {
  if (ec.category() != http::make_error_code(http::error::bad_method).category()) return false;
  return ec != http::error::end_of_stream && ec != http::error::partial_message &&
         ec != http::error::need_more && ec != http::error::need_buffer &&
         ec != http::error::body_limit;
}

}  // namespace

bool is_trusted_proxy(const std::vector<std::string>& proxies, const std::string& address) {
  return std::find(proxies.begin(), proxies.end(), address) != proxies.end();
}

void limit_parser(RequestParser& parser, std::size_t max_body_bytes) {
  parser.body_limit(max_body_bytes);
  parser.header_limit(kMaxHeaderBytes);
}

bool framing_is_unambiguous(const BeastRequest& req) {
  auto codings = req.equal_range(http::field::transfer_encoding);
  if (codings.first == codings.second) return true;
  if (std::next(codings.first) != codings.second) return false;  // two Transfer-Encoding fields
  if (req.count(http::field::content_length) > 0) return false;
  if (req.version() < 11) return false;
  std::string_view value(codings.first->value().data(), codings.first->value().size());
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  return beast::iequals(beast::string_view(value.data(), value.size()), "chunked");
}

std::optional<api::Response> refuse_framing(const BeastRequest& req) {
  if (framing_is_unambiguous(req)) return std::nullopt;
  return api::problem_response(Error{ErrorCode::kValidationError,
                                     "the request's length is ambiguous: use one Content-Length, "
                                     "or Transfer-Encoding: chunked alone"});
}

std::optional<api::Response> answer_read_error(const beast::error_code& ec,
                                               std::size_t max_body_bytes,
                                               std::string_view target) {
  if (ec == http::error::body_limit) {
    const Error too_large{ErrorCode::kPayloadTooLarge,
                          "request body exceeds " + std::to_string(max_body_bytes) + " bytes"};
    if (api::is_xfcc_path(target.substr(0, target.find('?')))) return api::xfcc_refusal(too_large);
    return api::problem_response(too_large);
  }
  if (is_malformed_request(ec)) {
    return api::problem_response(Error{ErrorCode::kValidationError, "malformed HTTP request"});
  }
  return std::nullopt;
}

std::string client_address(const BeastRequest& req, const std::string& peer,
                           const std::vector<std::string>& proxies) {
  if (!is_trusted_proxy(proxies, peer)) return peer;
  std::string forwarded;
  const auto [first, last] = req.equal_range("X-Forwarded-For");
  for (auto field = first; field != last; ++field) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded += std::string(field->value());
  }
  std::string_view rest = forwarded;
  while (!rest.empty()) {
    const auto comma = rest.rfind(',');
    std::string_view item = comma == std::string_view::npos ? rest : rest.substr(comma + 1);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    beast::error_code ec;
    const auto address = asio::ip::make_address(std::string(item), ec);
    if (ec) return peer;  // not an address: believe nothing of the header
    const std::string text = address.to_string();
    if (!is_trusted_proxy(proxies, text)) return text;
  }
  return peer;
}

bool forwarded_https(const BeastRequest& req, const std::string& peer,
                     const std::vector<std::string>& proxies) {
  if (!is_trusted_proxy(proxies, peer)) return false;
  const auto proto = req.find("X-Forwarded-Proto");
  return proto != req.end() && beast::iequals(proto->value(), "https");
}

api::Request to_api_request(const BeastRequest& req, std::string remote) {
  api::Request out;
  out.method = std::string(req.method_string());
  out.remote = std::move(remote);
  out.body = req.body();
  for (const auto& field : req) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    out.headers[name] = std::string(field.value());
  }
  if (auto split = api::split_target(std::string(req.target()))) {
    out.path = std::move(split->first);
    out.query = std::move(split->second);
  }
  return out;
}

api::Response answer_request(const api::Request& request, const RequestHandler& handler) {
  if (request.path.empty()) {
    return api::problem_response(Error{ErrorCode::kValidationError, "malformed request target"});
  }
  return handler(request);
}

BeastResponse to_beast_response(api::Response r, unsigned version, bool keep_alive, bool head) {
  BeastResponse res{static_cast<http::status>(r.status), version};
  res.set(http::field::server, "corrchess");
  res.set(http::field::content_type, r.content_type);
  for (const auto& [name, value] : r.headers) res.set(name, value);
  res.keep_alive(keep_alive);
  if (!head) res.body() = std::move(r.body);
  res.prepare_payload();
  if (head) res.content_length(r.body.size());
  return res;
}

BeastStreamHeader to_beast_stream_header(const api::Response& r, unsigned version,
                                         bool keep_alive) {
  BeastStreamHeader res{static_cast<http::status>(r.status), version};
  res.set(http::field::server, "corrchess");
  res.set(http::field::content_type, r.content_type);
  for (const auto& [name, value] : r.headers) res.set(name, value);
  if (version >= 11) {
    res.keep_alive(keep_alive);
    res.chunked(true);
  } else {
    res.keep_alive(false);
  }
  return res;
}

}  // namespace corrchess::server
