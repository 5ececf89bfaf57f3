// Olympiad use cases (rules.md 6.11, docs/api.md "Teams"), transport-neutral: a director
// creates an Olympiad with B boards, the games' rules and its teams in seeding order, each
// with its B players (board 1 first); it starts at once as B all-play-all events (one per
// board: board k of every team, seat = the team's seed), so each board has its own
// crosstable, adjudication and norms. The team table is read from the events' games
// (competition::olympiad_table). The HTTP adapter is api/team_matches.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "core/competition/teams.h"
#include "core/error.h"
#include "model/teams.h"
#include "model/users.h"

namespace corrchess::app {

inline constexpr int kMaxOlympiadBoards = 20;
inline constexpr int kMaxOlympiadSize = 32;  // teams: an all-play-all section's size

struct OlympiadEntry {
  std::int64_t team_id = 0;
  std::vector<std::string> players;  // usernames, board 1 first
};
struct OlympiadCreation {
  model::OlympiadSettings settings;
  std::vector<OlympiadEntry> teams;  // seeding order
};
// Creates and starts an Olympiad (audited "olympiad_created"). kForbidden unless a director;
// kValidationError for boards outside 1..20, teams outside 2..32, a team listed twice, a team
// without exactly `boards` players, an unknown user, a player who is not a member of the team
// or listed twice in the Olympiad, an unknown team, games the rules refuse;
// kConflict for a name in use. Returns its id.
Result<std::int64_t> create_olympiad(GameDeps& deps, const model::User& director,
                                     OlympiadCreation request);

struct OlympiadView {
  model::StoredOlympiad olympiad;
  std::vector<model::OlympiadTeam> teams;        // by seed
  std::vector<model::OlympiadPlayer> players;    // by seed and board
  std::vector<model::OlympiadSection> sections;  // by board
  competition::OlympiadTable table;              // team indices are seed - 1
  int games = 0;                                 // games in all sections
  int games_over = 0;                            // finished or annulled
};
Result<OlympiadView> read_olympiad(GameDeps& deps, std::int64_t id);
// Every Olympiad, newest first.
Result<std::vector<model::StoredOlympiad>> list_olympiads(GameDeps& deps);

}  // namespace corrchess::app
