// The background loops' wake-ups (server/wake_loop.h): a poke runs the next step without
// waiting out the sleep, and pokes in a burst coalesce into one step per min_poke_interval.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server/wake_loop.h"

namespace corrchess {
namespace {

using namespace std::chrono_literals;

// Waits up to `limit` for `steps` to reach `at_least`.
bool reaches(const std::atomic<int>& steps, int at_least, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (steps.load() < at_least) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

TEST(WakeLoop, APokeEndsALongSleep) {
  std::atomic<int> steps{0};
  server::WakeLoop loop([&] {
    ++steps;
    return std::chrono::milliseconds(60000);
  });
  loop.start();
  ASSERT_TRUE(reaches(steps, 1, 5000ms));
  loop.poke();
  EXPECT_TRUE(reaches(steps, 2, 5000ms)) << "the poke did not end the minute's sleep";
  loop.stop();
}

TEST(WakeLoop, ABurstOfPokesRunsOneStepPerInterval) {
  std::atomic<int> steps{0};
  server::WakeLoop loop(
      [&] {
        ++steps;
        return std::chrono::milliseconds(60000);
      },
      400ms);
  loop.start();
  ASSERT_TRUE(reaches(steps, 1, 5000ms));
  // 1,000 pokes within about half a second: at most two intervals' worth of steps, and at
  // least one (pokes are not lost).
  const auto began = std::chrono::steady_clock::now();
  for (int i = 0; i < 1000; ++i) {
    loop.poke();
    std::this_thread::sleep_for(500us);
  }
  const auto took = std::chrono::steady_clock::now() - began;
  EXPECT_TRUE(reaches(steps, 2, 5000ms));
  const int intervals = static_cast<int>(took / 400ms) + 1;
  EXPECT_LE(steps.load(), 1 + intervals + 1) << "pokes were not coalesced";
  loop.stop();
}

}  // namespace
}  // namespace corrchess
