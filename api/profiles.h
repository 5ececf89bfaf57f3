// Player endpoints (docs/api.md "Players"), the HTTP adapter over app/profiles.h:
// GET /api/v1/users?prefix=, GET /api/v1/users/{username}, PATCH /api/v1/me.
#pragma once

#include <nlohmann/json.hpp>

#include "api/router.h"
#include "app/profiles.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_profile_routes(Router& router, app::ProfileDeps& deps);

// The private settings of GET /me and PATCH /me: {email, country, time_zone, language}.
nlohmann::json settings_json(const model::User& user, const model::ProfileSettings& settings);

}  // namespace corrchess::api
