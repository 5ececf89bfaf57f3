#include "app/team_match_view.h"

namespace corrchess::app {

std::string team_match_state(const TeamMatchView& v) {
  if (v.match.status == "nominating") return "nominating";
  if (v.score.state == competition::TeamMatchState::kInPlay) return "in_play";
  return v.score.open > 0 ? "decided" : "finished";
}

std::string team_match_winner(const TeamMatchView& v) {
  switch (v.score.state) {
    case competition::TeamMatchState::kTeamAWins: return "a";
    case competition::TeamMatchState::kTeamBWins: return "b";
    case competition::TeamMatchState::kDrawn: return "draw";
    case competition::TeamMatchState::kInPlay: break;
  }
  return "";
}

}  // namespace corrchess::app
