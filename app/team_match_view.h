// A team match as shown (app/team_matches.h): its teams, nominated players, games and score,
// with the words its state is shown by. Transport-neutral: api/ includes it.
#pragma once

#include <string>
#include <vector>

#include "core/competition/teams.h"
#include "model/teams.h"

namespace corrchess::app {

// A match as shown: its teams, nominated players, games and score.
struct TeamMatchView {
  model::StoredTeamMatch match;
  model::StoredTeam team_a;
  model::StoredTeam team_b;
  std::vector<model::TeamMatchPlayer> players;
  std::vector<model::TeamMatchGame> games;
  competition::TeamMatchStatus score;
};
// The state word of a view: "nominating" (not started), "in_play", "decided" (decided while
// games remain) or "finished" (every game over).
std::string team_match_state(const TeamMatchView& v);
// "a", "b", "draw" or "" (not decided).
std::string team_match_winner(const TeamMatchView& v);

}  // namespace corrchess::app
