#include "db/game_lists.h"

#include "db/rows.h"
#include "db/rule_sets.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

std::string epoch(const std::string& column) {
  return "extract(epoch FROM " + column + ")::bigint";
}

}  // namespace

constexpr const char* kCurrentGamesOf =
    "SELECT g.id, e.name, eg.round, g.white_id, g.black_id, wu.country, bu.country "
    "FROM games g LEFT JOIN events e ON e.id = g.event_id "
    "LEFT JOIN event_games eg ON eg.game_id = g.id "
    "JOIN users wu ON wu.id = g.white_id JOIN users bu ON bu.id = g.black_id "
    "WHERE (g.white_id = $1 OR g.black_id = $1) AND (g.status = ANY($3::text[]) OR "
    "g.finished_at >= to_timestamp($2)) ORDER BY g.id";

std::vector<CurrentGame> current_games_of(pqxx::work& tx, std::int64_t user_id,
                                          game::Timestamp finished_since) {
  std::vector<CurrentGame> games;
  for (const auto& row : tx.exec_params(kCurrentGamesOf, user_id, finished_since.unix_seconds(),
                                        not_over_statuses())) {
    CurrentGame g;
    g.id = row[0].as<std::int64_t>();
    if (!row[1].is_null()) g.event_name = row[1].as<std::string>();
    if (!row[2].is_null()) g.round = row[2].as<int>();
    g.white_id = row[3].as<std::int64_t>();
    g.black_id = row[4].as<std::int64_t>();
    if (!row[5].is_null()) g.white_country = row[5].as<std::string>();
    if (!row[6].is_null()) g.black_country = row[6].as<std::string>();
    games.push_back(std::move(g));
  }
  return games;
}

namespace {

// The statement of one page of GET /api/v1/games: $1 the user, $2 event, $3 opponent, $4
// variant, $5 and $6 the cursor (sort key, id), $7 the page size + 1, $8 the statuses shown.
// Every parameter is referenced whatever the filter (PostgreSQL must type each one); an absent
// filter is a NULL that lets every row through. "Your move" pages go by the caller's deadline
// (no deadline, e.g. a suspended clock, last), all others newest first; the id breaks ties,
// so the order is total and a page continues exactly after the last entry of the one before.
std::string list_games_sql(bool to_move_only) {
  const std::string key = to_move_only ? "coalesce(extract(epoch FROM g.next_deadline)::bigint, " +
                                             std::to_string(kNoDeadlineKey) + ")"
                                       : "g.id";
  std::string where = "(g.white_id = $1 OR g.black_id = $1)";
  if (to_move_only) {
    where +=
        " AND g.status = 'ongoing' AND ((g.to_move = 'white' AND g.white_id = $1) OR "
        "(g.to_move = 'black' AND g.black_id = $1))";
  }
  where +=
      " AND ($2::bigint IS NULL OR g.event_id = $2::bigint)"
      " AND ($3::bigint IS NULL OR g.white_id = $3::bigint OR g.black_id = $3::bigint)"
      " AND ($4::text IS NULL OR g.variant = $4::text)"
      " AND ($8::text[] IS NULL OR g.status = ANY($8::text[]))";
  where += to_move_only
               ? " AND ($5::bigint IS NULL OR (" + key + ", g.id) > ($5::bigint, $6::bigint))"
               : std::string(" AND ($5::bigint IS NULL OR g.id < $6::bigint)");
  const std::string order = to_move_only ? key + ", g.id" : "g.id DESC";
  // The page is chosen first, from the games alone, and only its rows are joined to their
  // players, event, last move and pending move: joined before the LIMIT, every game of the
  // player was (a player with a thousand games read a thousand last moves, and the users
  // table whole, for each page of fifty).
  return "SELECT g.id, w.username, w.display_name, b.username, b.display_name, g.status, "
         "g.to_move, g.variant, g.ply, " +
         epoch("g.next_deadline") +
         ", g.result, g.termination, g.draw_offer_by, g.sort_key, lm.san, " +
         epoch("lm.accepted_at") +
         ", EXISTS (SELECT 1 FROM pending_moves p WHERE p.game_id = g.id AND p.side = CASE "
         "WHEN g.white_id = $1 THEN 'white' ELSE 'black' END), g.event_id, e.name "
         "FROM (SELECT g.id, g.white_id, g.black_id, g.status, g.to_move, g.variant, g.ply, "
         "g.next_deadline, g.result, g.termination, g.draw_offer_by, g.event_id, " +
         key + " AS sort_key FROM games g WHERE " + where + " ORDER BY " + order +
         " LIMIT $7) g JOIN users w ON w.id = g.white_id JOIN users b ON b.id = g.black_id "
         "LEFT JOIN events e ON e.id = g.event_id "
         "LEFT JOIN LATERAL (SELECT san, accepted_at FROM moves m WHERE m.game_id = g.id "
         "ORDER BY m.ply DESC LIMIT 1) lm ON true ORDER BY " +
         (to_move_only ? std::string("g.sort_key, g.id") : std::string("g.id DESC"));
}

}  // namespace

GameListPage list_games(pqxx::work& tx, std::int64_t user_id, const GameListFilter& filter,
                        const std::optional<GameListCursor>& after, int limit) {
  // "active": not over; "finished": over (finished or annulled); otherwise every status.
  std::optional<std::string> statuses;
  if (filter.status == "active") {
    statuses = not_over_statuses();
  } else if (filter.status == "finished") {
    statuses = over_statuses();
  }
  static const std::string kByDeadline = list_games_sql(true);
  static const std::string kNewestFirst = list_games_sql(false);
  const auto rows = tx.exec_params(
      filter.to_move_only ? kByDeadline : kNewestFirst, user_id, filter.event_id,
      filter.opponent_id,
      filter.variant ? std::optional<std::string>(std::string(game::to_string(*filter.variant)))
                     : std::nullopt,
      after ? std::optional<std::int64_t>(after->key) : std::nullopt,
      after ? std::optional<std::int64_t>(after->id) : std::nullopt, limit + 1, statuses);
  GameListPage page;
  for (const auto& row : rows) {
    if (static_cast<int>(page.games.size()) == limit) {
      const auto& last = page.games.back();
      page.next = GameListCursor{last.sort_key, last.id};
      break;
    }
    GameListEntry g;
    g.id = row[0].as<std::int64_t>();
    g.white = {row[1].as<std::string>(), row[2].as<std::string>()};
    g.black = {row[3].as<std::string>(), row[4].as<std::string>()};
    g.status = row[5].as<std::string>();
    g.to_move = row[6].as<std::string>();
    g.variant = row[7].as<std::string>();
    g.ply = row[8].as<int>();
    if (!row[9].is_null()) g.deadline = Timestamp(row[9].as<std::int64_t>());
    g.result = optional_text(row[10]);
    g.termination = optional_text(row[11]);
    g.draw_offer_by = optional_text(row[12]);
    g.sort_key = row[13].as<std::int64_t>();
    g.last_move_san = optional_text(row[14]);
    if (!row[15].is_null()) g.last_move_at = Timestamp(row[15].as<std::int64_t>());
    g.my_pending_move = row[16].as<bool>();
    if (!row[17].is_null()) g.event_id = row[17].as<std::int64_t>();
    g.event_name = optional_text(row[18]);
    page.games.push_back(std::move(g));
  }
  return page;
}

// $2: the statuses of games not over, $3: of games over.
constexpr const char* kCountGames =
    "SELECT count(*) FILTER (WHERE status = 'ongoing' AND ((to_move = 'white' AND white_id = $1) "
    "OR (to_move = 'black' AND black_id = $1))), count(*) FILTER (WHERE status = "
    "ANY($2::text[])), count(*) FILTER (WHERE status = ANY($3::text[])) FROM games WHERE "
    "white_id = $1 OR black_id = $1";

PlayerGameCounts count_games(pqxx::work& tx, std::int64_t user_id) {
  const auto row = tx.exec_params1(kCountGames, user_id, not_over_statuses(), over_statuses());
  return {row[0].as<int>(), row[1].as<int>(), row[2].as<int>()};
}

}  // namespace corrchess::db
