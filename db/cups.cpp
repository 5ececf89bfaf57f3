#include "db/cups.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

constexpr const char* kCupColumns =
    "id, name, variant, time_control::text, draw_min_moves, ten_moves_rule, silence_rule, "
    "messages_allowed, games_per_match, tiebreak_pairs, status, winner_id, "
    "extract(epoch FROM created_at)::bigint, extract(epoch FROM finished_at)::bigint, rated";

Result<StoredCup> cup_from_row(const pqxx::row& row) {
  StoredCup c;
  c.id = row[0].as<std::int64_t>();
  auto& s = c.settings;
  s.name = row[1].as<std::string>();
  TRY_LET(variant, game::parse_variant(row[2].as<std::string>()));
  s.variant = *variant;
  TRY_LET(control, time_control_from_json(nlohmann::json::parse(row[3].as<std::string>())));
  s.time_control = *control;
  s.rules.no_draw_before_move = row[4].as<int>();
  s.rules.ten_moves_rule = row[5].as<bool>();
  s.rules.silence_rule = row[6].as<bool>();
  s.rules.messages_allowed = row[7].as<bool>();
  s.match.games = row[8].as<int>();
  s.match.tiebreak_pairs = row[9].as<int>();
  c.status = row[10].as<std::string>();
  c.winner_id = optional_id(row[11]);
  c.created_at = Timestamp(row[12].as<std::int64_t>());
  c.finished_at = optional_instant(row[13]);
  s.rated = row[14].as<bool>();
  return c;
}

}  // namespace

Result<std::int64_t> insert_cup(pqxx::work& tx, const CupSettings& s,
                                std::optional<std::int64_t> created_by, Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO cups (name, variant, time_control, draw_min_moves, ten_moves_rule, "
      "silence_rule, messages_allowed, games_per_match, tiebreak_pairs, created_by, created_at, "
      "rated) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, to_timestamp($11), $12) "
      "ON CONFLICT DO NOTHING RETURNING id",
      s.name, std::string(game::to_string(s.variant)), time_control_json(s.time_control).dump(),
      s.rules.no_draw_before_move, s.rules.ten_moves_rule, s.rules.silence_rule,
      s.rules.messages_allowed, s.match.games, s.match.tiebreak_pairs, created_by,
      now.unix_seconds(), s.rated);
  if (rows.empty())
    return fail(ErrorCode::kConflict, "a cup named '" + s.name + "' exists already");
  return rows[0][0].as<std::int64_t>();
}

Result<StoredCup> load_cup(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows = tx.exec_params(std::string("SELECT ") + kCupColumns +
                                       " FROM cups WHERE id = $1" + (lock ? " FOR UPDATE" : ""),
                                   id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no cup " + std::to_string(id));
  return cup_from_row(rows[0]);
}

std::vector<StoredCup> list_cups(pqxx::work& tx) {
  std::vector<StoredCup> out;
  for (const auto& row : tx.exec(std::string("SELECT ") + kCupColumns + " FROM cups ORDER BY id")) {
    if (auto c = cup_from_row(row)) out.push_back(std::move(*c));
  }
  return out;
}

std::map<std::int64_t, CupTally> cup_tallies(pqxx::work& tx) {
  std::map<std::int64_t, CupTally> out;
  for (const auto& row :
       tx.exec("SELECT c.id, (SELECT count(*)::int FROM cup_players p WHERE p.cup_id = c.id), "
               "w.username FROM cups c LEFT JOIN users w ON w.id = c.winner_id")) {
    out[row[0].as<std::int64_t>()] = {row[1].as<int>(), optional_text(row[2])};
  }
  return out;
}

std::vector<std::int64_t> cups_with_news(pqxx::work& tx) {
  return ids_of(
      tx.exec("SELECT DISTINCT m.cup_id FROM cup_matches m JOIN cups c ON c.id = m.cup_id "
              "WHERE c.status = 'running' AND m.status = 'playing' AND m.games_over_seen < "
              "(SELECT count(*) FROM cup_games cg JOIN games g ON g.id = cg.game_id WHERE "
              "cg.cup_id = m.cup_id AND cg.round = m.round AND cg.match_no = m.match_no AND "
              "g.status IN ('finished', 'annulled')) ORDER BY m.cup_id"));
}

void finish_cup(pqxx::work& tx, std::int64_t id, std::int64_t winner_id, Timestamp now) {
  tx.exec_params(
      "UPDATE cups SET status = 'finished', winner_id = $2, finished_at = to_timestamp($3) "
      "WHERE id = $1",
      id, winner_id, now.unix_seconds());
}

void insert_cup_player(pqxx::work& tx, std::int64_t cup_id, int seed, std::int64_t user_id) {
  tx.exec_params("INSERT INTO cup_players (cup_id, seed, user_id) VALUES ($1, $2, $3)", cup_id,
                 seed, user_id);
}

std::vector<CupPlayer> cup_players(pqxx::work& tx, std::int64_t cup_id) {
  std::vector<CupPlayer> out;
  for (const auto& row :
       tx.exec_params("SELECT p.seed, u.id, u.username, u.display_name, u.email, u.role, "
                      "to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "
                      "FROM cup_players p JOIN users u ON u.id = p.user_id WHERE p.cup_id = $1 "
                      "ORDER BY p.seed",
                      cup_id)) {
    CupPlayer p;
    p.seed = row[0].as<int>();
    p.user = User{row[1].as<std::int64_t>(), row[2].as<std::string>(), row[3].as<std::string>(),
                  optional_text(row[4]),     row[5].as<std::string>(), row[6].as<std::string>()};
    out.push_back(std::move(p));
  }
  return out;
}

void insert_cup_match(pqxx::work& tx, std::int64_t cup_id, const CupMatch& m) {
  tx.exec_params(
      "INSERT INTO cup_matches (cup_id, round, match_no, player_a, player_b, status, bye, "
      "winner_id, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9))",
      cup_id, m.round, m.match_no, m.player_a, m.player_b, m.status, m.bye, m.winner_id,
      m.decided_at ? std::optional<std::int64_t>(m.decided_at->unix_seconds()) : std::nullopt);
}

std::vector<CupMatch> cup_matches(pqxx::work& tx, std::int64_t cup_id) {
  std::vector<CupMatch> out;
  for (const auto& row :
       tx.exec_params("SELECT round, match_no, player_a, player_b, status, bye, winner_id, "
                      "extract(epoch FROM decided_at)::bigint FROM cup_matches WHERE cup_id = $1 "
                      "ORDER BY round, match_no",
                      cup_id)) {
    CupMatch m;
    m.round = row[0].as<int>();
    m.match_no = row[1].as<int>();
    m.player_a = optional_id(row[2]);
    m.player_b = optional_id(row[3]);
    m.status = row[4].as<std::string>();
    m.bye = row[5].as<bool>();
    m.winner_id = optional_id(row[6]);
    m.decided_at = optional_instant(row[7]);
    out.push_back(std::move(m));
  }
  return out;
}

void update_cup_match(pqxx::work& tx, std::int64_t cup_id, const CupMatch& m) {
  tx.exec_params(
      "UPDATE cup_matches SET player_a = $4, player_b = $5, status = $6 WHERE cup_id = $1 AND "
      "round = $2 AND match_no = $3",
      cup_id, m.round, m.match_no, m.player_a, m.player_b, m.status);
}

void set_games_over_seen(pqxx::work& tx, std::int64_t cup_id, int round, int match_no,
                         int games_over) {
  tx.exec_params(
      "UPDATE cup_matches SET games_over_seen = $4 WHERE cup_id = $1 AND round = $2 AND "
      "match_no = $3 AND games_over_seen <> $4",
      cup_id, round, match_no, games_over);
}

void decide_cup_match(pqxx::work& tx, std::int64_t cup_id, int round, int match_no,
                      std::int64_t winner_id, Timestamp now) {
  tx.exec_params(
      "UPDATE cup_matches SET status = 'decided', winner_id = $4, decided_at = to_timestamp($5) "
      "WHERE cup_id = $1 AND round = $2 AND match_no = $3",
      cup_id, round, match_no, winner_id, now.unix_seconds());
}

void insert_cup_game(pqxx::work& tx, std::int64_t cup_id, int round, int match_no, int number,
                     std::int64_t game_id, bool a_white) {
  tx.exec_params(
      "INSERT INTO cup_games (cup_id, round, match_no, number, game_id, a_white) VALUES ($1, $2, "
      "$3, $4, $5, $6)",
      cup_id, round, match_no, number, game_id, a_white);
}

std::vector<CupGame> cup_games(pqxx::work& tx, std::int64_t cup_id) {
  std::vector<CupGame> out;
  for (const auto& row : tx.exec_params(
           "SELECT cg.round, cg.match_no, cg.number, cg.game_id, cg.a_white, w.username, "
           "b.username, g.status, g.result FROM cup_games cg JOIN games g ON g.id = cg.game_id "
           "JOIN users w ON w.id = g.white_id JOIN users b ON b.id = g.black_id "
           "WHERE cg.cup_id = $1 ORDER BY cg.round, cg.match_no, cg.number",
           cup_id)) {
    CupGame g;
    g.round = row[0].as<int>();
    g.match_no = row[1].as<int>();
    g.number = row[2].as<int>();
    g.game_id = row[3].as<std::int64_t>();
    g.a_white = row[4].as<bool>();
    g.white = row[5].as<std::string>();
    g.black = row[6].as<std::string>();
    g.status = row[7].as<std::string>();
    if (!row[8].is_null()) {
      if (auto r = game::parse_game_result(row[8].as<std::string>())) g.result = *r;
    }
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace corrchess::db
