// What a route entry says about itself: who may call it and its documentation. The OpenAPI
// document (api/openapi.h) is generated from these records as the routes register them, so a
// route is documented where it is registered and nowhere else.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace corrchess::api {

// Who may call a route (the OpenAPI document's `x-auth`):
//   none      anyone, no token
//   user      any signed-in user
//   player    a signed-in user who plays in the game named by the path (app/ decides; else 403)
//   director  a td or admin (else 403)
//   admin     an admin only (else 403)
enum class Access { kNone, kUser, kPlayer, kDirector, kAdmin };
std::string_view to_string(Access access);

// A body field or query parameter of a route.
struct FieldDoc {
  std::string name;
  std::string type;  // "string", "integer", "boolean", "object", "string[]", "string[][]"
  bool required = false;
  std::string description;
};

// The documentation of a route, built as
//   Doc("A game", 200, "the game", "Game").in(fields, example).q(params).as("text/html")
// The success answer: `status`, what it holds (`response`) and, when it has one, the component
// schema of its body (`schema`, e.g. "Game").
struct Doc {
  std::string tag;              // the OpenAPI tag (the route's group); "": the registration's
  std::string summary;          // one line
  std::vector<FieldDoc> body;   // request body fields (empty: no body)
  nlohmann::json example;       // an example request body (null: none)
  int status = 200;             // the success status
  std::string response;         // what the success answer holds
  std::string schema;           // component schema of the success answer ("" when none)
  std::vector<FieldDoc> query;  // query parameters
  std::string content_type = "application/json";  // of the success answer
  // A live connection the server layer takes over before routing: a WebSocket upgrade
  // (x-websocket) or a streamed response (x-stream).
  bool websocket = false;
  bool stream = false;
  // SOAP (x-soap): the credentials travel in the XML body and answers are SOAP envelopes,
  // faults with status 500 (the Xfcc service, docs/api.md "Xfcc").
  bool soap = false;
  // The route hashes or checks a password (Argon2id) under the bound on concurrent hashes
  // (CORRCHESS_MAX_CONCURRENT_HASHES, app/credentials.h), so it may answer 503 unavailable
  // with Retry-After when that bound is full (the document lists that answer).
  bool hashes_password = false;
  // The handler reads the request body itself, in a form the fields above do not describe (a
  // mail client's one-click post, a form or JSON): the pipeline leaves it alone. A route with
  // neither this, nor body fields, nor SOAP takes no body: only an empty one or a JSON object,
  // which is ignored (anything else is 415 or 400, docs/api.md "Conventions").
  bool reads_own_body = false;

  Doc() = default;
  Doc(std::string summary_text, int success_status, std::string response_text,
      std::string response_schema = "");

  // The JSON body: its fields and an example naming every required one (a unit test checks).
  Doc&& in(std::vector<FieldDoc> fields, nlohmann::json example_body) &&;
  // The query parameters.
  Doc&& q(std::vector<FieldDoc> params) &&;
  // The media type of the success answer (default application/json).
  Doc&& as(std::string type) &&;
  // An HTML page behind a mailed link: the required query parameter `token` (described by
  // `token_description`) and the media type text/html.
  Doc&& mailed_link_page(std::string token_description) &&;
  // The group of the route, instead of the one of its registration (Routes' tag).
  Doc&& tagged(std::string name) &&;
  // Marks a WebSocket upgrade, a streamed answer, a SOAP route (the flags above).
  Doc&& ws() &&;
  Doc&& streamed() &&;
  Doc&& soap_route() &&;
  // Marks a route that hashes or checks a password (hashes_password above).
  Doc&& hashing_password() &&;
  // Marks a route whose handler reads the body itself (reads_own_body above).
  Doc&& reading_own_body() &&;

  bool before_routing() const { return websocket || stream; }
};

// A registered route as the document describes it.
struct RouteDoc : Doc {
  std::string method;
  std::string path;  // exactly as registered: "/api/v1/games/{id}"
  Access access = Access::kNone;
};

}  // namespace corrchess::api
