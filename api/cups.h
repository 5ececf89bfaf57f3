// Cup routes (rules.md 6.10, docs/api.md "Cups") and the competition starter's route: the
// HTTP adapter over app/cups.h and app/competitions.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// GET /api/v1/cups, /cups/{id}; POST /api/v1/admin/cups, /admin/competitions/run. `router`
// and `deps` must outlive the registration.
void add_cup_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
