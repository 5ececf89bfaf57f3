// The OpenAPI 3.1 document served at GET /api/v1/openapi.json, built from one table of
// documented routes (api/openapi.cpp). Unit tests compare the table with the routes the
// service registers, so a route added without documenting it (or documented but never
// registered) fails the build's tests: adding a route means adding one entry to the table.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/pipeline.h"
#include "api/router.h"

namespace corrchess::api {

struct FieldDoc {
  std::string name;
  std::string type;  // "string", "integer", "boolean", "object", "string[]", "string[][]"
  bool required = false;
  std::string description;
};

struct RouteDoc {
  std::string method;
  std::string path;  // exactly as registered: "/api/v1/games/{id}"
  Access access = Access::kUser;
  std::string summary;
  std::vector<FieldDoc> body;   // request body fields (empty: no body)
  nlohmann::json example;       // an example request body (null: none)
  int status = 200;             // the success status
  std::string response;         // what the success answer holds
  std::string schema;           // component schema of the success answer ("" when none)
  std::vector<FieldDoc> query;  // query parameters
  std::string content_type = "application/json";  // of the success answer
  bool manual_clock_only = false;                 // registered only with CORRCHESS_CLOCK=manual
  // A live connection the server layer takes over before routing: a WebSocket upgrade
  // (x-websocket) or a streamed response (x-stream); the router may or may not hold a
  // plain-HTTP route for the same path.
  bool websocket = false;
  bool stream = false;
  bool before_routing() const { return websocket || stream; }
  // SOAP (x-soap): the credentials travel in the XML body and answers are SOAP envelopes,
  // faults with status 500 (the Xfcc service, docs/api.md "Xfcc").
  bool soap = false;
};

// Every documented route, in document order.
const std::vector<RouteDoc>& documented_routes();

// The OpenAPI document. Routes flagged manual_clock_only appear only when `registered`
// (the router's routes) holds them; every other documented route always appears.
nlohmann::json openapi_document(const std::vector<std::pair<std::string, std::string>>& registered);

// GET /api/v1/openapi.json (no auth), describing the routes of `router` at request time.
// `router` must outlive the registration.
void add_openapi_routes(Router& router);

}  // namespace corrchess::api
