// Worked examples of cups (rules.md §6.10): the bracket with byes, colours, and match
// verdicts with early decisions, tie-break pairs and the better seed as the last resort.
#include "core/competition/cup.h"

#include <gtest/gtest.h>

#include <vector>

namespace corrchess::competition {
namespace {

using game::GameResult;

TEST(Bracket, SixPlayersGiveTheTwoBestSeedsByes) {
  auto round = first_round(6);
  ASSERT_TRUE(round);
  const std::vector<FirstRoundMatch> expected{{1, std::nullopt}, {4, 5}, {2, std::nullopt}, {3, 6}};
  EXPECT_EQ(*round, expected);
  EXPECT_EQ(round_count(6), 3);
  // The winner of 4-5 meets seed 1 in match 0 of round 2; the winner of 3-6 meets seed 2.
  EXPECT_EQ(next_slot(0), (NextSlot{0, true}));
  EXPECT_EQ(next_slot(1), (NextSlot{0, false}));
  EXPECT_EQ(next_slot(2), (NextSlot{1, true}));
  EXPECT_EQ(next_slot(3), (NextSlot{1, false}));
}

TEST(Bracket, SizesAndLimits) {
  const std::vector<FirstRoundMatch> eight{{1, 8}, {4, 5}, {2, 7}, {3, 6}};
  EXPECT_EQ(first_round(8).value(), eight);
  EXPECT_EQ(first_round(2).value(), std::vector<FirstRoundMatch>{(FirstRoundMatch{1, 2})});
  EXPECT_EQ(round_count(2), 1);
  EXPECT_EQ(round_count(8), 3);
  EXPECT_EQ(round_count(9), 4);
  EXPECT_FALSE(first_round(1));
  EXPECT_FALSE(first_round(1025));
}

TEST(Colours, AlternateInTheRegularGamesAndAgainInEachPair) {
  const MatchRules three{3, 2};
  std::vector<bool> white;
  for (int n = 0; n < 7; ++n) white.push_back(first_player_white(three, n));
  EXPECT_EQ(white, (std::vector<bool>{true, false, true, true, false, true, false}));
}

MatchGame game(bool a_white, std::optional<GameResult> r) { return {a_white, r}; }

TEST(Matches, DecidedWhenTheLeadExceedsWhatIsLeftToPlay) {
  const MatchRules two{2, 1};
  // The better seed won game 1 with White; game 2 goes on: not decided (a loss levels it).
  std::vector<MatchGame> g{game(true, GameResult::kWhiteWins), game(false, std::nullopt)};
  EXPECT_EQ(match_state(two, g), MatchState::kInPlay);
  g[1].result = GameResult::kDraw;
  EXPECT_EQ(match_state(two, g), MatchState::kFirstWins);
  // Four games, three won by the second player: decided with one game still in play.
  const MatchRules four{4, 1};
  const std::vector<MatchGame> clinched{
      game(true, GameResult::kBlackWins), game(false, GameResult::kWhiteWins),
      game(true, GameResult::kBlackWins), game(false, std::nullopt)};
  EXPECT_EQ(match_state(four, clinched), MatchState::kSecondWins);
  // A double default scores for nobody.
  EXPECT_EQ(match_state(
                two, {game(true, GameResult::kWhiteWins), game(false, GameResult::kDoubleDefault)}),
            MatchState::kFirstWins);
}

TEST(Matches, ScoreCountsFinishedGamesFromEachPlayersSide) {
  // First player: won with White, lost with Black, drew a tie-break with White; one game in
  // play and a double default count nothing: 1 1/2 - 1 1/2 (3 - 3 halves).
  const std::vector<MatchGame> g{game(true, GameResult::kWhiteWins),
                                 game(false, GameResult::kWhiteWins), game(true, GameResult::kDraw),
                                 game(false, std::nullopt), game(true, GameResult::kDoubleDefault)};
  EXPECT_EQ(match_score(g), (MatchScore{3, 3}));
  EXPECT_EQ(match_score({game(false, GameResult::kBlackWins)}), (MatchScore{2, 0}));
}

TEST(Matches, EqualGoesToATiebreakPairThenToTheBetterSeed) {
  const MatchRules two{2, 1};
  std::vector<MatchGame> g{game(true, GameResult::kWhiteWins), game(false, GameResult::kWhiteWins)};
  EXPECT_EQ(match_state(two, g), MatchState::kTiebreakNeeded);
  g.push_back(game(true, GameResult::kBlackWins));  // the second player wins the first
  g.push_back(game(false, std::nullopt));
  EXPECT_EQ(match_state(two, g), MatchState::kInPlay);
  g[3].result = GameResult::kDraw;
  EXPECT_EQ(match_state(two, g), MatchState::kSecondWins);
  // Equal again after the only pair: the better seed goes through.
  g[3].result = GameResult::kBlackWins;  // the better seed, Black, wins: 1-1 in the pair
  EXPECT_EQ(match_state(two, g), MatchState::kFirstWins);
  // Without tie-break pairs an equal match goes to the better seed at once.
  EXPECT_EQ(match_state(MatchRules{2, 0},
                        {game(true, GameResult::kDraw), game(false, GameResult::kDraw)}),
            MatchState::kFirstWins);
}

TEST(Matches, BadRulesAreRefused) {
  EXPECT_FALSE(validate(MatchRules{0, 1}));
  EXPECT_FALSE(validate(MatchRules{11, 1}));
  EXPECT_FALSE(validate(MatchRules{2, -1}));
  EXPECT_FALSE(validate(MatchRules{2, 6}));
  EXPECT_TRUE(validate(MatchRules{1, 0}));
}

}  // namespace
}  // namespace corrchess::competition
