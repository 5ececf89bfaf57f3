// Worked examples of the per-opponent challenge limits (docs/rules.md "Challenges"): at most
// N challenges to one opponent in any 24 hours, a cooldown after a decline and after a cancel;
// the refusal says when the challenge becomes possible (retry_after_seconds).
#include "core/game/challenge.h"

#include <gtest/gtest.h>

#include <string>

namespace corrchess::game {
namespace {

const Timestamp kNow = utc_instant(CivilDate{2030, 3, 1}, 12);

ChallengeLimits limits() {
  ChallengeLimits l;
  l.max_per_opponent_per_day = 5;
  l.cooldown_after_decline_minutes = 60;
  l.cooldown_after_cancel_minutes = 10;
  return l;
}

std::string retry_after(const Result<void>& r) {
  for (const auto& m : r.error().members) {
    if (m.name == "retry_after_seconds") return m.value;
  }
  return "missing";
}

TEST(ChallengeLimits, NoHistoryAllows) {
  EXPECT_TRUE(check_can_challenge_opponent({}, kNow, limits()));
}

TEST(ChallengeLimits, FourInADayAllowAFifth) {
  ChallengeHistory h;
  h.made_last_day = 4;
  h.oldest_last_day = kNow - 3600;
  EXPECT_TRUE(check_can_challenge_opponent(h, kNow, limits()));
}

TEST(ChallengeLimits, FiveInADayRefuseASixthUntilTheOldestIsADayOld) {
  ChallengeHistory h;
  h.made_last_day = 5;
  h.oldest_last_day = kNow - 3600;  // made an hour ago: 23 hours to wait
  const auto r = check_can_challenge_opponent(h, kNow, limits());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kRateLimited);
  EXPECT_EQ(retry_after(r), std::to_string(23 * 3600));
  EXPECT_NE(r.error().detail.find("5 times in the last 24 hours"), std::string::npos);
}

TEST(ChallengeLimits, ZeroMeansNoDailyLimit) {
  ChallengeHistory h;
  h.made_last_day = 500;
  h.oldest_last_day = kNow - 60;
  auto l = limits();
  l.max_per_opponent_per_day = 0;
  EXPECT_TRUE(check_can_challenge_opponent(h, kNow, l));
}

TEST(ChallengeLimits, ADeclineWaitsAnHour) {
  ChallengeHistory h;
  h.made_last_day = 1;
  h.oldest_last_day = kNow - 600;
  h.last_declined_at = kNow - 15 * 60;  // 45 minutes left
  const auto r = check_can_challenge_opponent(h, kNow, limits());
  ASSERT_FALSE(r);
  EXPECT_EQ(retry_after(r), std::to_string(45 * 60));
  EXPECT_NE(r.error().detail.find("declined"), std::string::npos);
  h.last_declined_at = kNow - 60 * 60;  // exactly an hour: allowed again
  EXPECT_TRUE(check_can_challenge_opponent(h, kNow, limits()));
}

TEST(ChallengeLimits, ACancelWaitsTenMinutes) {
  ChallengeHistory h;
  h.made_last_day = 1;
  h.oldest_last_day = kNow - 120;
  h.last_cancelled_at = kNow - 120;
  const auto r = check_can_challenge_opponent(h, kNow, limits());
  ASSERT_FALSE(r);
  EXPECT_EQ(retry_after(r), std::to_string(8 * 60));
  EXPECT_NE(r.error().detail.find("cancelled"), std::string::npos);
}

TEST(ChallengeLimits, TheLongestWaitIsTheOneTold) {
  ChallengeHistory h;
  h.made_last_day = 5;
  h.oldest_last_day = kNow - 23 * 3600 - 50 * 60;  // the daily limit lifts in 10 minutes
  h.last_declined_at = kNow - 10 * 60;             // the decline's cooldown in 50 minutes
  h.last_cancelled_at = kNow - 5 * 60;             // the cancel's in 5 minutes
  const auto r = check_can_challenge_opponent(h, kNow, limits());
  ASSERT_FALSE(r);
  EXPECT_EQ(retry_after(r), std::to_string(50 * 60));
  EXPECT_NE(r.error().detail.find("declined"), std::string::npos);
}

}  // namespace
}  // namespace corrchess::game
