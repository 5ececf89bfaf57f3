// Team routes (rules.md 6.11, docs/api.md "Teams"): teams, their captains and members, team
// matches and Olympiads; the HTTP adapter over app/teams.h, app/team_matches.h and
// app/olympiads.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// /api/v1/teams... (api/teams.cpp). `router` and `deps` must outlive the registration.
void add_team_routes(Router& router, GameServiceDeps& deps);
// /api/v1/team-matches... and /api/v1/olympiads... (api/team_matches.cpp).
void add_team_match_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
