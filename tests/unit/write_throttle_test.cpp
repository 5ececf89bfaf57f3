// Token buckets of the write rate limits (api/write_throttle.h), with explicit instants.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "api/write_throttle.h"

namespace corrchess::api {
namespace {

using std::chrono::seconds;

TEST(RateLimiter, ABurstOfAMinutesWorthThenTheRate) {
  RateLimiter limiter(6);  // one every 10 s, bursts of 6
  const auto t0 = RateLimiter::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(limiter.take("k", t0), std::nullopt) << i;
  EXPECT_EQ(limiter.take("k", t0), 10);
  EXPECT_EQ(limiter.take("k", t0 + seconds(4)), 6);  // refused takes spend nothing
  EXPECT_EQ(limiter.take("k", t0 + seconds(10)), std::nullopt);
  EXPECT_EQ(limiter.take("k", t0 + seconds(11)), 9);
  // Other keys have their own bucket; a long pause refills to the burst, not beyond.
  EXPECT_EQ(limiter.take("other", t0), std::nullopt);
  const auto later = t0 + std::chrono::hours(5);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(limiter.take("k", later), std::nullopt) << i;
  EXPECT_TRUE(limiter.take("k", later).has_value());
}

TEST(RateLimiter, ZeroMeansUnlimitedAndIdleKeysAreForgottenWhenFull) {
  RateLimiter unlimited(0);
  const auto t0 = RateLimiter::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(unlimited.take("k", t0), std::nullopt);
  // With room for two keys, a third forgets those that refilled and keeps the others.
  RateLimiter small(60, 2);
  EXPECT_EQ(small.take("a", t0), std::nullopt);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(small.take("b", t0 + seconds(61)), std::nullopt);
  EXPECT_EQ(small.take("c", t0 + seconds(61)), std::nullopt);  // a is full again, b empty
  EXPECT_EQ(small.tracked_keys(), 2U);
  EXPECT_TRUE(small.take("b", t0 + seconds(61)).has_value());  // b kept its empty bucket
}

TEST(WriteThrottle, CountsWritesOnlyAndAnswers429WithRetryAfter) {
  WriteThrottle throttle(WriteLimits{2, 0});
  Request get;
  get.method = "GET";
  get.path = "/api/v1/games";
  get.headers["authorization"] = "Bearer t1";
  Request put = get;
  put.method = "PUT";
  put.path = "/api/v1/games/1/note";
  Request login = put;
  login.method = "POST";
  login.path = "/api/v1/auth/login";
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(throttle.check(get));
    EXPECT_FALSE(throttle.check(login));
  }
  EXPECT_FALSE(throttle.check(put));
  EXPECT_FALSE(throttle.check(put));
  const auto refused = throttle.check(put);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 429);
  EXPECT_NE(refused->body.find("rate_limited"), std::string::npos);
  bool retry_after = false;
  for (const auto& [name, value] : refused->headers) {
    if (name == "Retry-After") retry_after = std::stoi(value) >= 1 && std::stoi(value) <= 30;
  }
  EXPECT_TRUE(retry_after);
  Request other = put;
  other.headers["authorization"] = "Bearer t2";
  EXPECT_FALSE(throttle.check(other));
}

}  // namespace
}  // namespace corrchess::api
