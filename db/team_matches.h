// Team matches in PostgreSQL (migrations/0029_teams.sql, rules.md 6.11): the match's
// settings, the player each team nominated for each board and the games of each board. The
// scores are not stored: app/team_matches.h reads them from the games with
// competition::team_match_status.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "model/teams.h"

namespace corrchess::db {

using model::StoredTeamMatch;
using model::TeamMatchGame;
using model::TeamMatchPlayer;
using model::TeamMatchSettings;

std::int64_t insert_team_match(pqxx::work& tx, const TeamMatchSettings& settings,
                               std::optional<std::int64_t> created_by, game::Timestamp now);
// kNotFound when there is no such match; `lock` serialises nominations and the start.
Result<StoredTeamMatch> load_team_match(pqxx::work& tx, std::int64_t id, bool lock);
// Every match, newest first; with `team_id`, the matches that team plays.
std::vector<StoredTeamMatch> list_team_matches(pqxx::work& tx, std::optional<std::int64_t> team_id);
void mark_team_match_started(pqxx::work& tx, std::int64_t id, game::Timestamp now);

// The nominated players by board, team A's first.
std::vector<TeamMatchPlayer> team_match_players(pqxx::work& tx, std::int64_t match_id);
// Sets (or replaces) the player of `side_a`'s team on `board`.
void set_team_match_player(pqxx::work& tx, std::int64_t match_id, int board, bool side_a,
                           std::int64_t user_id);

void insert_team_match_game(pqxx::work& tx, std::int64_t match_id, int board, int number,
                            std::int64_t game_id, bool a_white);
// The games by board and number.
std::vector<TeamMatchGame> team_match_games(pqxx::work& tx, std::int64_t match_id);

}  // namespace corrchess::db
