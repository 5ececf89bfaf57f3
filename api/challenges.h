// Challenge endpoints (docs/api.md "Challenges"), the HTTP adapter over app/challenges.h:
// POST/GET /api/v1/challenges, GET /api/v1/challenges/{id}, POST .../{id}/accept,
// .../{id}/decline, .../{id}/cancel, and POST /api/v1/games/{id}/rematch.
#pragma once

#include "api/games.h"
#include "api/router.h"
#include "app/challenges.h"

namespace corrchess::api {

// `router`, `challenges` and `games` (for rendering the game an acceptance creates) must
// outlive the registration.
void add_challenge_routes(Router& router, app::ChallengeDeps& challenges, GameServiceDeps& games);

}  // namespace corrchess::api
