#include "db/event_messages.h"

#include <nlohmann/json.hpp>

#include "db/live_events.h"

namespace corrchess::db {

void notify_player_replaced(pqxx::work& tx, const std::vector<std::int64_t>& users,
                            const PlayerReplaced& change, game::Timestamp now) {
  const nlohmann::json message = {{"type", "player_replaced"},
                                  {"game_id", std::to_string(change.game_id)},
                                  {"at", game::format_rfc3339(now)},
                                  {"event_id", std::to_string(change.event_id)},
                                  {"side", game::color_name(change.side)},
                                  {"player", change.player},
                                  {"replacement", change.replacement},
                                  {"reason", change.reason}};
  notify_game(tx, change.game_id, users, nlohmann::json::array({message}));
}

void notify_series(pqxx::work& tx, const std::vector<std::int64_t>& users, const SeriesMessage& m,
                   game::Timestamp now) {
  nlohmann::json message = {{"type", m.type},
                            {"at", game::format_rfc3339(now)},
                            {"series_id", std::to_string(m.series_id)},
                            {"series_name", m.series_name}};
  if (m.entry_id) message["entry_id"] = std::to_string(*m.entry_id);
  if (m.event_id) message["event_id"] = std::to_string(*m.event_id);
  if (m.section) message["section"] = *m.section;
  if (m.place) message["place"] = *m.place;
  if (m.expires_at) message["expires_at"] = game::format_rfc3339(*m.expires_at);
  if (m.reason) message["reason"] = *m.reason;
  notify_users(tx, users, nlohmann::json::array({message}));
}

void notify_qualified(pqxx::work& tx, std::int64_t user, const QualifiedMessage& m,
                      game::Timestamp now) {
  const nlohmann::json message = {{"type", "championship_qualified"},
                                  {"at", game::format_rfc3339(now)},
                                  {"championship_id", std::to_string(m.championship_id)},
                                  {"championship_name", m.championship_name},
                                  {"stage", m.stage},
                                  {"stage_name", m.stage_name},
                                  {"place", m.place},
                                  {"runner_up", m.runner_up}};
  notify_users(tx, {user}, nlohmann::json::array({message}));
}

void notify_event_news(pqxx::work& tx, const std::vector<std::int64_t>& users,
                       const EventNews& news, game::Timestamp now) {
  nlohmann::json message = {{"type", news.type},
                            {"at", game::format_rfc3339(now)},
                            {"event_id", std::to_string(news.event_id)},
                            {"event_name", news.event_name},
                            {"reason", news.reason}};
  if (news.type == "event_dates_changed") {
    message["start_at"] = game::format_rfc3339(news.start_at);
    message["end_at"] =
        news.end_at ? nlohmann::json(game::format_rfc3339(*news.end_at)) : nlohmann::json(nullptr);
  }
  notify_users(tx, users, nlohmann::json::array({message}));
}

}  // namespace corrchess::db
