// Leave endpoints (rules.md §4.5, api.md "Leave"): players enter leave for future whole days
// per event (or for their games outside events), within the event's yearly allowance; ask the
// director for special leave beyond it; cancel days not yet started (a running period is
// ended today, so the player can move again). Every change that affects running games
// refreshes their cached deadlines and pushes a `leave` message to both players.
#pragma once

#include <nlohmann/json.hpp>

#include "api/games.h"
#include "api/router.h"

namespace corrchess::api {

// Allowance for leave in games outside events (days per calendar year).
inline constexpr int kDefaultLeaveDaysPerYear = 45;

// GET, POST /api/v1/me/leave; DELETE /api/v1/me/leave/{id}; POST /api/v1/me/leave/special;
// GET /api/v1/admin/leave; POST /api/v1/admin/leave/{id}/approve, /reject. `router` and
// `deps` must outlive the registration.
void add_leave_routes(Router& router, GameServiceDeps& deps);

// The leave balances of `user` per event (null: games outside events) and calendar year:
// [{event_id, year, allowance_days, used_days, special_days, remaining_days}] for this year,
// next year and any year a period touches (GET /me and GET /me/leave).
Result<nlohmann::json> leave_balances(GameServiceDeps& deps, const db::User& user);

}  // namespace corrchess::api
