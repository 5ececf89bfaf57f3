// Live messages about changes to an event's players and to series entries (api.md "Live events"),
// encoded here because they are stored with the user's other messages (db::notify_game).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/facts.h"
#include "model/event_messages.h"

namespace corrchess::db {

// The records of model/event_messages.h under their db/ names.
using model::EventNews;
using model::PlayerReplaced;
using model::QualifiedMessage;
using model::SeriesMessage;

// Queues {type: "player_replaced", game_id, at, event_id, side, player, replacement, reason}
// for `users` (db::notify_game).
void notify_player_replaced(pqxx::work& tx, const std::vector<std::int64_t>& users,
                            const PlayerReplaced& change, game::Timestamp now);

// Queues {type, at, series_id, series_name, ...the members set} for `users`
// (db::notify_users).
void notify_series(pqxx::work& tx, const std::vector<std::int64_t>& users,
                   const SeriesMessage& message, game::Timestamp now);

// Queues {type: "championship_qualified", at, championship_id, championship_name, stage,
// stage_name, place, runner_up} for `user` (db::notify_users).
void notify_qualified(pqxx::work& tx, std::int64_t user, const QualifiedMessage& message,
                      game::Timestamp now);

// Queues {type, at, event_id, event_name, reason} for "event_cancelled", and with start_at
// and end_at (null: none) for "event_dates_changed", for `users` (db::notify_users).
void notify_event_news(pqxx::work& tx, const std::vector<std::int64_t>& users,
                       const EventNews& news, game::Timestamp now);

}  // namespace corrchess::db
