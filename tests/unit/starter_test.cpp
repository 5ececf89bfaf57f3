// Worked examples of the competition starter's retry delays (core/competition/starter.h): a
// minute after the first failure, doubling, six hours at most.
#include "core/competition/starter.h"

#include <gtest/gtest.h>

namespace corrchess::competition {
namespace {

TEST(StarterRetryDelay, DoublesFromAMinuteAfterEachFailureInARow) {
  EXPECT_EQ(starter_retry_delay(1), 60);
  EXPECT_EQ(starter_retry_delay(2), 120);
  EXPECT_EQ(starter_retry_delay(3), 240);
  EXPECT_EQ(starter_retry_delay(4), 480);
  EXPECT_EQ(starter_retry_delay(8), 7680);   // 2 h 8 min
  EXPECT_EQ(starter_retry_delay(9), 15360);  // 4 h 16 min
}

TEST(StarterRetryDelay, NeverMoreThanSixHours) {
  EXPECT_EQ(starter_retry_delay(10), 6 * 3600);  // 8 h 32 min would be next
  EXPECT_EQ(starter_retry_delay(11), 6 * 3600);
  EXPECT_EQ(starter_retry_delay(1000), 6 * 3600);
  EXPECT_EQ(starter_retry_delay(2147483647), 6 * 3600);
}

TEST(StarterRetryDelay, NoFailureYetCountsAsTheFirst) {
  EXPECT_EQ(starter_retry_delay(0), 60);
  EXPECT_EQ(starter_retry_delay(-3), 60);
}

}  // namespace
}  // namespace corrchess::competition
