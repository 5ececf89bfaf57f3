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

namespace corrchess::db {

struct StoredGame {
  std::int64_t id = 0;
  std::optional<std::int64_t> event_id;
  User white;
  User black;
  game::GameFacts facts;
  std::optional<game::PendingMove> pending;
  std::array<std::vector<game::ConditionalLine>, 2> conditional;  // UCI lines, by colour
  std::array<std::vector<game::LeavePeriod>, 2> leave;            // approved periods, by colour
  int version = 0;
};

// Inserts a new game and its cached state; returns the id.
std::int64_t insert_game(pqxx::work& tx, std::int64_t white_id, std::int64_t black_id,
                         std::optional<std::int64_t> event_id, const game::GameSetup& setup,
                         const game::GameState& state);

// Loads every fact of a game; `lock` takes the row lock (SELECT ... FOR UPDATE) that
// serialises state changes. kNotFound when there is no such game.
Result<StoredGame> load_game(pqxx::work& tx, std::int64_t id, bool lock);

// Appends accepted moves (with their clock records from `state`) and events (numbered
// after the `existing_events` already stored).
void append_facts(pqxx::work& tx, std::int64_t id, const std::vector<game::MoveFact>& moves,
                  const std::vector<game::GameEvent>& events, std::size_t existing_events,
                  const game::GameState& state);

// Rewrites the cached columns from a replayed state and bumps the version.
void update_cache(pqxx::work& tx, std::int64_t id, const game::GameState& state);

void save_pending(pqxx::work& tx, std::int64_t id, const game::PendingMove& pending);
void delete_pending(pqxx::work& tx, std::int64_t id);
void save_conditional(pqxx::work& tx, std::int64_t id, game::Color side,
                      const std::vector<game::ConditionalLine>& lines, game::Timestamp at);

// Claims up to `limit` live games whose next deadline is at or before `now`, locking them
// with FOR UPDATE SKIP LOCKED so concurrent schedulers never take the same game.
std::vector<std::int64_t> claim_due_games(pqxx::work& tx, game::Timestamp now, int limit);
// The earliest pending deadline of any live game (for the scheduler's timer).
std::optional<game::Timestamp> next_deadline(pqxx::work& tx);

// Queues a notification (delivered at commit) on the corrchess_events channel.
void notify_event(pqxx::work& tx, const std::string& payload);
// Queues live messages about a game for the given users (and anyone watching the game):
// payload {"game_id", "users": [ids], "messages": [...]} on the corrchess_events channel.
// Every server instance LISTENs and forwards the messages to its WebSocket clients.
void notify_game(pqxx::work& tx, std::int64_t game_id, const std::vector<std::int64_t>& users,
                 const nlohmann::json& messages);
inline constexpr const char* kEventsChannel = "corrchess_events";

struct GameSummary {
  std::int64_t id = 0;
  std::string white;
  std::string black;
  std::string status;
  std::string to_move;
  std::optional<game::Timestamp> deadline;
  std::optional<std::string> result;
};
// The user's games, newest first; status "active", "finished" or "all".
std::vector<GameSummary> list_games(pqxx::work& tx, std::int64_t user_id, const std::string& status,
                                    bool to_move_only);

}  // namespace corrchess::db
