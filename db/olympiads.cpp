#include "db/olympiads.h"

#include "db/rows.h"

namespace corrchess::db {

namespace {

constexpr const char* kOlympiadColumns =
    "o.id, o.name, o.boards, o.rated, extract(epoch FROM o.created_at)::bigint";

StoredOlympiad olympiad_from_row(const pqxx::row& row) {
  StoredOlympiad o;
  o.id = row[0].as<std::int64_t>();
  o.name = row[1].as<std::string>();
  o.boards = row[2].as<int>();
  o.rated = row[3].as<bool>();
  o.created_at = game::Timestamp(row[4].as<std::int64_t>());
  return o;
}

}  // namespace

Result<std::int64_t> insert_olympiad(pqxx::work& tx, const model::OlympiadSettings& s,
                                     std::optional<std::int64_t> created_by, game::Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO olympiads (name, boards, rated, created_by, created_at) VALUES ($1, $2, $3, "
      "$4, to_timestamp($5)) ON CONFLICT DO NOTHING RETURNING id",
      s.name, s.boards, s.rated, created_by, now.unix_seconds());
  if (rows.empty()) {
    return fail(ErrorCode::kConflict, "an Olympiad named '" + s.name + "' exists already");
  }
  return rows[0][0].as<std::int64_t>();
}

Result<StoredOlympiad> load_olympiad(pqxx::work& tx, std::int64_t id) {
  const auto rows = tx.exec_params(
      std::string("SELECT ") + kOlympiadColumns + " FROM olympiads o WHERE o.id = $1", id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no olympiad " + std::to_string(id));
  return olympiad_from_row(rows[0]);
}

std::vector<StoredOlympiad> list_olympiads(pqxx::work& tx) {
  std::vector<StoredOlympiad> out;
  for (const auto& row : tx.exec(std::string("SELECT ") + kOlympiadColumns +
                                 " FROM olympiads o ORDER BY o.id DESC")) {
    out.push_back(olympiad_from_row(row));
  }
  return out;
}

std::vector<std::pair<StoredOlympiad, int>> olympiads_of_team(pqxx::work& tx,
                                                              std::int64_t team_id) {
  std::vector<std::pair<StoredOlympiad, int>> out;
  for (const auto& row : tx.exec_params(
           std::string("SELECT ") + kOlympiadColumns +
               ", t.seed FROM olympiads o JOIN olympiad_teams t ON t.olympiad_id = o.id WHERE "
               "t.team_id = $1 ORDER BY o.id DESC",
           team_id)) {
    out.emplace_back(olympiad_from_row(row), row[5].as<int>());
  }
  return out;
}

void insert_olympiad_team(pqxx::work& tx, std::int64_t olympiad_id, int seed,
                          std::int64_t team_id) {
  tx.exec_params("INSERT INTO olympiad_teams (olympiad_id, seed, team_id) VALUES ($1, $2, $3)",
                 olympiad_id, seed, team_id);
}

void insert_olympiad_player(pqxx::work& tx, std::int64_t olympiad_id, int seed, int board,
                            std::int64_t user_id) {
  tx.exec_params(
      "INSERT INTO olympiad_players (olympiad_id, seed, board, user_id) VALUES ($1, $2, $3, $4)",
      olympiad_id, seed, board, user_id);
}

void insert_olympiad_section(pqxx::work& tx, std::int64_t olympiad_id, int board,
                             std::int64_t event_id) {
  tx.exec_params("INSERT INTO olympiad_sections (olympiad_id, board, event_id) VALUES ($1, $2, $3)",
                 olympiad_id, board, event_id);
}

std::optional<std::pair<std::int64_t, int>> olympiad_board_of_event(pqxx::work& tx,
                                                                    std::int64_t event_id) {
  const auto rows = tx.exec_params(
      "SELECT olympiad_id, board FROM olympiad_sections WHERE event_id = $1", event_id);
  if (rows.empty()) return std::nullopt;
  return std::pair{rows[0][0].as<std::int64_t>(), rows[0][1].as<int>()};
}

void set_olympiad_player(pqxx::work& tx, std::int64_t olympiad_id, int seed, int board,
                         std::int64_t user_id) {
  tx.exec_params(
      "UPDATE olympiad_players SET user_id = $4 WHERE olympiad_id = $1 AND seed = $2 AND "
      "board = $3",
      olympiad_id, seed, board, user_id);
}

std::vector<OlympiadTeam> olympiad_teams(pqxx::work& tx, std::int64_t olympiad_id) {
  std::vector<OlympiadTeam> out;
  for (const auto& row : tx.exec_params(
           "SELECT ot.seed, t.id, t.kind, t.name, t.country, "
           "extract(epoch FROM t.created_at)::bigint FROM olympiad_teams ot JOIN teams t ON "
           "t.id = ot.team_id WHERE ot.olympiad_id = $1 ORDER BY ot.seed",
           olympiad_id)) {
    OlympiadTeam t;
    t.seed = row[0].as<int>();
    t.team.id = row[1].as<std::int64_t>();
    t.team.settings = {row[2].as<std::string>(), row[3].as<std::string>(),
                       row[4].as<std::string>()};
    t.team.created_at = game::Timestamp(row[5].as<std::int64_t>());
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<OlympiadPlayer> olympiad_players(pqxx::work& tx, std::int64_t olympiad_id) {
  std::vector<OlympiadPlayer> out;
  for (const auto& row : tx.exec_params(
           "SELECT p.seed, p.board, u.id, u.username, u.display_name FROM olympiad_players p "
           "JOIN users u ON u.id = p.user_id WHERE p.olympiad_id = $1 ORDER BY p.seed, p.board",
           olympiad_id)) {
    out.push_back(
        {row[0].as<int>(),
         row[1].as<int>(),
         {row[2].as<std::int64_t>(), row[3].as<std::string>(), row[4].as<std::string>()}});
  }
  return out;
}

std::vector<OlympiadSection> olympiad_sections(pqxx::work& tx, std::int64_t olympiad_id) {
  std::vector<OlympiadSection> out;
  for (const auto& row :
       tx.exec_params("SELECT board, event_id FROM olympiad_sections WHERE olympiad_id = $1 "
                      "ORDER BY board",
                      olympiad_id)) {
    out.push_back({row[0].as<int>(), row[1].as<std::int64_t>()});
  }
  return out;
}

}  // namespace corrchess::db
