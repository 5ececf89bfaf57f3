// GET /api/v1/admin/adjudications (docs/api.md "/admin"): the directors' queue of event
// games awaiting adjudication across all events, with the players, the claims and their
// analyses, and how long each game has waited. Deciding goes through
// POST /api/v1/admin/games/{id}/result.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_adjudication_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
