// The manual clock (db/server_clock) over a real database: it moves forward only, and never
// past the last instant RFC 3339 text can hold. Found with the http_request fuzz target: POST
// /admin/clock {"advance_seconds": 9223372036854775807} overflowed the clock's addition
// (undefined behaviour, caught by UBSan on a probing input, now the seed
// tests/data/fuzz/http_request/clock_overflow) and, with smaller amounts, moved the clock
// past what PostgreSQL or RFC 3339 text can hold.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "core/game/time.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "tests/support/temp_database.h"

namespace corrchess::db {
namespace {

game::Timestamp at(const char* text) { return *game::parse_rfc3339(text); }

// The manual clock of a migrated database, set to 2030-01-01T00:00:00Z.
class ManualClockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(db_.connect_migrated());
    ASSERT_TRUE(clock_.set(at("2030-01-01T00:00:00Z")));
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  Pool pool_{db_.url(), 2};
  ManualClock clock_{pool_};
};

TEST_F(ManualClockTest, MovesForwardOnly) {
  auto advanced = clock_.advance(61);
  ASSERT_TRUE(advanced);
  EXPECT_EQ(*advanced, at("2030-01-01T00:01:01Z"));
  EXPECT_FALSE(clock_.advance(0));
  EXPECT_FALSE(clock_.set(at("2029-12-31T00:00:00Z")));
  EXPECT_EQ(clock_.now(), at("2030-01-01T00:01:01Z"));
}

TEST_F(ManualClockTest, NeverPassesTheLastInstantTextCanHold) {
  for (const std::int64_t seconds :
       {std::numeric_limits<std::int64_t>::max(), std::int64_t{1'000'000'000'000'000},
        std::int64_t{300'000'000'000}}) {
    auto refused = clock_.advance(seconds);
    ASSERT_FALSE(refused) << seconds;
    EXPECT_EQ(refused.error().code, ErrorCode::kValidationError);
    EXPECT_EQ(clock_.now(), at("2030-01-01T00:00:00Z")) << "the clock stays where it was";
  }
  EXPECT_FALSE(clock_.set(game::Timestamp(253402300800)));  // 10000-01-01T00:00:00Z
  EXPECT_FALSE(clock_.set(game::Timestamp::max()));
  const auto last = at("9999-12-31T23:59:59Z");
  ASSERT_TRUE(clock_.advance(last - at("2030-01-01T00:00:00Z")));
  EXPECT_EQ(clock_.now(), last);
  EXPECT_EQ(game::format_rfc3339(clock_.now()), "9999-12-31T23:59:59Z");
  EXPECT_FALSE(clock_.advance(1));
  EXPECT_EQ(clock_.now(), last);
}

}  // namespace
}  // namespace corrchess::db
