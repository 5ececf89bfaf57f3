// The CORRCHESS_RATING_* settings (docs/ratings.md): defaults, accepted values, refusals.
#include <gtest/gtest.h>

#include <cstdlib>

#include "server/config.h"

namespace corrchess::server {
namespace {

constexpr const char* kNames[] = {
    "CORRCHESS_RATING_PERIOD", "CORRCHESS_RATING_TAU", "CORRCHESS_RATING_PROVISIONAL_GAMES",
    "CORRCHESS_RATING_PROVISIONAL_DEVIATION", "CORRCHESS_RATING_DEFAULT_WINS"};

void clear() {
  for (const char* name : kNames) unsetenv(name);
}

TEST(RatingConfig, DefaultsAreMonthlyPeriodsTauHalfAndTwelveGames) {
  clear();
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->rating_period, rating::PeriodKind::kMonth);
  EXPECT_EQ(c->rating.tau, 0.5);
  EXPECT_EQ(c->rating.provisional_games, 12);
  EXPECT_EQ(c->rating.provisional_deviation, 110);
  EXPECT_FALSE(c->rating_default_wins);
}

TEST(RatingConfig, SettingsAreReadAndBadValuesRefused) {
  clear();
  setenv("CORRCHESS_RATING_PERIOD", "week", 1);
  setenv("CORRCHESS_RATING_TAU", "0.3", 1);
  setenv("CORRCHESS_RATING_PROVISIONAL_GAMES", "0", 1);
  setenv("CORRCHESS_RATING_PROVISIONAL_DEVIATION", "95.5", 1);
  setenv("CORRCHESS_RATING_DEFAULT_WINS", "1", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->rating_period, rating::PeriodKind::kWeek);
  EXPECT_EQ(c->rating.tau, 0.3);
  EXPECT_EQ(c->rating.provisional_games, 0);
  EXPECT_EQ(c->rating.provisional_deviation, 95.5);
  EXPECT_TRUE(c->rating_default_wins);
  for (const auto& [name, bad] :
       {std::pair{"CORRCHESS_RATING_PERIOD", "quarter"}, std::pair{"CORRCHESS_RATING_TAU", "0"},
        std::pair{"CORRCHESS_RATING_TAU", "fast"},
        std::pair{"CORRCHESS_RATING_PROVISIONAL_GAMES", "-3"},
        std::pair{"CORRCHESS_RATING_PROVISIONAL_DEVIATION", "1e9"}}) {
    clear();
    setenv(name, bad, 1);
    auto refused = config_from_env();
    EXPECT_FALSE(refused.has_value()) << name << "=" << bad;
    if (!refused) {
      EXPECT_NE(refused.error().detail.find(name), std::string::npos);
    }
  }
  clear();
}

}  // namespace
}  // namespace corrchess::server
