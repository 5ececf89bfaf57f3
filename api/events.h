// Event routes (rules.md §5, api.md "Events" and "/admin"): the HTTP adapter over the event
// use cases of app/events.h and app/event_workflows.h. The request bodies are in
// api/event_requests.h, the JSON views in api/event_views.h.
#pragma once

#include "api/event_views.h"
#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// POST /api/v1/admin/events, /admin/events/{id}/{players,start,withdraw,replace};
// GET /api/v1/events, /events/{id}, /events/{id}/crosstable, /events/{id}/pgn;
// POST, DELETE /api/v1/events/{id}/join; POST /api/v1/events/{id}/adjudication-claims.
// `router` and `deps` must outlive the registration.
void add_event_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
