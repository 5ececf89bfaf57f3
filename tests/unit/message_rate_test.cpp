// Worked examples of the post-game message limit (core/game/talk.h): 3 a minute and 30 a day
// per author and game; the refusal says how long to wait.
#include <gtest/gtest.h>

#include <string>

#include "core/game/talk.h"

namespace corrchess::game {
namespace {

const Timestamp kNow = utc_instant(CivilDate{2030, 3, 1}, 12);

std::string wait_of(const Result<void>& r) {
  for (const auto& m : r.error().members) {
    if (m.name == "retry_after_seconds") return m.value;
  }
  return "missing";
}

TEST(MessageRate, AFewMessagesPass) {
  EXPECT_TRUE(check_message_rate({}, kNow));
  EXPECT_TRUE(check_message_rate({2, kNow - 30, 2, kNow - 30}, kNow));
}

TEST(MessageRate, TheFourthInAMinuteWaitsForTheFirstToAge) {
  const auto r = check_message_rate({3, kNow - 40, 3, kNow - 40}, kNow);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kRateLimited);
  EXPECT_EQ(wait_of(r), "20");
}

TEST(MessageRate, ThirtyADayWaitForTheOldestToBeADayOld) {
  const auto r = check_message_rate({0, std::nullopt, 30, kNow - 3600}, kNow);
  ASSERT_FALSE(r);
  EXPECT_EQ(wait_of(r), std::to_string(23 * 3600));
  EXPECT_NE(r.error().detail.find("30 messages a day"), std::string::npos);
}

}  // namespace
}  // namespace corrchess::game
