// Teams in PostgreSQL (migrations/0029_teams.sql, rules.md 6.11): a team's row, its captains
// and its members. Plain structs in and out; who may change them is decided in app/teams.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "model/teams.h"

namespace corrchess::db {

using model::StoredTeam;
using model::TeamPerson;
using model::TeamSettings;

// Inserts a team; kConflict when another team has the name (case-insensitive).
Result<std::int64_t> insert_team(pqxx::work& tx, const TeamSettings& settings,
                                 std::optional<std::int64_t> created_by, game::Timestamp now);
// kNotFound when there is no such team; `lock` serialises the changes of its members.
Result<StoredTeam> load_team(pqxx::work& tx, std::int64_t id, bool lock);
// Every team by name.
std::vector<StoredTeam> list_teams(pqxx::work& tx);

// Captains and members by username. add_* does nothing when already there and says whether
// it added; remove_* says whether it removed.
std::vector<TeamPerson> team_captains(pqxx::work& tx, std::int64_t team_id);
std::vector<TeamPerson> team_members(pqxx::work& tx, std::int64_t team_id);
bool add_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id);
bool remove_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id);
bool add_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id,
                     game::Timestamp now);
bool remove_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id);
bool is_team_captain(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id);
bool is_team_member(pqxx::work& tx, std::int64_t team_id, std::int64_t user_id);

}  // namespace corrchess::db
