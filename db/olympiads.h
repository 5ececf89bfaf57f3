// Olympiads in PostgreSQL (migrations/0029_teams.sql, rules.md 6.11): the Olympiad's row, its
// teams in seeding order, each team's player per board and the event of each board. The
// table is not stored: app/olympiads.h reads it from the events' games with
// competition::olympiad_table.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "model/teams.h"

namespace corrchess::db {

using model::OlympiadPlayer;
using model::OlympiadSection;
using model::OlympiadTeam;
using model::StoredOlympiad;

// Inserts an Olympiad; kConflict when another has the name (case-insensitive).
Result<std::int64_t> insert_olympiad(pqxx::work& tx, const model::OlympiadSettings& settings,
                                     std::optional<std::int64_t> created_by, game::Timestamp now);
Result<StoredOlympiad> load_olympiad(pqxx::work& tx, std::int64_t id);
// Every Olympiad, newest first.
std::vector<StoredOlympiad> list_olympiads(pqxx::work& tx);
// The Olympiads team `team_id` plays, newest first, with its seed in each.
std::vector<std::pair<StoredOlympiad, int>> olympiads_of_team(pqxx::work& tx, std::int64_t team_id);

void insert_olympiad_team(pqxx::work& tx, std::int64_t olympiad_id, int seed, std::int64_t team_id);
void insert_olympiad_player(pqxx::work& tx, std::int64_t olympiad_id, int seed, int board,
                            std::int64_t user_id);
void insert_olympiad_section(pqxx::work& tx, std::int64_t olympiad_id, int board,
                             std::int64_t event_id);
// The Olympiad and the board (1-based) whose section event `event_id` is; none for an event
// outside every Olympiad.
std::optional<std::pair<std::int64_t, int>> olympiad_board_of_event(pqxx::work& tx,
                                                                    std::int64_t event_id);
// Lists `user_id` as the player of seed `seed` on board `board` (a director's replacement).
void set_olympiad_player(pqxx::work& tx, std::int64_t olympiad_id, int seed, int board,
                         std::int64_t user_id);
// By seed; by seed and board; by board.
std::vector<OlympiadTeam> olympiad_teams(pqxx::work& tx, std::int64_t olympiad_id);
std::vector<OlympiadPlayer> olympiad_players(pqxx::work& tx, std::int64_t olympiad_id);
std::vector<OlympiadSection> olympiad_sections(pqxx::work& tx, std::int64_t olympiad_id);

}  // namespace corrchess::db
