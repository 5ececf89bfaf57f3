// Live messages about changes to an event's players and to series entries (api.md "Live events"),
// encoded here because they are stored with the user's other messages (db::notify_game).
#pragma once

#include <cstdint>
#include <optional>
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

// A change of a series entry or section for its player (docs/api.md "Series"): `type` is
// "series_section_started" (with event_id and section), "series_entry_expired",
// "series_entry_removed" (with reason) or "promotion_credit" (with event_id, place and
// expires_at).
struct SeriesMessage {
  std::string type;
  std::int64_t series_id = 0;
  std::string series_name;
  std::optional<std::int64_t> entry_id;
  std::optional<std::int64_t> event_id;
  std::optional<int> section;
  std::optional<int> place;
  std::optional<game::Timestamp> expires_at;
  std::optional<std::string> reason;
};
// Queues {type, at, series_id, series_name, ...the members set} for `users`
// (db::notify_users).
void notify_series(pqxx::work& tx, const std::vector<std::int64_t>& users,
                   const SeriesMessage& message, game::Timestamp now);

// A player qualified from a stage of a championship (docs/api.md "Championships").
struct QualifiedMessage {
  std::int64_t championship_id = 0;
  std::string championship_name;
  int stage = 0;
  std::string stage_name;
  int place = 0;
  bool runner_up = false;
};
// Queues {type: "championship_qualified", at, championship_id, championship_name, stage,
// stage_name, place, runner_up} for `user` (db::notify_users).
void notify_qualified(pqxx::work& tx, std::int64_t user, const QualifiedMessage& message,
                      game::Timestamp now);

}  // namespace corrchess::db
