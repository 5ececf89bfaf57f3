// Leave endpoints (rules.md §4.5, api.md "Leave"): the HTTP adapter over the leave use cases
// of app/leave.h. Handlers decode the request, call one use case and render its result.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "api/games.h"
#include "api/router.h"
#include "app/leave.h"

namespace corrchess::api {

// GET, POST /api/v1/me/leave; DELETE /api/v1/me/leave/{id}; POST /api/v1/me/leave/special;
// GET /api/v1/admin/leave; POST /api/v1/admin/leave/{id}/approve, /reject. `router` and
// `deps` must outlive the registration.
void add_leave_routes(Router& router, GameServiceDeps& deps);

// The leave balances as GET /me and GET /me/leave show them: [{event_id, year,
// allowance_days, used_days, special_days, remaining_days}] (event_id null: games outside
// events).
nlohmann::json leave_balances_json(const std::vector<app::LeaveBalance>& balances);

}  // namespace corrchess::api
