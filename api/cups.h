// Cup routes (rules.md 6.10, docs/api.md "Cups"): the HTTP adapter over app/cups.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// GET /api/v1/cups, /cups/{id}; POST /api/v1/admin/cups. `router` and `deps` must outlive the
// registration.
void add_cup_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
