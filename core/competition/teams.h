// Team matches and team tournaments (rules.md §6.11). Pure functions; worked examples in
// tests/unit/teams_test.cpp.
//
// Team match (the correspondence friendly between two federations or clubs): `boards`
// boards, each either two games with colours reversed (team A White in the board's first
// game, Black in its second) or one game with colours alternating by board (team A White on
// board 1, Black on board 2, White on board 3, ...). The team score is the sum of the board
// points, kept in half points. The match is decided as soon as one team's lead is larger
// than the points still to be played (every game neither finished nor annulled, games not
// started yet included); the remaining games are still played out. With every game over and
// the scores equal, the match is drawn. A double default (0-0) scores for nobody. An
// annulled game counts as not played: no points for either team, and nothing left to play
// in it.
//
// Team tournament (Olympiad format): `teams` teams of `boards` boards; board k of every team
// plays an all-play-all section with board k of the other teams. A team's board points are
// the sum of its points over all boards. The match between two teams is the set of their
// games on all boards; once none of them is still in play (and at least one was scored) it
// gives match points: 2 to the team with more points in it, 1 each when equal, 0 to the
// other. Standings, in this order: board points, then match points, then the board points
// on board 1, then the seeding (the team listed first, i.e. the lower team index, ahead):
// places are never shared.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/chess/types.h"
#include "core/error.h"
#include "core/game/facts.h"

namespace corrchess::competition {

// ---- team matches ----

struct TeamMatchRules {
  int boards = 2;           // 1..kMaxTeamBoards
  int games_per_board = 2;  // 2: colours reversed on each board; 1: colours alternating by board

  bool operator==(const TeamMatchRules&) const = default;
};

inline constexpr int kMaxTeamBoards = 200;

// kValidationError for boards outside 1..kMaxTeamBoards or games_per_board other than 1, 2.
Result<void> validate(const TeamMatchRules& rules);

// Team A's colour in game `game` (0-based) of board `board` (0-based: board 1 is 0).
// Two games a board: White in game 0, Black in game 1. One game: White on boards 0, 2, 4, ...
chess::Color team_a_color(const TeamMatchRules& rules, int board, int game);

// One game of a team match as far as it is known; a (board, game) not listed has not
// started and is still to be played.
struct TeamBoardGame {
  int board = 0;                           // 0-based
  int game = 0;                            // 0-based within the board
  std::optional<game::GameResult> result;  // none: still in play
  bool annulled = false;                   // annulled: not played, counts for nothing

  bool operator==(const TeamBoardGame&) const = default;
};

enum class TeamMatchState {
  kInPlay,     // not decided yet
  kTeamAWins,  // decided for team A (perhaps before every game is over: see `early`)
  kTeamBWins,
  kDrawn,  // every game over, equal scores
};

struct TeamMatchStatus {
  int a_halves = 0;  // team A's points so far, in half points
  int b_halves = 0;
  int finished = 0;  // games with a result (double defaults included)
  int annulled = 0;
  int open = 0;  // games still to be played: boards * games_per_board - finished - annulled
  TeamMatchState state = TeamMatchState::kInPlay;
  bool early = false;  // decided while some games are still open

  bool operator==(const TeamMatchStatus&) const = default;
};

// The live score and verdict of a match. kValidationError for bad rules, a board or game out
// of range, or a (board, game) listed twice.
Result<TeamMatchStatus> team_match_status(const TeamMatchRules& rules,
                                          std::span<const TeamBoardGame> games);

// ---- team tournaments (Olympiad) ----

inline constexpr int kMaxOlympiadTeams = 100;

// One game of board `board` (0-based) between the players of two teams.
struct OlympiadGame {
  int board = 0;
  int white_team = 0;  // team index (0-based, in seeding order)
  int black_team = 0;
  std::optional<game::GameResult> result;  // none: still in play
  bool annulled = false;                   // annulled: not played, counts for nothing

  bool operator==(const OlympiadGame&) const = default;
};

// The match between two teams: their games on all boards.
struct TeamPairing {
  int team_a = 0;  // the lower index
  int team_b = 0;
  int a_halves = 0;
  int b_halves = 0;
  int open = 0;           // games between them still in play
  bool complete = false;  // no game in play and at least one scored: match points given

  bool operator==(const TeamPairing&) const = default;
};

struct OlympiadRow {
  int team = 0;
  int place = 0;  // 1-based, never shared
  int board_halves = 0;
  int match_points = 0;
  std::vector<int> halves_by_board;  // board points on each board; [0] is the board-1 tie-break
  int matches_won = 0;
  int matches_drawn = 0;
  int matches_lost = 0;

  bool operator==(const OlympiadRow&) const = default;
};

struct OlympiadTable {
  std::vector<OlympiadRow> rows;     // in place order
  std::vector<TeamPairing> matches;  // every pair of teams with a game, by (team_a, team_b)

  bool operator==(const OlympiadTable&) const = default;
};

// The team table of a team tournament. kValidationError for teams outside
// 2..kMaxOlympiadTeams, boards outside 1..kMaxTeamBoards, a board or team out of range, or a
// team playing itself.
Result<OlympiadTable> olympiad_table(int teams, int boards, std::span<const OlympiadGame> games);

}  // namespace corrchess::competition
