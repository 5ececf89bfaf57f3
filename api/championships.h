// Championship routes (rules.md 6.9, docs/api.md "Championships"): the HTTP adapter over
// app/championships.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// GET /api/v1/championships, /championships/{id}; POST /api/v1/admin/championships,
// /admin/championships/{id}/next-stage. `router` and `deps` must outlive the registration.
void add_championship_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
