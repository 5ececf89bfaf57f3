// Worked examples of team matches and team tournaments (rules.md §6.11): colours, live
// scores, early decisions, a drawn match, and an Olympiad table with both tie-breaks.
#include "core/competition/teams.h"

#include <gtest/gtest.h>

#include <vector>

namespace corrchess::competition {
namespace {

using chess::Color;
using game::GameResult;

TEST(TeamMatchColours, ReversedOnEachBoardOrAlternatingByBoard) {
  const TeamMatchRules two{4, 2};
  for (int board = 0; board < 4; ++board) {
    EXPECT_EQ(team_a_color(two, board, 0), Color::kWhite);
    EXPECT_EQ(team_a_color(two, board, 1), Color::kBlack);
  }
  const TeamMatchRules one{4, 1};
  EXPECT_EQ(team_a_color(one, 0, 0), Color::kWhite);  // board 1
  EXPECT_EQ(team_a_color(one, 1, 0), Color::kBlack);  // board 2
  EXPECT_EQ(team_a_color(one, 2, 0), Color::kWhite);
  EXPECT_EQ(team_a_color(one, 3, 0), Color::kBlack);
}

TEST(TeamMatch, FourBoardsDecidedEarly) {
  const TeamMatchRules rules{4, 2};  // 8 games, 8 points
  // Board 1 game 1 (A White) 1-0: A +1. Board 2 game 1 (A White) ½. Board 3 game 2 (A Black)
  // 0-1: A +1. Board 4 game 1 (A White) 1-0: A +1. Board 4 game 2 (A Black) ½.
  std::vector<TeamBoardGame> games{
      {0, 0, GameResult::kWhiteWins}, {1, 0, GameResult::kDraw}, {2, 1, GameResult::kBlackWins},
      {3, 0, GameResult::kWhiteWins}, {3, 1, GameResult::kDraw},
  };
  // A 1 + ½ + 1 + 1 + ½ = 4 (8 halves), B ½ + ½ = 1 (2 halves); 3 games open (6 halves):
  // a lead of 6 halves is not more than 6: B could still level at 4-4.
  auto status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{8, 2, 5, 0, 3, TeamMatchState::kInPlay, false}));
  // Board 1 game 2 (A Black) ½: A 4½ - B 1½ (9 - 3), 2 games open (4 halves): 6 > 4, team A
  // has won with two games still to play.
  games.push_back({0, 1, GameResult::kDraw});
  status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{9, 3, 6, 0, 2, TeamMatchState::kTeamAWins, true}));
  // The remaining games are played out; B wins both: 4½ - 3½, still A.
  games.push_back({1, 1, GameResult::kWhiteWins});  // board 2 game 2: A Black, White won
  games.push_back({2, 0, GameResult::kBlackWins});  // board 3 game 1: A White, Black won
  status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{9, 7, 8, 0, 0, TeamMatchState::kTeamAWins, false}));
}

TEST(TeamMatch, TwoGamesPerBoardDrawnWithADoubleDefault) {
  const TeamMatchRules rules{3, 2};
  // Board 1: A wins with White, loses with Black. Board 2: ½ with White, wins with Black.
  // Board 3: loses with White; the game with Black is still in play.
  std::vector<TeamBoardGame> games{
      {0, 0, GameResult::kWhiteWins}, {0, 1, GameResult::kWhiteWins}, {1, 0, GameResult::kDraw},
      {1, 1, GameResult::kBlackWins}, {2, 0, GameResult::kBlackWins}, {2, 1, std::nullopt},
  };
  // A 1 + 0 + ½ + 1 + 0 = 2½, B 0 + 1 + ½ + 0 + 1 = 2½, one game open: in play.
  auto status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{5, 5, 5, 0, 1, TeamMatchState::kInPlay, false}));
  // The last game ends 0-0 (double default): it scores for nobody; all over, 2½ - 2½.
  games[5].result = GameResult::kDoubleDefault;
  status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{5, 5, 6, 0, 0, TeamMatchState::kDrawn, false}));
  // Annulled instead: not played, nothing left to play in it: drawn the same way.
  games[5] = {2, 1, std::nullopt, true};
  status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{5, 5, 5, 1, 0, TeamMatchState::kDrawn, false}));
}

TEST(TeamMatch, OneGamePerBoardFollowsTheAlternatingColours) {
  const TeamMatchRules rules{4, 1};
  // Board 1 (A White) 1-0: A. Board 2 (A Black) 1-0: B. Board 3 (A White) 0-1: B. Board 4
  // (A Black) 0-1: A. 2-2.
  const std::vector<TeamBoardGame> games{{0, 0, GameResult::kWhiteWins},
                                         {1, 0, GameResult::kWhiteWins},
                                         {2, 0, GameResult::kBlackWins},
                                         {3, 0, GameResult::kBlackWins}};
  auto status = team_match_status(rules, games);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{4, 4, 4, 0, 0, TeamMatchState::kDrawn, false}));
  // Nothing played yet: 4 games still to play, nobody ahead.
  status = team_match_status(rules, {});
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{0, 0, 0, 0, 4, TeamMatchState::kInPlay, false}));
  // B wins boards 2, 3 and 4 while board 1 is still open: 0 - 3 with 1 to play: B.
  status = team_match_status(rules, std::vector<TeamBoardGame>{{1, 0, GameResult::kWhiteWins},
                                                               {2, 0, GameResult::kBlackWins},
                                                               {3, 0, GameResult::kWhiteWins}});
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, (TeamMatchStatus{0, 6, 3, 0, 1, TeamMatchState::kTeamBWins, true}));
}

TEST(TeamMatch, RejectsBadRulesAndGames) {
  EXPECT_FALSE(validate(TeamMatchRules{0, 2}));
  EXPECT_FALSE(validate(TeamMatchRules{4, 3}));
  EXPECT_TRUE(validate(TeamMatchRules{kMaxTeamBoards, 1}));
  const TeamMatchRules rules{2, 2};
  EXPECT_FALSE(team_match_status(rules, std::vector<TeamBoardGame>{{2, 0, std::nullopt}}));
  EXPECT_FALSE(team_match_status(rules, std::vector<TeamBoardGame>{{0, 2, std::nullopt}}));
  EXPECT_FALSE(team_match_status(
      rules, std::vector<TeamBoardGame>{{0, 0, std::nullopt}, {0, 0, GameResult::kDraw}}));
}

// Four teams A, B, C, D (indices 0..3, in seeding order) of three boards. Match scores (A's,
// B's, ... first): A-B 2-1, A-C 0-3, A-D 2-1, B-C 2½-½, B-D ½-2½, C-D 1½-1½.
std::vector<OlympiadGame> olympiad_games() {
  constexpr int kA = 0, kB = 1, kC = 2, kD = 3;
  return {
      // A-B: board 1 A (White) wins; board 2 A (Black) wins; board 3 B (Black) wins.
      {0, kA, kB, GameResult::kWhiteWins},
      {1, kB, kA, GameResult::kBlackWins},
      {2, kA, kB, GameResult::kBlackWins},
      // A-C: C wins on all three boards.
      {0, kC, kA, GameResult::kWhiteWins},
      {1, kA, kC, GameResult::kBlackWins},
      {2, kC, kA, GameResult::kWhiteWins},
      // A-D: board 1 ½; board 2 A (Black) wins; board 3 ½.
      {0, kA, kD, GameResult::kDraw},
      {1, kD, kA, GameResult::kBlackWins},
      {2, kA, kD, GameResult::kDraw},
      // B-C: board 1 B wins; board 2 ½; board 3 B wins.
      {0, kB, kC, GameResult::kWhiteWins},
      {1, kC, kB, GameResult::kDraw},
      {2, kB, kC, GameResult::kWhiteWins},
      // B-D: board 1 D wins; board 2 D wins; board 3 ½.
      {0, kD, kB, GameResult::kWhiteWins},
      {1, kB, kD, GameResult::kBlackWins},
      {2, kD, kB, GameResult::kDraw},
      // C-D: board 1 C wins; board 2 D wins; board 3 ½.
      {0, kC, kD, GameResult::kWhiteWins},
      {1, kD, kC, GameResult::kWhiteWins},
      {2, kC, kD, GameResult::kDraw},
  };
}

TEST(OlympiadTable, TiesBrokenByMatchPointsAndByBoardOne) {
  auto table = olympiad_table(4, 3, olympiad_games());
  ASSERT_TRUE(table);
  // Board points by board (halves): A 3 + 4 + 1 = 8 (board 1: 1 vs B, 0 vs C, ½ vs D = 1½),
  // B 2 + 1 + 5 = 8, C 4 + 3 + 3 = 10, D 3 + 4 + 3 = 10.
  // Match points: A beat B and D, lost to C: 4; B beat C, lost to A and D: 2; C beat A, lost
  // to B, drew D: 3; D beat B, lost to A, drew C: 3.
  // C and D: 5 board points and 3 match points each; board 1: C 2 (1 vs A, 0 vs B, 1 vs D)
  // against D 1½ (½ vs A, 1 vs B, 0 vs C): C first, although D has more on board 2.
  // A and B: 4 board points each; match points 4 against 2: A third.
  const std::vector<OlympiadRow> expected{
      {2, 1, 10, 3, {4, 3, 3}, 1, 1, 1},
      {3, 2, 10, 3, {3, 4, 3}, 1, 1, 1},
      {0, 3, 8, 4, {3, 4, 1}, 2, 0, 1},
      {1, 4, 8, 2, {2, 1, 5}, 1, 0, 2},
  };
  EXPECT_EQ(table->rows, expected);
  const std::vector<TeamPairing> matches{
      {0, 1, 4, 2, 0, true}, {0, 2, 0, 6, 0, true}, {0, 3, 4, 2, 0, true},
      {1, 2, 5, 1, 0, true}, {1, 3, 1, 5, 0, true}, {2, 3, 3, 3, 0, true},
  };
  EXPECT_EQ(table->matches, matches);
}

// Match points come before board 1 (rules.md 6.11): X and Y both score 3 board points, X with
// 3 match points (won 1½-½ against Y, drew Z 1-1, lost ½-1½ to W), Y with 2 (won 2-0 against
// Z, lost ½-1½ to X and to W), although Y has 2 on board 1 against X's ½. W: 4 board points;
// Z: 2.
TEST(OlympiadTable, MatchPointsComeBeforeBoardOne) {
  constexpr int kX = 0, kY = 1, kZ = 2, kW = 3;
  const std::vector<OlympiadGame> games{
      {0, kX, kY, GameResult::kDraw},      {1, kY, kX, GameResult::kBlackWins},
      {0, kY, kZ, GameResult::kWhiteWins}, {1, kZ, kY, GameResult::kBlackWins},
      {0, kY, kW, GameResult::kDraw},      {1, kW, kY, GameResult::kWhiteWins},
      {0, kX, kZ, GameResult::kBlackWins}, {1, kZ, kX, GameResult::kBlackWins},
      {0, kX, kW, GameResult::kBlackWins}, {1, kW, kX, GameResult::kDraw},
      {0, kZ, kW, GameResult::kDraw},      {1, kW, kZ, GameResult::kDraw},
  };
  auto table = olympiad_table(4, 2, games);
  ASSERT_TRUE(table);
  const std::vector<OlympiadRow> expected{
      {kW, 1, 8, 5, {4, 4}, 2, 1, 0},
      {kX, 2, 6, 3, {1, 5}, 1, 1, 1},
      {kY, 3, 6, 2, {4, 2}, 1, 0, 2},
      {kZ, 4, 4, 2, {3, 1}, 0, 2, 1},
  };
  EXPECT_EQ(table->rows, expected);
}

TEST(OlympiadTable, AMatchStillInPlayGivesNoMatchPoints) {
  auto games = olympiad_games();
  games[2].result = std::nullopt;  // A-B board 3 still in play (B won it above)
  auto table = olympiad_table(4, 3, games);
  ASSERT_TRUE(table);
  // A-B stands 2-0 with one game open: no match points yet. A: 2 (beat D); B: 2 (beat C).
  // Board points: C 10, D 10 (as before), A 8, B 8 - 2 = 6.
  EXPECT_EQ(table->matches[0], (TeamPairing{0, 1, 4, 0, 1, false}));
  ASSERT_EQ(table->rows.size(), 4U);
  EXPECT_EQ(table->rows[2].team, 0);
  EXPECT_EQ(table->rows[2].match_points, 2);
  EXPECT_EQ(table->rows[2].matches_won, 1);
  EXPECT_EQ(table->rows[3].team, 1);
  EXPECT_EQ(table->rows[3].board_halves, 6);
  EXPECT_EQ(table->rows[3].match_points, 2);
}

TEST(OlympiadTable, SeedingDecidesLastAndAnnulledMatchesGiveNothing) {
  // Two teams, one board: a draw. Equal board points, match points (1 each) and board 1: the
  // team seeded first is first.
  auto table = olympiad_table(2, 1, std::vector<OlympiadGame>{{0, 1, 0, GameResult::kDraw}});
  ASSERT_TRUE(table);
  EXPECT_EQ(table->rows[0], (OlympiadRow{0, 1, 1, 1, {1}, 0, 1, 0}));
  EXPECT_EQ(table->rows[1], (OlympiadRow{1, 2, 1, 1, {1}, 0, 1, 0}));
  // Their only game annulled: nothing scored, no match points, the match is not complete.
  table = olympiad_table(2, 1, std::vector<OlympiadGame>{{0, 1, 0, std::nullopt, true}});
  ASSERT_TRUE(table);
  EXPECT_EQ(table->matches, std::vector<TeamPairing>{(TeamPairing{0, 1, 0, 0, 0, false})});
  EXPECT_EQ(table->rows[0], (OlympiadRow{0, 1, 0, 0, {0}, 0, 0, 0}));
  // A double default is scored (0-0): the match is complete and equal, 1 match point each.
  table = olympiad_table(2, 1, std::vector<OlympiadGame>{{0, 0, 1, GameResult::kDoubleDefault}});
  ASSERT_TRUE(table);
  EXPECT_EQ(table->matches, std::vector<TeamPairing>{(TeamPairing{0, 1, 0, 0, 0, true})});
  EXPECT_EQ(table->rows[1].match_points, 1);
}

TEST(OlympiadTable, RejectsBadInput) {
  EXPECT_FALSE(olympiad_table(1, 3, {}));
  EXPECT_FALSE(olympiad_table(4, 0, {}));
  EXPECT_FALSE(olympiad_table(4, 3, std::vector<OlympiadGame>{{3, 0, 1, std::nullopt}}));
  EXPECT_FALSE(olympiad_table(4, 3, std::vector<OlympiadGame>{{0, 0, 4, std::nullopt}}));
  EXPECT_FALSE(olympiad_table(4, 3, std::vector<OlympiadGame>{{0, 2, 2, std::nullopt}}));
}

}  // namespace
}  // namespace corrchess::competition
