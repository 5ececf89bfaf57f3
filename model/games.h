// The records of db/games.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/conditional.h"
#include "core/game/facts.h"
#include "core/game/game.h"
#include "core/game/leave.h"
#include "model/users.h"

namespace corrchess::model {

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
  // Changes whenever anything above changes in the database (migrations/0018): what a copy
  // of the game kept in memory is checked against (app/game_cache.h).
  std::int64_t revision = 0;
  // "Use 40+ days" was ticked for the move in progress, which will have this ply; the tick
  // sticks to that move even when the pending move is withdrawn or replaced (rules.md 3.6).
  std::optional<int> use_40_plus_days_ply;

  // Whether the move in progress (ply facts.moves.size() + 1) has "use 40+ days" ticked,
  // on the pending move or earlier.
  bool running_use_40_plus_days() const;

  bool operator==(const StoredGame&) const = default;
};

// How load_game reads a game's moves.
enum class FactsRead {
  kAll,           // every move whole
  kFromSnapshot,  // up to the snapshot's window only their instants and flags (facts.window)
};

// The cached columns of a game row (what update_cache writes from a replayed state).
// Instants are epoch seconds; next_deadline of a game not started yet is its start.
struct CachedColumns {
  std::string status;
  std::optional<std::string> result;
  std::optional<std::string> termination;
  std::optional<std::int64_t> finished_at;
  std::string fen;
  int ply = 0;
  std::string to_move;
  std::optional<std::int64_t> next_deadline;
  std::optional<std::string> draw_offer_by;
  bool operator==(const CachedColumns&) const = default;
};

}  // namespace corrchess::model
