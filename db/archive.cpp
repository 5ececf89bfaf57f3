#include "db/archive.h"

#include <optional>
#include <string>

#include "db/rated_games.h"
#include "db/rule_sets.h"

namespace corrchess::db {

namespace {

// $1 the player, $2 the id after which to read, $3/$4 since/until (epoch seconds), $5 the
// opponent, $6 the player's colour, $7 the player's result, $8 the event, $9 rated, $10
// ongoing, $11 the statuses that are not over, $12 the page size. An absent filter is a
// NULL that lets every row through; rated is the rule of db/rated_games.h.
const std::string& archive_page_sql() {
  static const std::string sql =
      std::string("SELECT g.id FROM games g") + kRatedJoins +
      "WHERE (g.white_id = $1 OR g.black_id = $1) AND g.id > $2 "
      "AND ($3::bigint IS NULL OR g.start_at >= to_timestamp($3)) "
      "AND ($4::bigint IS NULL OR g.start_at < to_timestamp($4)) "
      "AND ($5::bigint IS NULL OR (CASE WHEN g.white_id = $1 THEN g.black_id ELSE g.white_id END) "
      "= $5) "
      "AND ($6::text IS NULL OR (CASE WHEN g.white_id = $1 THEN 'white' ELSE 'black' END) = $6) "
      "AND ($7::text IS NULL OR (g.status = 'finished' AND (CASE g.result "
      "  WHEN '1/2-1/2' THEN 'draw' WHEN '0-0' THEN 'loss' "
      "  WHEN '1-0' THEN (CASE WHEN g.white_id = $1 THEN 'win' ELSE 'loss' END) "
      "  WHEN '0-1' THEN (CASE WHEN g.black_id = $1 THEN 'win' ELSE 'loss' END) END) = $7)) "
      "AND ($8::bigint IS NULL OR g.event_id = $8) "
      "AND ($9::boolean IS NULL OR " +
      kRatedSetting +
      " = $9) "
      "AND ($10::boolean IS NULL OR (g.status = ANY($11::text[])) = $10) "
      "ORDER BY g.id LIMIT $12";
  return sql;
}

std::optional<std::string> result_name(const std::optional<ArchiveResult>& r) {
  if (!r) return std::nullopt;
  switch (*r) {
    case ArchiveResult::kWin: return "win";
    case ArchiveResult::kLoss: return "loss";
    case ArchiveResult::kDraw: return "draw";
  }
  return std::nullopt;
}

std::optional<std::int64_t> seconds_of(const std::optional<game::Timestamp>& t) {
  if (!t) return std::nullopt;
  return t->unix_seconds();
}

}  // namespace

std::vector<std::int64_t> archive_game_ids(pqxx::work& tx, const ArchiveFilter& f,
                                           std::int64_t after_id, int limit) {
  std::optional<std::string> color;
  if (f.color) color = std::string(game::color_name(*f.color));
  std::vector<std::int64_t> ids;
  for (const auto& row :
       tx.exec_params(archive_page_sql(), f.player_id, after_id, seconds_of(f.since),
                      seconds_of(f.until), f.opponent_id, color, result_name(f.result), f.event_id,
                      f.rated, f.ongoing, not_over_statuses(), limit)) {
    ids.push_back(row[0].as<std::int64_t>());
  }
  return ids;
}

}  // namespace corrchess::db
