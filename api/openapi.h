// The OpenAPI 3.1 document served at GET /api/v1/openapi.json, generated from the route
// entries as they register (each carries its documentation, api/route_doc.h): a route is
// documented where it is registered, so adding a route touches one place. Unit tests check
// that every registered route is documented completely.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "api/route_doc.h"
#include "api/router.h"

namespace corrchess::api {

// Every documented route of `router`: the registered ones, then those the server layer answers
// before routing (WebSocket upgrades, streams), in registration order.
std::vector<RouteDoc> documented_routes(const Router& router);

// The OpenAPI document of the routes of `router` (at the time of the call).
nlohmann::json openapi_document(const Router& router);

// GET /api/v1/openapi.json (no auth), describing the routes of `router` at request time.
// `router` must outlive the registration.
void add_openapi_routes(Router& router);

}  // namespace corrchess::api
