// Glicko-2 (core/rating): the worked example of Glickman's paper, a period without games,
// extreme results, the provisional flag, whole periods, and a property: among equally
// uncertain players the rating points won and lost roughly cancel out.
#include "core/rating/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

namespace corrchess::rating {
namespace {

const Glicko2Settings kSettings{};

TEST(Glicko2, ThePapersWorkedExample) {
  // 1500 / 200 / 0.06 beats 1400/30, loses to 1550/100 and 1700/300; τ = 0.5.
  const Rating player{1500, 200, 0.06};
  const std::vector<Outcome> games{
      {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const auto after = rate(player, games, kSettings);
  // The paper rounds its intermediate steps and prints 1464.06; unrounded it is 1464.05.
  EXPECT_NEAR(after.rating, 1464.05, 0.005);
  EXPECT_NEAR(after.deviation, 151.52, 0.005);
  EXPECT_NEAR(after.volatility, 0.059996, 0.0000005);
  EXPECT_EQ(std::floor(after.volatility * 1e5), 5999) << "the paper's 0.05999";
}

TEST(Glicko2, APeriodWithoutGamesOnlyGrowsTheDeviation) {
  const Rating player{1700, 200, 0.06};
  const auto after = rate(player, {}, kSettings);
  EXPECT_EQ(after.rating, 1700);
  EXPECT_EQ(after.volatility, 0.06);
  // φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
  const double phi = 200 / 173.7178;
  EXPECT_NEAR(after.deviation, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
  EXPECT_GT(after.deviation, 200);
  // Never above the cap (the newcomer's 350), however long the player stays away.
  Rating idle = player;
  for (int i = 0; i < 1000; ++i) idle = rate(idle, {}, kSettings);
  EXPECT_DOUBLE_EQ(idle.deviation, 350);
  EXPECT_EQ(idle.rating, 1700);
}

TEST(Glicko2, ExtremeResultsMoveRatingsTheExpectedWayAndStayFinite) {
  // A newcomer beating a far stronger, certain player gains a lot; losing to a far weaker
  // one costs a lot; the expected result changes almost nothing.
  const Rating newcomer{1500, 350, 0.06};
  const Rating strong{2700, 30, 0.06};
  const Rating weak{800, 30, 0.06};
  const auto upset = rate(newcomer, {{strong, 1}}, kSettings);
  const auto fall = rate(newcomer, {{weak, 0}}, kSettings);
  const auto expected = rate(strong, {{newcomer, 1}}, kSettings);
  EXPECT_GT(upset.rating, 1700);
  EXPECT_LT(fall.rating, 1300);
  EXPECT_NEAR(expected.rating, 2700, 1);
  for (const auto& r : {upset, fall, expected}) {
    EXPECT_TRUE(std::isfinite(r.rating) && std::isfinite(r.deviation) &&
                std::isfinite(r.volatility));
    EXPECT_GT(r.deviation, 0);
    EXPECT_GT(r.volatility, 0);
  }
  // Fifty wins in one period against equal opposition.
  std::vector<Outcome> streak(50, Outcome{{1500, 50, 0.06}, 1});
  const auto after = rate({1500, 50, 0.06}, streak, kSettings);
  EXPECT_TRUE(std::isfinite(after.rating));
  EXPECT_GT(after.rating, 1600);
  EXPECT_GT(after.volatility, 0.06) << "a surprising streak raises the volatility";
}

TEST(Glicko2, ExpectedScoreIsSymmetricForEqualDeviations) {
  const Rating a{1600, 80, 0.06}, b{1400, 80, 0.06};
  EXPECT_NEAR(expected_score(a, b) + expected_score(b, a), 1, 1e-12);
  EXPECT_GT(expected_score(a, b), 0.5);
  EXPECT_NEAR(expected_score(a, a), 0.5, 1e-12);
}

TEST(Glicko2, ProvisionalUntilTwelveGamesAndADeviationOfAtMost110) {
  EXPECT_TRUE(is_provisional(60, 11, kSettings));
  EXPECT_FALSE(is_provisional(60, 12, kSettings));
  EXPECT_FALSE(is_provisional(110, 12, kSettings));
  EXPECT_TRUE(is_provisional(110.01, 40, kSettings));
  Glicko2Settings lenient;
  lenient.provisional_games = 5;
  lenient.provisional_deviation = 200;
  EXPECT_FALSE(is_provisional(150, 5, lenient));
  EXPECT_TRUE(is_provisional(150, 4, lenient));
}

TEST(Glicko2, APeriodRatesEveryPlayerAgainstStartOfPeriodRatings) {
  const std::vector<PlayerRating> before{{1, {1500, 200, 0.06}, 30},
                                         {2, {1400, 30, 0.06}, 40},
                                         {3, {1550, 100, 0.06}, 12},
                                         {4, {1700, 300, 0.06}, 3},
                                         {9, {1800, 100, 0.06}, 20}};
  const std::vector<RatedGame> games{{1, 2, 1}, {3, 1, 1}, {1, 4, 0}, {5, 2, 0.5}};
  const auto after = rate_period(before, games, kSettings);
  ASSERT_EQ(after.size(), 6u);  // 1..5 and 9, by id
  EXPECT_EQ(after[0].player, 1);
  EXPECT_NEAR(after[0].rating.rating, 1464.05, 0.005) << "the paper's example inside a period";
  EXPECT_EQ(after[0].games_in_period, 3);
  EXPECT_EQ(after[0].total_games, 33);
  EXPECT_TRUE(after[0].provisional) << "a deviation of 151.52 is above 110";
  EXPECT_EQ(after[4].player, 5);
  EXPECT_EQ(after[4].games_in_period, 1);
  EXPECT_EQ(after[4].total_games, 1);
  EXPECT_TRUE(after[4].provisional) << "a newcomer";
  EXPECT_EQ(after[5].player, 9);
  EXPECT_EQ(after[5].games_in_period, 0);
  EXPECT_EQ(after[5].rating.rating, 1800);
  EXPECT_GT(after[5].rating.deviation, 100);
}

TEST(Glicko2Property, PointsAreRoughlyConservedAmongEquallyUncertainPlayers) {
  // Random all-play-all sections (everybody plays everybody once, random results) of
  // players of random strength but the same deviation and volatility.
  std::mt19937 random(20261125);
  std::uniform_real_distribution<double> strength(1350, 1650);
  std::uniform_real_distribution<double> deviation(50, 150);
  double share = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + static_cast<int>(random() % 11);
    const double rd = deviation(random);
    std::vector<PlayerRating> before;
    for (int i = 0; i < n; ++i) before.push_back({i + 1, {strength(random), rd, 0.06}, 20});
    std::vector<RatedGame> games;
    for (std::int64_t a = 1; a <= n; ++a) {
      for (std::int64_t b = a + 1; b <= n; ++b) {
        games.push_back({a, b, static_cast<double>(random() % 3) / 2.0});
      }
    }
    const auto after = rate_period(before, games, kSettings);
    double net = 0, moved = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
      const double change = after[i].rating.rating - before[i].rating.rating;
      net += change;
      moved += std::fabs(change);
    }
    // Each player's deviation shrinks by a slightly different amount (it depends on the
    // opponents' ratings), so the sum is not exactly zero: a small fraction of the points
    // that changed hands.
    EXPECT_LE(std::fabs(net), 0.05 * moved + 1e-6)
        << "trial " << trial << ": net " << net << " of " << moved;
    if (moved > 0) share += std::fabs(net) / moved;
  }
  EXPECT_LT(share / 300, 0.01) << "on average under 1% of the points moved are made or lost";
}

TEST(Glicko2Property, OneGameBetweenTwoEqualUncertaintiesConservesExactly) {
  const std::vector<PlayerRating> before{{1, {1620, 90, 0.06}, 20}, {2, {1480, 90, 0.06}, 20}};
  for (double score : {0.0, 0.5, 1.0}) {
    const auto after = rate_period(before, {{1, 2, score}}, kSettings);
    EXPECT_NEAR(after[0].rating.rating + after[1].rating.rating, 1620 + 1480, 1e-6);
  }
}

}  // namespace
}  // namespace corrchess::rating
