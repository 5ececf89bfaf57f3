// Worked examples of the post-game message limit (core/game/talk.h): 3 a minute and 30 a day
// per author and game; the refusal says how long to wait.
#include <gtest/gtest.h>

#include <string>

#include "core/game/talk.h"
#include "core/game/wait_text.h"

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

// The wait in a refusal's detail reads at a glance; retry_after_seconds keeps the number.
TEST(WaitText, SecondsMinutesHours) {
  EXPECT_EQ(wait_text(1), "1 second");
  EXPECT_EQ(wait_text(45), "45 seconds");
  EXPECT_EQ(wait_text(119), "119 seconds");
  EXPECT_EQ(wait_text(120), "2 minutes");
  EXPECT_EQ(wait_text(3595), "60 minutes");
  EXPECT_EQ(wait_text(7200), "2 hours");
  EXPECT_EQ(wait_text(23 * 3600 - 1), "23 hours");
}

}  // namespace
}  // namespace corrchess::game
