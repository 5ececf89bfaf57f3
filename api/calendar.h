// The deadline calendar's routes (docs/api.md "Calendar"), the HTTP adapter over
// app/calendar.h: POST, GET and DELETE /api/v1/me/calendar (create or rotate, look at and
// revoke one's private address) and GET /api/v1/calendar/{token}.ics (the iCalendar feed,
// reached by its secret address alone).
#pragma once

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// `router` and `deps` must outlive the registration.
void add_calendar_routes(Router& router, GameServiceDeps& deps);

}  // namespace corrchess::api
