#include "db/calendar_feeds.h"

namespace corrchess::db {

void store_calendar_feed(pqxx::work& tx, std::int64_t user_id, const std::string& token_hash,
                         game::Timestamp at) {
  tx.exec_params(
      "INSERT INTO calendar_feeds (user_id, token_hash, created_at) "
      "VALUES ($1, decode($2, 'hex'), to_timestamp($3)) ON CONFLICT (user_id) DO UPDATE SET "
      "token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at",
      user_id, token_hash, at.unix_seconds());
}

bool delete_calendar_feed(pqxx::work& tx, std::int64_t user_id) {
  return !tx.exec_params("DELETE FROM calendar_feeds WHERE user_id = $1 RETURNING user_id", user_id)
              .empty();
}

std::optional<std::int64_t> calendar_feed_owner(pqxx::work& tx, const std::string& token_hash) {
  const auto r = tx.exec_params(
      "SELECT user_id FROM calendar_feeds WHERE token_hash = decode($1, 'hex')", token_hash);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<std::int64_t>();
}

std::optional<CalendarFeed> calendar_feed_of(pqxx::work& tx, std::int64_t user_id) {
  const auto r = tx.exec_params(
      "SELECT extract(epoch FROM created_at)::bigint FROM calendar_feeds WHERE user_id = $1",
      user_id);
  if (r.empty()) return std::nullopt;
  return CalendarFeed{game::Timestamp(r[0][0].as<std::int64_t>())};
}

std::vector<CalendarEventDates> calendar_events_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<CalendarEventDates> out;
  for (const auto& row : tx.exec_params(
           "SELECT e.id, e.name, extract(epoch FROM e.start_at)::bigint, "
           "extract(epoch FROM e.end_at)::bigint, "
           "extract(epoch FROM coalesce(e.changed_at, e.created_at))::bigint, e.dates_revision "
           "FROM event_players p JOIN events e ON e.id = p.event_id "
           "WHERE p.user_id = $1 AND p.status = 'active' AND e.status <> 'cancelled' "
           "ORDER BY e.start_at, e.id",
           user_id)) {
    CalendarEventDates e;
    e.id = row[0].as<std::int64_t>();
    e.name = row[1].as<std::string>();
    e.start_at = game::Timestamp(row[2].as<std::int64_t>());
    if (!row[3].is_null()) e.end_at = game::Timestamp(row[3].as<std::int64_t>());
    e.modified = game::Timestamp(row[4].as<std::int64_t>());
    e.revision = row[5].as<int>();
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<CalendarAdjudication> calendar_adjudications_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<CalendarAdjudication> out;
  for (const auto& row : tx.exec_params(
           "SELECT g.id, eg.event_id, ev.name, (SELECT extract(epoch FROM min(e.at))::bigint "
           "FROM game_events e WHERE e.game_id = g.id AND e.kind = 'adjudication_pending') "
           "FROM games g JOIN event_games eg ON eg.game_id = g.id "
           "JOIN events ev ON ev.id = eg.event_id "
           "WHERE g.status = 'adjudication_pending' AND (g.white_id = $1 OR g.black_id = $1) "
           "ORDER BY g.id",
           user_id)) {
    if (row[3].is_null()) continue;
    out.push_back({row[0].as<std::int64_t>(), row[1].as<std::int64_t>(), row[2].as<std::string>(),
                   game::Timestamp(row[3].as<std::int64_t>())});
  }
  return out;
}

}  // namespace corrchess::db
