// Player endpoints (docs/api.md "Players"), the HTTP adapter over app/profiles.h:
// GET /api/v1/users?prefix=, GET /api/v1/users/{username}, PATCH /api/v1/me.
#pragma once

#include "api/router.h"
#include "app/profiles.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_profile_routes(Router& router, app::ProfileDeps& deps);

}  // namespace corrchess::api
