// Leave periods in PostgreSQL (rules.md §4.5): whole days in the server zone, per player and
// event (event_id NULL: games outside events). Ordinary leave is approved when entered;
// special leave waits for a director's decision. Plain structs in and out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/leave.h"
#include "core/game/time.h"
#include "model/leave.h"

namespace corrchess::db {

// The records of model/leave.h under their db/ names.
using model::StoredLeave;

// The one reader of a stored period, whether its columns come as a row (the queries here)
// or inside a game's row (load_game): dates as 'YYYY-MM-DD', the reason (NULL: none) and
// ended_at in epoch seconds. kInternal when a date does not read.
Result<game::LeavePeriod> leave_period_of(const std::string& start_date,
                                          const std::string& end_date, bool special,
                                          std::optional<std::string> reason,
                                          std::optional<std::int64_t> ended_at);

// Inserts a period with the given status; returns its id.
std::int64_t insert_leave(pqxx::work& tx, std::int64_t user_id,
                          std::optional<std::int64_t> event_id, const game::LeavePeriod& period,
                          const std::string& status, game::Timestamp now);
// kNotFound when there is no such period; `lock` takes the row lock.
Result<StoredLeave> load_leave(pqxx::work& tx, std::int64_t id, bool lock);
// Every period of a user, by event then start date.
std::vector<StoredLeave> user_leave(pqxx::work& tx, std::int64_t user_id);
// Pending special leave requests (for directors), oldest first.
std::vector<StoredLeave> pending_special_leave(pqxx::work& tx);
// The user's periods in one event (NULL: outside events) with one of `statuses`.
std::vector<game::LeavePeriod> leave_periods_of(pqxx::work& tx, std::int64_t user_id,
                                                std::optional<std::int64_t> event_id,
                                                const std::vector<std::string>& statuses);
// Records a director's decision on a pending request.
void decide_leave(pqxx::work& tx, std::int64_t id, const std::string& status,
                  std::int64_t director_id, const std::optional<std::string>& reason,
                  game::Timestamp now);
// Cancels a period that has not started.
void cancel_leave(pqxx::work& tx, std::int64_t id);
// Cancels every approved period and pending request of event `event_id` (an event cancelled
// before its start: none of them can stop a clock); returns how many.
int cancel_event_leave(pqxx::work& tx, std::int64_t event_id);
// Ends a running period early: stores the new last day and the instant it ended.
void end_leave(pqxx::work& tx, std::int64_t id, const game::LeavePeriod& ended);

// Queues the live message {type: "leave", game_id, at, user, leave_id, start_date, end_date,
// special, status: `change`} about `leave` in game `game_id` for `users` (db::notify_game).
void notify_leave_change(pqxx::work& tx, std::int64_t game_id,
                         const std::vector<std::int64_t>& users, const StoredLeave& leave,
                         const std::string& change, game::Timestamp now);

}  // namespace corrchess::db
