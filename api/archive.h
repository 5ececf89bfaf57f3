// The archive's route (docs/api.md "Archive"), the HTTP adapter over app/archive.h:
// GET /api/v1/users/{username}/games streams every game of the player the caller may see as
// PGN or ndjson (Accept), in HTTP/1.1 chunks as the pages are read (api::BodyProducer).
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_archive_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
