#include "db/teams.h"

#include "db/rows.h"

namespace corrchess::db {

namespace {

constexpr const char* kTeamColumns =
    "id, kind, name, country, extract(epoch FROM created_at)::bigint";

StoredTeam team_from_row(const pqxx::row& row) {
  StoredTeam t;
  t.id = row[0].as<std::int64_t>();
  t.settings.kind = row[1].as<std::string>();
  t.settings.name = row[2].as<std::string>();
  t.settings.country = row[3].as<std::string>();
  t.created_at = game::Timestamp(row[4].as<std::int64_t>());
  return t;
}

std::vector<TeamPerson> people_of(const pqxx::result& rows) {
  std::vector<TeamPerson> out;
  for (const auto& row : rows) {
    out.push_back({row[0].as<std::int64_t>(), row[1].as<std::string>(), row[2].as<std::string>()});
  }
  return out;
}

}  // namespace

Result<std::int64_t> insert_team(pqxx::work& tx, const TeamSettings& s,
                                 std::optional<std::int64_t> created_by, game::Timestamp now) {
  const auto rows = tx.exec_params(
      "INSERT INTO teams (kind, name, country, created_by, created_at) VALUES ($1, $2, $3, $4, "
      "to_timestamp($5)) ON CONFLICT DO NOTHING RETURNING id",
      s.kind, s.name, s.country, created_by, now.unix_seconds());
  if (rows.empty()) {
    return fail(ErrorCode::kConflict, "a team named '" + s.name + "' exists already");
  }
  return rows[0][0].as<std::int64_t>();
}

Result<StoredTeam> load_team(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows = tx.exec_params(std::string("SELECT ") + kTeamColumns +
                                       " FROM teams WHERE id = $1" + (lock ? " FOR UPDATE" : ""),
                                   id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no team " + std::to_string(id));
  return team_from_row(rows[0]);
}

std::vector<StoredTeam> list_teams(pqxx::work& tx) {
  std::vector<StoredTeam> out;
  for (const auto& row :
       tx.exec(std::string("SELECT ") + kTeamColumns + " FROM teams ORDER BY lower(name), id")) {
    out.push_back(team_from_row(row));
  }
  return out;
}

std::vector<TeamPerson> team_captains(pqxx::work& tx, std::int64_t team_id) {
  return people_of(tx.exec_params(
      "SELECT u.id, u.username, u.display_name FROM team_captains c JOIN users u ON u.id = "
      "c.user_id WHERE c.team_id = $1 ORDER BY lower(u.username)",
      team_id));
}

std::vector<TeamPerson> team_members(pqxx::work& tx, std::int64_t team_id) {
  return people_of(tx.exec_params(
      "SELECT u.id, u.username, u.display_name FROM team_members m JOIN users u ON u.id = "
      "m.user_id WHERE m.team_id = $1 ORDER BY lower(u.username)",
      team_id));
}

bool add_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id) {
  return tx.exec_params(
               "INSERT INTO team_captains (team_id, user_id) VALUES ($1, $2) ON CONFLICT DO "
               "NOTHING",
               team_id, user_id)
             .affected_rows() > 0;
}

bool remove_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id) {
  return tx.exec_params("DELETE FROM team_captains WHERE team_id = $1 AND user_id = $2", team_id,
                        user_id)
             .affected_rows() > 0;
}

bool add_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id,
                     game::Timestamp now) {
  return tx.exec_params(
               "INSERT INTO team_members (team_id, user_id, added_at) VALUES ($1, $2, "
               "to_timestamp($3)) ON CONFLICT DO NOTHING",
               team_id, user_id, now.unix_seconds())
             .affected_rows() > 0;
}

bool remove_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id) {
  return tx.exec_params("DELETE FROM team_members WHERE team_id = $1 AND user_id = $2", team_id,
                        user_id)
             .affected_rows() > 0;
}

bool is_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id) {
  return !tx.exec_params("SELECT 1 FROM team_captains WHERE team_id = $1 AND user_id = $2", team_id,
                         user_id)
              .empty();
}

bool is_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id) {
  return !tx.exec_params("SELECT 1 FROM team_members WHERE team_id = $1 AND user_id = $2", team_id,
                         user_id)
              .empty();
}

}  // namespace corrchess::db
