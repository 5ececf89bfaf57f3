#include "db/ratings.h"

#include "db/codec.h"
#include "db/rated_games.h"

namespace corrchess::db {

namespace {

using game::CivilDate;
using game::Timestamp;

CivilDate date_from(const pqxx::field& f) {
  // to_char(..., 'YYYY-MM-DD') always reads.
  return game::parse_date(f.c_str()).value_or(CivilDate{});
}

// The columns of a list row `l`, with the period's current version and the publisher.
constexpr const char* kListColumns =
    "l.id, l.pool, l.period, l.period_kind, to_char(l.first_day, 'YYYY-MM-DD'), "
    "to_char(l.end_day, 'YYYY-MM-DD'), extract(epoch FROM l.starts_at)::bigint, "
    "extract(epoch FROM l.ends_at)::bigint, l.version, "
    "(SELECT max(v.version) FROM rating_lists v WHERE v.pool = l.pool AND v.period = l.period), "
    "extract(epoch FROM l.published_at)::bigint, u.username, l.reason, l.settings::text";
constexpr const char* kListFrom =
    " FROM rating_lists l LEFT JOIN users u ON u.id = l.published_by ";
// Only the current version of each period.
constexpr const char* kCurrentOnly =
    " NOT EXISTS (SELECT 1 FROM rating_lists n WHERE n.pool = l.pool AND n.period = l.period "
    "AND n.version > l.version) ";

RatingList list_from_row(const pqxx::row& row, int offset = 0) {
  RatingList l;
  l.id = row[offset + 0].as<std::int64_t>();
  l.pool = row[offset + 1].as<std::string>();
  l.period = row[offset + 2].as<std::string>();
  l.period_kind = row[offset + 3].as<std::string>();
  l.first_day = date_from(row[offset + 4]);
  l.end_day = date_from(row[offset + 5]);
  l.starts_at = Timestamp(row[offset + 6].as<std::int64_t>());
  l.ends_at = Timestamp(row[offset + 7].as<std::int64_t>());
  l.version = row[offset + 8].as<int>();
  l.latest_version = row[offset + 9].as<int>();
  l.published_at = Timestamp(row[offset + 10].as<std::int64_t>());
  if (!row[offset + 11].is_null()) l.published_by = row[offset + 11].as<std::string>();
  if (!row[offset + 12].is_null()) l.reason = row[offset + 12].as<std::string>();
  l.settings = nlohmann::json::parse(row[offset + 13].as<std::string>());
  return l;
}

constexpr int kListColumnCount = 14;

constexpr const char* kEntryColumns =
    "e.user_id, p.username, e.rank, e.rating, e.deviation, e.volatility, e.games_in_period, "
    "e.total_games, e.provisional";

RatingEntry entry_from_row(const pqxx::row& row, int offset = 0) {
  RatingEntry e;
  e.user_id = row[offset + 0].as<std::int64_t>();
  e.username = row[offset + 1].as<std::string>();
  e.rank = row[offset + 2].as<int>();
  e.rating = row[offset + 3].as<double>();
  e.deviation = row[offset + 4].as<double>();
  e.volatility = row[offset + 5].as<double>();
  e.games_in_period = row[offset + 6].as<int>();
  e.total_games = row[offset + 7].as<int>();
  e.provisional = row[offset + 8].as<bool>();
  return e;
}

// The condition on a game row `g` (with the joins of db/rated_games.h) that makes it count; $1
// is the pool, $2 whether wins by default without a move of the loser count.
const std::string kRatedGame =
    std::string(
        " g.status = 'finished' AND g.result IN ('1-0', '0-1', '1/2-1/2') AND g.variant = "
        "$1 AND ") +
    kRatedSetting +
    " AND ($2 OR g.termination <> 'default' OR (g.result = '1-0' AND g.ply >= 2) "
    "OR (g.result = '0-1' AND g.ply >= 1)) ";
const std::string kGameJoins = std::string(" FROM games g") + kRatedJoins;
// Not rated by any list of the pool yet.
constexpr const char* kUnlisted =
    " AND NOT EXISTS (SELECT 1 FROM rating_list_games lg JOIN rating_lists rl ON "
    "rl.id = lg.list_id WHERE lg.game_id = g.id AND rl.pool = $1) ";
constexpr const char* kScore = "CASE g.result WHEN '1-0' THEN 1.0 WHEN '0-1' THEN 0.0 ELSE 0.5 END";

std::vector<ListedGame> games_from(const pqxx::result& rows) {
  std::vector<ListedGame> out;
  for (const auto& row : rows) {
    out.push_back({row[0].as<std::int64_t>(), row[1].as<std::int64_t>(), row[2].as<std::int64_t>(),
                   row[3].as<double>()});
  }
  return out;
}

}  // namespace

void lock_rating_pool(pqxx::work& tx, const std::string& pool) {
  tx.exec_params("SELECT pg_advisory_xact_lock(hashtextextended('corrchess_ratings:' || $1, 0))",
                 pool);
}

std::optional<RatingList> latest_rating_list(pqxx::work& tx, const std::string& pool) {
  auto rows = tx.exec_params(std::string("SELECT ") + kListColumns + kListFrom +
                                 "WHERE l.pool = $1 ORDER BY l.first_day DESC, l.version DESC "
                                 "LIMIT 1",
                             pool);
  if (rows.empty()) return std::nullopt;
  return list_from_row(rows[0]);
}

std::optional<RatingList> rating_list_before(pqxx::work& tx, const std::string& pool,
                                             CivilDate day) {
  auto rows = tx.exec_params(std::string("SELECT ") + kListColumns + kListFrom +
                                 "WHERE l.pool = $1 AND l.first_day < $2::date "
                                 "ORDER BY l.first_day DESC, l.version DESC LIMIT 1",
                             pool, game::format_date(day));
  if (rows.empty()) return std::nullopt;
  return list_from_row(rows[0]);
}

Result<RatingList> find_rating_list(pqxx::work& tx, const std::string& pool,
                                    const std::string& period, std::optional<int> version) {
  auto rows = tx.exec_params(std::string("SELECT ") + kListColumns + kListFrom +
                                 "WHERE l.pool = $1 AND l.period = $2 "
                                 "AND ($3::integer IS NULL OR l.version = $3) "
                                 "ORDER BY l.version DESC LIMIT 1",
                             pool, period, version);
  if (rows.empty()) {
    return fail(ErrorCode::kNotFound, "no " + pool + " rating list for period " + period +
                                          (version ? " version " + std::to_string(*version) : ""));
  }
  return list_from_row(rows[0]);
}

std::vector<RatingList> rating_lists_from(pqxx::work& tx, const std::string& pool, CivilDate day) {
  std::vector<RatingList> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kListColumns + kListFrom +
                                            "WHERE l.pool = $1 AND l.first_day >= $2::date AND " +
                                            kCurrentOnly + "ORDER BY l.first_day",
                                        pool, game::format_date(day))) {
    out.push_back(list_from_row(row));
  }
  return out;
}

std::vector<RatingList> all_rating_lists(pqxx::work& tx, const std::optional<std::string>& pool) {
  std::vector<RatingList> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kListColumns + kListFrom +
                                            "WHERE ($1::text IS NULL OR l.pool = $1) "
                                            "ORDER BY l.first_day DESC, l.pool, l.version DESC",
                                        pool)) {
    out.push_back(list_from_row(row));
  }
  return out;
}

std::vector<RatingEntry> rating_entries(pqxx::work& tx, std::int64_t list_id,
                                        std::int64_t after_rank, std::optional<int> limit) {
  std::vector<RatingEntry> out;
  // LIMIT NULL is no limit.
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kEntryColumns +
                                            " FROM rating_list_entries e JOIN users p ON "
                                            "p.id = e.user_id WHERE e.list_id = $1 AND e.rank > "
                                            "$2 ORDER BY e.rank LIMIT $3",
                                        list_id, after_rank, limit)) {
    out.push_back(entry_from_row(row));
  }
  return out;
}

int rating_entry_count(pqxx::work& tx, std::int64_t list_id) {
  // The last rank by a step down the index. Not max(rank): for a list just published, which
  // the planner's statistics do not know yet, it read the whole list's index entries.
  const auto r = tx.exec_params(
      "SELECT rank FROM rating_list_entries WHERE list_id = $1 ORDER BY rank DESC LIMIT 1",
      list_id);
  return r.empty() ? 0 : r[0][0].as<int>();
}

std::optional<Timestamp> earliest_unlisted_game(pqxx::work& tx, const RatedGameRule& rule) {
  auto row = tx.exec_params1(std::string("SELECT extract(epoch FROM min(g.finished_at))::bigint") +
                                 kGameJoins + "WHERE" + kRatedGame + kUnlisted,
                             rule.pool, rule.rate_default_wins);
  if (row[0].is_null()) return std::nullopt;
  return Timestamp(row[0].as<std::int64_t>());
}

std::vector<ListedGame> unlisted_rated_games(pqxx::work& tx, const RatedGameRule& rule,
                                             Timestamp before) {
  return games_from(tx.exec_params(std::string("SELECT g.id, g.white_id, g.black_id, ") + kScore +
                                       kGameJoins + "WHERE" + kRatedGame + kUnlisted +
                                       "AND g.finished_at < to_timestamp($3) ORDER BY g.id",
                                   rule.pool, rule.rate_default_wins, before.unix_seconds()));
}

std::vector<ListedGame> relisted_games(pqxx::work& tx, std::int64_t list_id,
                                       const RatedGameRule& rule) {
  return games_from(tx.exec_params(
      std::string("SELECT g.id, g.white_id, g.black_id, ") + kScore + kGameJoins +
          "JOIN rating_list_games lg ON lg.game_id = g.id AND lg.list_id = $3 WHERE" + kRatedGame +
          "ORDER BY g.id",
      rule.pool, rule.rate_default_wins, list_id));
}

Result<std::int64_t> insert_rating_list(pqxx::work& tx, const RatingList& list,
                                        std::optional<std::int64_t> published_by,
                                        const std::vector<RatingEntry>& entries,
                                        const std::vector<ListedGame>& games) {
  auto inserted = tx.exec_params(
      "INSERT INTO rating_lists (pool, period, period_kind, first_day, end_day, starts_at, "
      "ends_at, version, published_at, published_by, reason, settings) VALUES ($1, $2, $3, "
      "$4::date, $5::date, to_timestamp($6), to_timestamp($7), $8, to_timestamp($9), $10, $11, "
      "$12::jsonb) ON CONFLICT DO NOTHING RETURNING id",
      list.pool, list.period, list.period_kind, game::format_date(list.first_day),
      game::format_date(list.end_day), list.starts_at.unix_seconds(), list.ends_at.unix_seconds(),
      list.version, list.published_at.unix_seconds(), published_by, list.reason,
      list.settings.dump());
  if (inserted.empty()) {
    return fail(ErrorCode::kConflict, "the " + list.pool + " rating list of " + list.period +
                                          " version " + std::to_string(list.version) +
                                          " exists already");
  }
  const auto id = inserted[0][0].as<std::int64_t>();
  for (const auto& e : entries) {
    tx.exec_params(
        "INSERT INTO rating_list_entries (list_id, user_id, rank, rating, deviation, volatility, "
        "games_in_period, total_games, provisional) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        id, e.user_id, e.rank, e.rating, e.deviation, e.volatility, e.games_in_period,
        e.total_games, e.provisional);
  }
  for (const auto& g : games) {
    tx.exec_params(
        "INSERT INTO rating_list_games (list_id, game_id, white_id, black_id, white_score) "
        "VALUES ($1, $2, $3, $4, $5)",
        id, g.game_id, g.white_id, g.black_id, g.white_score);
  }
  return id;
}

std::vector<RatingHistoryRow> rating_history(pqxx::work& tx, std::int64_t user_id) {
  std::vector<RatingHistoryRow> out;
  for (const auto& row :
       tx.exec_params(std::string("SELECT ") + kListColumns + ", " + kEntryColumns + kListFrom +
                          "JOIN rating_list_entries e ON e.list_id = l.id "
                          "JOIN users p ON p.id = e.user_id "
                          "WHERE e.user_id = $1 AND " +
                          kCurrentOnly + "ORDER BY l.pool, l.first_day",
                      user_id)) {
    out.push_back({list_from_row(row), entry_from_row(row, kListColumnCount)});
  }
  return out;
}

std::map<std::int64_t, RatingEntry> current_ratings(pqxx::work& tx, const std::string& pool,
                                                    const std::vector<std::int64_t>& user_ids) {
  std::map<std::int64_t, RatingEntry> out;
  const auto latest = latest_rating_list(tx, pool);
  if (!latest || user_ids.empty()) return out;
  // Each player's latest entry up to this list, from their own entries (user_idx), kept when
  // it is in this list. Not `e.list_id = $1 AND e.user_id = ANY($2)`: a list just published
  // is not in the planner's statistics yet (a new list is a few percent of the table, below
  // autovacuum's analyze threshold), so the planner took it for one row and read every entry
  // of the list for the players' (6 ms at 10,000 players, 40 ms prepared; every event page,
  // crosstable and challenge asks). This shape does not depend on the list's statistics.
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kEntryColumns +
                                            " FROM unnest($2::bigint[]) AS w(user_id) CROSS JOIN "
                                            "LATERAL (SELECT * FROM rating_list_entries x WHERE "
                                            "x.user_id = w.user_id AND x.list_id <= $1 ORDER BY "
                                            "x.list_id DESC LIMIT 1) e JOIN users p ON p.id = "
                                            "e.user_id WHERE e.list_id = $1",
                                        latest->id, id_array_literal(user_ids))) {
    auto e = entry_from_row(row);
    out[e.user_id] = e;
  }
  return out;
}

bool game_is_rated(pqxx::work& tx, std::int64_t game_id) {
  auto rows = tx.exec_params(
      std::string("SELECT ") + kRatedSetting + kGameJoins + "WHERE g.id = $1", game_id);
  return !rows.empty() && rows[0][0].as<bool>();
}

void save_event_rating_terms(pqxx::work& tx, std::int64_t event_id, const EventRatingTerms& terms) {
  tx.exec_params(
      "UPDATE events SET rated = $2, min_rating = $3, max_rating = $4, seeding = $5 WHERE id = $1",
      event_id, terms.rated, terms.min_rating, terms.max_rating, terms.seeding);
}

EventRatingTerms event_rating_terms(pqxx::work& tx, std::int64_t event_id) {
  EventRatingTerms terms;
  auto rows = tx.exec_params(
      "SELECT rated, min_rating, max_rating, seeding FROM events WHERE id = $1", event_id);
  if (rows.empty()) return terms;
  terms.rated = rows[0][0].as<bool>();
  if (!rows[0][1].is_null()) terms.min_rating = rows[0][1].as<int>();
  if (!rows[0][2].is_null()) terms.max_rating = rows[0][2].as<int>();
  terms.seeding = rows[0][3].as<std::string>();
  return terms;
}

void record_start_ratings(pqxx::work& tx, std::int64_t event_id, const std::string& pool,
                          std::optional<std::int64_t> user_id) {
  const auto latest = latest_rating_list(tx, pool);
  if (!latest) return;
  tx.exec_params(
      "UPDATE event_players p SET start_rating = round(e.rating)::integer "
      "FROM rating_list_entries e WHERE p.event_id = $1 AND p.status = 'active' "
      "AND ($3::bigint IS NULL OR p.user_id = $3) AND e.list_id = $2 AND e.user_id = p.user_id",
      event_id, latest->id, user_id);
}

void seed_event_by_rating(pqxx::work& tx, std::int64_t event_id, const std::string& pool) {
  const auto latest = latest_rating_list(tx, pool);
  // 0: no list yet (no list has that id), so nobody is rated.
  const std::int64_t list_id = latest ? latest->id : 0;
  // Two steps, as a single renumbering could collide with the seat index midway.
  tx.exec_params(
      "UPDATE event_players SET seat = seat + 100000 WHERE event_id = $1 AND status <> "
      "'replaced'",
      event_id);
  tx.exec_params(
      "UPDATE event_players p SET seat = n.rank FROM (SELECT ep.user_id, row_number() OVER "
      "(ORDER BY r.rating DESC NULLS LAST, ep.seat) AS rank FROM event_players ep "
      "LEFT JOIN rating_list_entries r ON r.user_id = ep.user_id AND r.list_id = $2 "
      "WHERE ep.event_id = $1 AND ep.status <> 'replaced') n "
      "WHERE p.event_id = $1 AND p.user_id = n.user_id",
      event_id, list_id);
}

void save_challenge_rating_range(pqxx::work& tx, std::int64_t challenge_id,
                                 const RatingRange& range) {
  tx.exec_params("UPDATE challenges SET min_rating = $2, max_rating = $3 WHERE id = $1",
                 challenge_id, range.min_rating, range.max_rating);
}

RatingRange challenge_rating_range(pqxx::work& tx, std::int64_t challenge_id) {
  RatingRange range;
  auto rows =
      tx.exec_params("SELECT min_rating, max_rating FROM challenges WHERE id = $1", challenge_id);
  if (rows.empty()) return range;
  if (!rows[0][0].is_null()) range.min_rating = rows[0][0].as<int>();
  if (!rows[0][1].is_null()) range.max_rating = rows[0][1].as<int>();
  return range;
}

}  // namespace corrchess::db
