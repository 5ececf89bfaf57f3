// Tournament directors' actions on single games (result, annul, clock, suspend, resume),
// each an app/games use case recorded in audit_log in the same transaction; the
// audit log listing; and the board picture of a game.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// POST /api/v1/admin/games/{id}/{result,annul,clock,suspend,resume}, GET /api/v1/admin/audit
// (td or admin), then the board route and GET /api/v1/openapi.json. `router` and `deps`
// must outlive the registration.
void add_admin_routes(Router& router, GameServiceDeps& deps);

// GET /api/v1/games/{id}/board.svg?orientation=white|black&flip=1 (signed-in users, like
// GET /api/v1/games/{id}).
void add_board_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
