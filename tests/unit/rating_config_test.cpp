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

// What the rating settings of a configuration read from the environment should be.
struct RatingSettings {
  rating::PeriodKind period;
  double tau;
  int provisional_games;
  double provisional_deviation;
  bool default_wins;
};

// Reads the configuration from the environment and expects `expected` of it.
void expect_read(const RatingSettings& expected) {
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->rating_period, expected.period);
  EXPECT_EQ(c->rating.tau, expected.tau);
  EXPECT_EQ(c->rating.provisional_games, expected.provisional_games);
  EXPECT_EQ(c->rating.provisional_deviation, expected.provisional_deviation);
  EXPECT_EQ(c->rating_default_wins, expected.default_wins);
}

TEST(RatingConfig, DefaultsAreMonthlyPeriodsTauHalfAndTwelveGames) {
  clear();
  expect_read({rating::PeriodKind::kMonth, 0.5, 12, 110, false});
}

TEST(RatingConfig, SettingsAreReadAndBadValuesRefused) {
  clear();
  setenv("CORRCHESS_RATING_PERIOD", "week", 1);
  setenv("CORRCHESS_RATING_TAU", "0.3", 1);
  setenv("CORRCHESS_RATING_PROVISIONAL_GAMES", "0", 1);
  setenv("CORRCHESS_RATING_PROVISIONAL_DEVIATION", "95.5", 1);
  setenv("CORRCHESS_RATING_DEFAULT_WINS", "1", 1);
  expect_read({rating::PeriodKind::kWeek, 0.3, 0, 95.5, true});
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
