#include "app/team_match_reads.h"

#include "db/team_matches.h"
#include "db/teams.h"

namespace corrchess::app {

namespace {

// The games of a match as competition::team_match_status counts them.
std::vector<competition::TeamBoardGame> board_games(
    const std::vector<model::TeamMatchGame>& games) {
  std::vector<competition::TeamBoardGame> out;
  for (const auto& g : games) {
    competition::TeamBoardGame b;
    b.board = g.board - 1;
    b.game = g.number;
    if (g.status == "finished") b.result = g.result;
    b.annulled = g.status == "annulled";
    out.push_back(b);
  }
  return out;
}

}  // namespace

Result<TeamMatchView> team_match_view(pqxx::work& tx, model::StoredTeamMatch match) {
  TRY_LET(a, db::load_team(tx, match.settings.team_a, false));
  TRY_LET(b, db::load_team(tx, match.settings.team_b, false));
  const auto id = match.id;
  TeamMatchView v{std::move(match),
                  std::move(*a),
                  std::move(*b),
                  db::team_match_players(tx, id),
                  db::team_match_games(tx, id),
                  {}};
  const auto games = board_games(v.games);
  TRY_LET(score, competition::team_match_status(v.match.settings.match, games));
  v.score = *score;
  return v;
}

}  // namespace corrchess::app
