#include "db/team_matches.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

namespace {

constexpr const char* kTeamMatchColumns =
    "id, name, team_a, team_b, boards, games_per_board, variant, time_control::text, "
    "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, "
    "extract(epoch FROM start_at)::bigint, status, extract(epoch FROM created_at)::bigint, "
    "extract(epoch FROM started_at)::bigint, rated";

Result<StoredTeamMatch> team_match_from_row(const pqxx::row& row) {
  StoredTeamMatch m;
  m.id = row[0].as<std::int64_t>();
  auto& s = m.settings;
  s.name = row[1].as<std::string>();
  s.team_a = row[2].as<std::int64_t>();
  s.team_b = row[3].as<std::int64_t>();
  s.match.boards = row[4].as<int>();
  s.match.games_per_board = row[5].as<int>();
  TRY_LET(variant, game::parse_variant(row[6].as<std::string>()));
  s.games.variant = *variant;
  TRY_LET(control, time_control_from_json(nlohmann::json::parse(row[7].as<std::string>())));
  s.games.time_control = *control;
  s.games.rules.no_draw_before_move = row[8].as<int>();
  s.games.rules.ten_moves_rule = row[9].as<bool>();
  s.games.rules.silence_rule = row[10].as<bool>();
  s.games.rules.messages_allowed = row[11].as<bool>();
  s.start_at = optional_instant(row[12]);
  m.status = row[13].as<std::string>();
  m.created_at = game::Timestamp(row[14].as<std::int64_t>());
  m.started_at = optional_instant(row[15]);
  s.rated = row[16].as<bool>();
  return m;
}

}  // namespace

std::int64_t insert_team_match(pqxx::work& tx, const TeamMatchSettings& s,
                               std::optional<std::int64_t> created_by, game::Timestamp now) {
  const auto& g = s.games;
  return tx
      .exec_params1(
          "INSERT INTO team_matches (name, team_a, team_b, boards, games_per_board, variant, "
          "time_control, draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, "
          "start_at, created_by, created_at, rated) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, "
          "$9, $10, $11, to_timestamp($12), $13, to_timestamp($14), $15) RETURNING id",
          s.name, s.team_a, s.team_b, s.match.boards, s.match.games_per_board,
          std::string(game::to_string(g.variant)), time_control_json(g.time_control).dump(),
          g.rules.no_draw_before_move, g.rules.ten_moves_rule, g.rules.silence_rule,
          g.rules.messages_allowed,
          s.start_at ? std::optional<std::int64_t>(s.start_at->unix_seconds()) : std::nullopt,
          created_by, now.unix_seconds(), s.rated)[0]
      .as<std::int64_t>();
}

Result<StoredTeamMatch> load_team_match(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows =
      tx.exec_params(std::string("SELECT ") + kTeamMatchColumns +
                         " FROM team_matches WHERE id = $1" + (lock ? " FOR UPDATE" : ""),
                     id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no team match " + std::to_string(id));
  return team_match_from_row(rows[0]);
}

std::vector<StoredTeamMatch> list_team_matches(pqxx::work& tx,
                                               std::optional<std::int64_t> team_id) {
  std::vector<StoredTeamMatch> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kTeamMatchColumns +
                                            " FROM team_matches WHERE $1::bigint IS NULL OR "
                                            "team_a = $1 OR team_b = $1 ORDER BY id DESC",
                                        team_id)) {
    if (auto m = team_match_from_row(row)) out.push_back(std::move(*m));
  }
  return out;
}

void mark_team_match_started(pqxx::work& tx, std::int64_t id, game::Timestamp now) {
  tx.exec_params(
      "UPDATE team_matches SET status = 'playing', started_at = to_timestamp($2) WHERE id = $1", id,
      now.unix_seconds());
}

std::vector<TeamMatchPlayer> team_match_players(pqxx::work& tx, std::int64_t match_id) {
  std::vector<TeamMatchPlayer> out;
  for (const auto& row :
       tx.exec_params("SELECT p.board, p.side = 'a', u.id, u.username, u.display_name FROM "
                      "team_match_players p JOIN users u ON u.id = p.user_id WHERE p.match_id = $1 "
                      "ORDER BY p.board, p.side",
                      match_id)) {
    out.push_back(
        {row[0].as<int>(),
         row[1].as<bool>(),
         {row[2].as<std::int64_t>(), row[3].as<std::string>(), row[4].as<std::string>()}});
  }
  return out;
}

void set_team_match_player(pqxx::work& tx, std::int64_t match_id, int board, bool side_a,
                           std::int64_t user_id) {
  tx.exec_params(
      "INSERT INTO team_match_players (match_id, board, side, user_id) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (match_id, board, side) DO UPDATE SET user_id = EXCLUDED.user_id",
      match_id, board, std::string(side_a ? "a" : "b"), user_id);
}

void insert_team_match_game(pqxx::work& tx, std::int64_t match_id, int board, int number,
                            std::int64_t game_id, bool a_white) {
  tx.exec_params(
      "INSERT INTO team_match_games (match_id, board, number, game_id, a_white) VALUES ($1, $2, "
      "$3, $4, $5)",
      match_id, board, number, game_id, a_white);
}

std::vector<TeamMatchGame> team_match_games(pqxx::work& tx, std::int64_t match_id) {
  std::vector<TeamMatchGame> out;
  for (const auto& row : tx.exec_params(
           "SELECT tg.board, tg.number, tg.game_id, tg.a_white, w.username, b.username, "
           "g.status, g.result FROM team_match_games tg JOIN games g ON g.id = tg.game_id "
           "JOIN users w ON w.id = g.white_id JOIN users b ON b.id = g.black_id "
           "WHERE tg.match_id = $1 ORDER BY tg.board, tg.number",
           match_id)) {
    TeamMatchGame g;
    g.board = row[0].as<int>();
    g.number = row[1].as<int>();
    g.game_id = row[2].as<std::int64_t>();
    g.a_white = row[3].as<bool>();
    g.white = row[4].as<std::string>();
    g.black = row[5].as<std::string>();
    g.status = row[6].as<std::string>();
    if (!row[7].is_null()) {
      if (auto r = game::parse_game_result(row[7].as<std::string>())) g.result = *r;
    }
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace corrchess::db
