// Transport-neutral HTTP request/response values. The server converts Beast messages
// to and from these, so api/ holds no socket code and handlers are plain functions.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::api {

struct Request {
  std::string method;                          // "GET", "POST", ...
  std::string path;                            // decoded path without query: "/api/v1/games/7"
  std::map<std::string, std::string> query;    // decoded query parameters
  std::map<std::string, std::string> headers;  // keys lower-case
  std::string body;
  std::string remote;   // peer address, for rate limits and logs
  bool secure = false;  // came over TLS (a trusted proxy said X-Forwarded-Proto: https)

  // Header value by lower-case name.
  std::optional<std::string> header(const std::string& name) const;
  // The client asked for a minimal answer (RFC 7240 `Prefer: return=minimal`, in any of the
  // request's Prefer preferences, case-insensitive).
  bool prefers_minimal() const;
  // The weight (RFC 9110 §12.5.1, `q`, 1 when not given) that the Accept header gives the
  // media type `type` (case-insensitive) when it names it; none when it does not name it.
  std::optional<double> accept_weight(std::string_view type) const;
};

// The body of an answer written while it is made, for answers of any size in constant
// memory (GET /users/{username}/games): each call returns the next piece (never empty), or
// nullopt once there is no more, or an error. The transport calls it only after the piece
// before was written (on a request thread: it may read the database) and sends the pieces
// as HTTP/1.1 chunks; after an error it ends the connection without the last chunk, so the
// client sees the answer is incomplete (the status line is gone already).
using BodyProducer = std::function<Result<std::optional<std::string>>()>;

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;  // the whole body, unless `stream` is set
  std::vector<std::pair<std::string, std::string>> headers;
  std::string route;    // matched route pattern (for metrics and logs; not sent)
  BodyProducer stream;  // when set: the body, piece by piece (`body` is not sent)
};

// Splits "/a/b?x=1&y=%20" into the decoded path and query map; nullopt if malformed.
std::optional<std::pair<std::string, std::map<std::string, std::string>>> split_target(
    const std::string& target);

Response json_response(int status, const nlohmann::json& body);
// "http://host[:port]" as the client reached the server: its Host header (when plain), https
// when the request came over TLS (Request::secure); for addresses the server hands out.
std::string request_base_url(const Request& request);
// An optional instant in a JSON view: RFC 3339 UTC, or null.
nlohmann::json instant_or_null(const std::optional<game::Timestamp>& t);
Response text_response(int status, std::string content_type, std::string body);
// application/problem+json for a core error, with its extra members (Error::members). Every
// error answer of the server is written by this one function.
Response problem_response(const Error& error);
// Sets the Retry-After header of `r` to `seconds` (replacing one the error carried).
void set_retry_after(Response& r, std::int64_t seconds);

}  // namespace corrchess::api
