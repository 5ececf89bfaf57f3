// Block list endpoints (docs/api.md "Blocking a player"), the HTTP adapter over app/blocks.h:
// GET /api/v1/me/blocks, PUT and DELETE /api/v1/me/blocks/{username}.
#pragma once

#include "api/router.h"
#include "app/blocks.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_block_routes(Router& router, app::BlockDeps& deps);

}  // namespace corrchess::api
