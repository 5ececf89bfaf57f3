// The competition starter's routes (docs/api.md "Series", rules.md 6.8-6.12): a director's run
// now, and the items that failed and wait to be tried again. The HTTP adapter over
// app/competitions.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// POST /api/v1/admin/competitions/run, GET /api/v1/admin/competitions/failures. `router` and
// `deps` must outlive the registration.
void add_competition_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
