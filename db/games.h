// Games in PostgreSQL: setup, append-only moves and events, the private pending move and
// conditional lines, and the cached state used for listings and the flag-fall queue.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/facts.h"

#include "core/game/conditional.h"
#include "core/game/game.h"
#include "core/game/leave.h"
#include "db/users.h"
#include "model/games.h"

namespace corrchess::db {

// The records of model/games.h under their db/ names.
using model::CachedColumns;
using model::FactsRead;
using model::StoredGame;

// Inserts a new game and its cached state; returns the id.
std::int64_t insert_game(pqxx::work& tx, std::int64_t white_id, std::int64_t black_id,
                         std::optional<std::int64_t> event_id, const game::GameSetup& setup,
                         const game::GameState& state);

// What locking a game reads: its revision, and the instant its event's end date stops play
// (none outside an event, without an end date, or under a time control that does not
// adjudicate at the end date: rules.md §5.4).
struct GameLock {
  std::int64_t revision = 0;
  std::optional<game::Timestamp> end_of_play;
};

// Takes the row lock of game `id` (SELECT ... FOR UPDATE, which serialises state changes) and
// reads its GameLock in the same statement; nullopt when there is no such game.
std::optional<GameLock> lock_game(pqxx::work& tx, std::int64_t id);

// Loads every fact of a game; `lock` takes the row lock (SELECT ... FOR UPDATE) that
// serialises state changes. kNotFound when there is no such game. With kFromSnapshot the
// moves up to the game's snapshot window (update_cache) come from the row's move log, so the
// read does not grow with the game; kInternal when the log does not hold them (read every
// move instead).
Result<StoredGame> load_game(pqxx::work& tx, std::int64_t id, bool lock,
                             FactsRead read = FactsRead::kAll);

// Appends accepted moves (with their clock records from `state`) and events (numbered
// after the `existing_events` already stored). update_cache then logs the moves.
void append_facts(pqxx::work& tx, std::int64_t id, const std::vector<game::MoveFact>& moves,
                  const std::vector<game::GameEvent>& events, std::size_t existing_events,
                  const game::GameState& state);

// Rewrites the cached columns from a replayed state and the snapshot: its window (the
// game's Game::snapshot_window(); ply 0: the next snapshot read reads every move) and the
// move log, which gets the entries of `appended` (the moves append_facts just stored). Bumps
// the version; returns the new revision. Refuses (throws std::logic_error, nothing written) a state
// that shows a flag fall not stored as a fact (flag_fall_pending): store the fact
// (game::decide_flag_fall) with the change instead.
std::int64_t update_cache(pqxx::work& tx, std::int64_t id, const game::GameState& state,
                          const game::ReplayWindow& window = {},
                          const std::vector<game::MoveFact>& appended = {});

// Stores the outcome of a change: appends `moves` and `events` (append_facts), clears the
// pending move when a move was appended, and rewrites the cached columns, the snapshot window
// and the move log (update_cache). The common change, one move and no event (an accept),
// runs as one statement; anything else as those steps in turn. Refuses a flag fall not
// stored as a fact as update_cache does, before anything is written. Returns the new
// revision.
std::int64_t store_change(pqxx::work& tx, std::int64_t id, const std::vector<game::MoveFact>& moves,
                          const std::vector<game::GameEvent>& events, std::size_t existing_events,
                          const game::GameState& state, const game::ReplayWindow& window);

// The columns update_cache would write for `state` (`start_at`: the game's start instant).
CachedColumns cached_columns(const game::GameState& state, game::Timestamp start_at);
// The cached columns as stored; nullopt when there is no such game.
std::optional<CachedColumns> load_cached_columns(pqxx::work& tx, std::int64_t id);
// Up to `limit` game ids greater than `after`, ascending (to walk every game in pages).
std::vector<std::int64_t> game_ids_after(pqxx::work& tx, std::int64_t after, int limit);

// Whether there is a game with this id.
bool game_exists(pqxx::work& tx, std::int64_t id);
// Whether the game is over (finished or annulled) as its cached state says; false when
// there is no such game.
bool game_is_over(pqxx::work& tx, std::int64_t id);

// The private pending move and conditional lines of game `id` (a tick of "use 40+ days" on
// the pending move also sticks to its ply). Each bumps the revision and returns the new one.
std::int64_t save_pending(pqxx::work& tx, std::int64_t id, const game::PendingMove& pending);
std::int64_t delete_pending(pqxx::work& tx, std::int64_t id);
std::int64_t save_conditional(pqxx::work& tx, std::int64_t id, game::Color side,
                              const std::vector<game::ConditionalLine>& lines, game::Timestamp at);

// Gives the `side` of a game to another player (a director's replacement).
void set_player(pqxx::work& tx, std::int64_t game_id, game::Color side, std::int64_t user_id);
}  // namespace corrchess::db
