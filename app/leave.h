// Leave use cases (rules.md §4.5, docs/api.md "Leave"), transport-neutral: players enter
// leave for future whole days per event (or for their games outside events) within the
// event's yearly allowance, ask a director for special leave beyond it, and cancel days not
// yet started (a running period is ended today, so the player can move again). Every change
// that affects running games refreshes their cached deadlines, queues a `leave` live message
// to both players and the opponent's notification. Each call is one transaction; a refused
// one changes nothing. The HTTP adapter is api/leave.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/games.h"
#include "core/error.h"
#include "core/game/leave.h"
#include "model/leave.h"
#include "model/users.h"

namespace corrchess::app {

// Allowance for leave in games outside events (days per calendar year).
inline constexpr int kDefaultLeaveDaysPerYear = 45;

// A period asked for in one event (none: games outside events). `period.special` (with its
// `reason`) asks a director for special leave; otherwise the period is approved at once.
struct LeaveRequest {
  std::optional<std::int64_t> event_id;
  game::LeavePeriod period;
};

// Enters `user`'s leave. kValidationError for an event that does not exist,
// kLeaveNotAllowed when `user` does not play in it, and the errors of
// game::validate_leave_request (overlaps count pending requests too). Returns the period
// as stored ("approved", or "pending" for special leave).
Result<model::StoredLeave> enter_leave(GameDeps& deps, const model::User& user,
                                       const LeaveRequest& request);

// Cancels `user`'s period `id`: a pending request is withdrawn, an approved period not yet
// begun is cancelled, a running one ends today. kNotFound unless it is `user`'s; kConflict
// when it is neither pending nor approved, or is over.
Result<void> cancel_leave(GameDeps& deps, const model::User& user, std::int64_t id);

// A director approves or rejects the pending special leave request `id` (audited; only the
// taker is told of a rejection). kForbidden unless `director` is one; kConflict when the
// request is not pending, or for an approval once its first day has begun.
Result<model::StoredLeave> decide_special_leave(GameDeps& deps, const model::User& director,
                                                std::int64_t id, bool approve,
                                                const std::optional<std::string>& reason);

// The leave balance of one context (event, or none: games outside events) and year.
struct LeaveBalance {
  std::optional<std::int64_t> event_id;
  int year = 0;
  int allowance_days = 0;
  int used_days = 0;
  int special_days = 0;
  int remaining_days = 0;
};

// `user`'s balances per event (and outside events) for this year, next year and any year a
// period touches, by context then year.
Result<std::vector<LeaveBalance>> leave_balances(GameDeps& deps, const model::User& user);

// Every period of `user` and their balances, read in one transaction.
struct LeaveOverview {
  std::vector<model::StoredLeave> periods;
  std::vector<LeaveBalance> balances;
};
Result<LeaveOverview> my_leave(GameDeps& deps, const model::User& user);

// The special leave requests waiting for a decision, oldest first; kForbidden unless
// `director` is one.
Result<std::vector<model::StoredLeave>> pending_special_leave(GameDeps& deps,
                                                              const model::User& director);

}  // namespace corrchess::app
