// Series routes (rules.md 6.8, docs/api.md "Series"): the HTTP adapter over the series use
// cases of app/series.h. The request bodies are in api/series_requests.h.
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// GET /api/v1/series, /series/{id}, /me/series; POST, DELETE /api/v1/series/{id}/join;
// POST /api/v1/admin/series, /admin/series/{id}/{pause,open},
// /admin/series/{id}/entries/{entry}/remove. `router` and `deps` must outlive the
// registration.
void add_series_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
