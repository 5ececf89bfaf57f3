#include "db/game_talk.h"

#include <nlohmann/json.hpp>

#include "db/live_events.h"

namespace corrchess::db {

std::vector<ThreadMessage> game_thread(pqxx::work& tx, std::int64_t game_id) {
  std::vector<ThreadMessage> out;
  // The mover of ply p is the side to move before it: White for odd plies when the game
  // began with White to move.
  for (const auto& row : tx.exec_params(
           "SELECT m.ply, CASE WHEN (m.ply % 2 = 1) = (split_part(g.initial_fen, ' ', 2) = 'w') "
           "THEN w.username ELSE b.username END, m.message, "
           "extract(epoch FROM m.accepted_at)::bigint, 0 AS kind, m.ply AS ord "
           "FROM moves m JOIN games g ON g.id = m.game_id JOIN users w ON w.id = g.white_id "
           "JOIN users b ON b.id = g.black_id WHERE m.game_id = $1 AND m.message IS NOT NULL "
           "AND m.message <> '' "
           "UNION ALL SELECT NULL, u.username, gm.text, extract(epoch FROM gm.sent_at)::bigint, "
           "1, gm.id FROM game_messages gm JOIN users u ON u.id = gm.author_id "
           "WHERE gm.game_id = $1 ORDER BY 5, 6",
           game_id)) {
    ThreadMessage m;
    if (!row[0].is_null()) m.ply = row[0].as<int>();
    m.author = row[1].as<std::string>();
    m.text = row[2].as<std::string>();
    m.at = game::Timestamp(row[3].as<std::int64_t>());
    out.push_back(std::move(m));
  }
  return out;
}

void insert_game_message(pqxx::work& tx, std::int64_t game_id, std::int64_t author_id,
                         const std::string& text, game::Timestamp at) {
  tx.exec_params(
      "INSERT INTO game_messages (game_id, author_id, text, sent_at) VALUES ($1, $2, $3, "
      "to_timestamp($4))",
      game_id, author_id, text, at.unix_seconds());
}

std::optional<Note> game_note(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id) {
  const auto r = tx.exec_params(
      "SELECT text, extract(epoch FROM updated_at)::bigint FROM game_notes WHERE game_id = $1 "
      "AND user_id = $2",
      game_id, user_id);
  if (r.empty()) return std::nullopt;
  return Note{r[0][0].as<std::string>(), game::Timestamp(r[0][1].as<std::int64_t>())};
}

void save_game_note(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id,
                    const std::string& text, game::Timestamp at) {
  if (text.empty()) {
    tx.exec_params("DELETE FROM game_notes WHERE game_id = $1 AND user_id = $2", game_id, user_id);
    return;
  }
  tx.exec_params(
      "INSERT INTO game_notes (game_id, user_id, text, updated_at) VALUES ($1, $2, $3, "
      "to_timestamp($4)) ON CONFLICT (game_id, user_id) DO UPDATE SET text = EXCLUDED.text, "
      "updated_at = EXCLUDED.updated_at",
      game_id, user_id, text, at.unix_seconds());
}

void notify_game_message(pqxx::work& tx, std::int64_t game_id,
                         const std::vector<std::int64_t>& users, const ThreadMessage& message) {
  notify_game(tx, game_id, users,
              nlohmann::json::array({{{"type", "message"},
                                      {"game_id", std::to_string(game_id)},
                                      {"at", game::format_rfc3339(message.at)},
                                      {"author", message.author},
                                      {"message", message.text}}}));
}

bool plays_in(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id) {
  return !tx.exec_params("SELECT 1 FROM games WHERE id = $1 AND $2 IN (white_id, black_id)",
                         game_id, user_id)
              .empty();
}

game::MessageHistory message_history(pqxx::work& tx, std::int64_t game_id, std::int64_t author_id,
                                     game::Timestamp now) {
  const auto row = tx.exec_params1(
      "SELECT count(*) FILTER (WHERE sent_at > to_timestamp($3) - interval '1 minute'), "
      "extract(epoch FROM min(sent_at) FILTER (WHERE sent_at > to_timestamp($3) - "
      "interval '1 minute'))::bigint, count(*), extract(epoch FROM min(sent_at))::bigint "
      "FROM game_messages WHERE game_id = $1 AND author_id = $2 AND "
      "sent_at > to_timestamp($3) - interval '1 day'",
      game_id, author_id, now.unix_seconds());
  game::MessageHistory h;
  h.last_minute = row[0].as<int>();
  if (!row[1].is_null()) h.oldest_last_minute = game::Timestamp(row[1].as<std::int64_t>());
  h.last_day = row[2].as<int>();
  if (!row[3].is_null()) h.oldest_last_day = game::Timestamp(row[3].as<std::int64_t>());
  return h;
}

}  // namespace corrchess::db
