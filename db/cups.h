// Cups in PostgreSQL (migrations/0024_cups.sql, rules.md 6.10): the cup's settings, its
// seeded players, the matches of its bracket and the games of each match. Plain structs in
// and out; the bracket and match rules live in core/competition/cup.h and the use cases in
// app/cups.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/competition/cup.h"
#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "db/users.h"
#include "model/cups.h"

namespace corrchess::db {

// The records of model/cups.h under their db/ names.
using model::CupGame;
using model::CupMatch;
using model::CupPlayer;
using model::CupSettings;
using model::CupTally;
using model::StoredCup;

// Inserts a cup (running); kConflict when another cup has the name (case-insensitive).
Result<std::int64_t> insert_cup(pqxx::work& tx, const CupSettings& settings,
                                std::optional<std::int64_t> created_by, game::Timestamp now);
// kNotFound when there is no such cup; `lock` serialises the runs that advance it.
Result<StoredCup> load_cup(pqxx::work& tx, std::int64_t id, bool lock);
std::vector<StoredCup> list_cups(pqxx::work& tx);
// Per cup id: how many players it seeded and its winner's username (finished cups).
std::map<std::int64_t, CupTally> cup_tallies(pqxx::work& tx);
// Running cups with a match in play that has more games over than the starter last saw.
std::vector<std::int64_t> cups_with_news(pqxx::work& tx);
void finish_cup(pqxx::work& tx, std::int64_t id, std::int64_t winner_id, game::Timestamp now);

void insert_cup_player(pqxx::work& tx, std::int64_t cup_id, int seed, std::int64_t user_id);
// The players by seed.
std::vector<CupPlayer> cup_players(pqxx::work& tx, std::int64_t cup_id);

void insert_cup_match(pqxx::work& tx, std::int64_t cup_id, const CupMatch& match);
// The matches by round and number.
std::vector<CupMatch> cup_matches(pqxx::work& tx, std::int64_t cup_id);
// Stores the players and status of a match (not its result).
void update_cup_match(pqxx::work& tx, std::int64_t cup_id, const CupMatch& match);
// Records that the starter saw `games_over` games of the match over.
void set_games_over_seen(pqxx::work& tx, std::int64_t cup_id, int round, int match_no,
                         int games_over);
void decide_cup_match(pqxx::work& tx, std::int64_t cup_id, int round, int match_no,
                      std::int64_t winner_id, game::Timestamp now);

void insert_cup_game(pqxx::work& tx, std::int64_t cup_id, int round, int match_no, int number,
                     std::int64_t game_id, bool a_white);
// The games of every match by round, match and number.
std::vector<CupGame> cup_games(pqxx::work& tx, std::int64_t cup_id);

}  // namespace corrchess::db
