// Team match use cases (rules.md 6.11, docs/api.md "Teams"), transport-neutral: a director
// creates a match between two teams (boards, games per board, the games' rules, an optional
// start instant for the clocks); each team's captain (or a director) nominates the team's
// player for each board and may substitute them until that board starts; the director
// starts the match, which starts every board both teams have nominated, and a board nominated
// later starts at its second nomination. The score is read from the games
// (competition::team_match_status): live, decided (early while games remain), final. The
// HTTP adapter is api/team_matches.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "app/team_match_view.h"
#include "core/competition/teams.h"
#include "core/error.h"
#include "model/teams.h"
#include "model/users.h"

namespace corrchess::app {

// Creates a match (audited "team_match_created"). kForbidden unless a director;
// kValidationError for boards outside 1..200, games_per_board other than 1 or 2, an unknown
// team, a team playing itself, games the rules refuse. Returns its id.
Result<std::int64_t> create_team_match(GameDeps& deps, const model::User& director,
                                       model::TeamMatchSettings settings);

struct Nomination {
  std::int64_t team_id = 0;
  int board = 0;  // 1-based
  std::string username;
};
struct NominationDone {
  bool substituted = false;    // the board had another player of the team before
  bool board_started = false;  // this nomination completed a board of a running match
};
// Names the player of a team for a board (audited "team_board_nominated" or
// "team_board_substituted"). kValidationError for a team not in the match (checked first,
// whoever calls); then kForbidden unless a captain of that team or a director;
// kValidationError for a board out of range, an unknown user, a
// user who is not a member of the team or who already plays another board of the match (for
// either team); kConflict once the board has started ("board N has started").
Result<NominationDone> nominate_team_player(GameDeps& deps, const model::User& caller,
                                            std::int64_t match_id, const Nomination& nomination);

// Starts the match (audited "team_match_started"): the games of every board both teams have
// nominated are created, colours by competition::team_a_color, clocks from the match's
// start_at or now, whichever is later. kForbidden unless a director; kConflict when already
// started or when no board has both players.
Result<void> start_team_match(GameDeps& deps, const model::User& director, std::int64_t match_id);

Result<TeamMatchView> read_team_match(GameDeps& deps, std::int64_t id);
// Every match, newest first.
Result<std::vector<TeamMatchView>> list_team_matches(GameDeps& deps);

}  // namespace corrchess::app
