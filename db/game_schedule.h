// The scheduler's queries on games: which games are due (a clock's deadline, a start, an
// event's end date), claimed or locked for a decision, and the next instant anything is due.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/game_schedule.h"

namespace corrchess::db {

// The records of model/game_schedule.h under their db/ names.
using model::GameScope;

// The user's live (not started or ongoing) games in `event_id` (none: outside events), by id.
std::vector<std::int64_t> live_games_of(pqxx::work& tx, std::int64_t user_id,
                                        std::optional<std::int64_t> event_id);
// How many games are not started yet or in play.
std::int64_t count_live_games(pqxx::work& tx);

// Claims up to `limit` live games whose next deadline is at or before `now`, locking them
// with FOR UPDATE SKIP LOCKED so concurrent schedulers never take the same game.
std::vector<std::int64_t> claim_due_games(pqxx::work& tx, game::Timestamp now, int limit);
// The live games in `scope` whose decision is due at `now` (as claim_due_games), locked in id
// order. Unlike the sweep it waits for a game another transaction holds, and skips it once
// that transaction decided it.
std::vector<std::int64_t> lock_due_games(pqxx::work& tx, game::Timestamp now,
                                         const GameScope& scope);
// The earliest pending deadline of any live game (for the scheduler's timer).
std::optional<game::Timestamp> next_deadline(pqxx::work& tx);

}  // namespace corrchess::db
