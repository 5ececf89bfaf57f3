// Live messages about changes to an event's players (api.md "Live events"), encoded here
// because they are stored with the user's other messages (db::notify_game).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/facts.h"

namespace corrchess::db {

// A player of event `event_id` gave their seat in game `game_id` (side `side`) to a
// replacement.
struct PlayerReplaced {
  std::int64_t game_id = 0;
  std::int64_t event_id = 0;
  game::Color side = game::Color::kWhite;
  std::string player;       // username
  std::string replacement;  // username
  std::string reason;
};

// Queues {type: "player_replaced", game_id, at, event_id, side, player, replacement, reason}
// for `users` (db::notify_game).
void notify_player_replaced(pqxx::work& tx, const std::vector<std::int64_t>& users,
                            const PlayerReplaced& change, game::Timestamp now);

}  // namespace corrchess::db
