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

TEST(ManualClock, MovesForwardOnly) {
  testing::TempDatabase db;
  ASSERT_TRUE(db.connect_migrated());
  Pool pool(db.url(), 2);
  ManualClock clock(pool);
  ASSERT_TRUE(clock.set(at("2030-01-01T00:00:00Z")));
  auto advanced = clock.advance(61);
  ASSERT_TRUE(advanced);
  EXPECT_EQ(*advanced, at("2030-01-01T00:01:01Z"));
  EXPECT_FALSE(clock.advance(0));
  EXPECT_FALSE(clock.set(at("2029-12-31T00:00:00Z")));
  EXPECT_EQ(clock.now(), at("2030-01-01T00:01:01Z"));
}

TEST(ManualClock, NeverPassesTheLastInstantTextCanHold) {
  testing::TempDatabase db;
  ASSERT_TRUE(db.connect_migrated());
  Pool pool(db.url(), 2);
  ManualClock clock(pool);
  ASSERT_TRUE(clock.set(at("2030-01-01T00:00:00Z")));
  for (const std::int64_t seconds :
       {std::numeric_limits<std::int64_t>::max(), std::int64_t{1'000'000'000'000'000},
        std::int64_t{300'000'000'000}}) {
    auto refused = clock.advance(seconds);
    ASSERT_FALSE(refused) << seconds;
    EXPECT_EQ(refused.error().code, ErrorCode::kValidationError);
    EXPECT_EQ(clock.now(), at("2030-01-01T00:00:00Z")) << "the clock stays where it was";
  }
  EXPECT_FALSE(clock.set(game::Timestamp(253402300800)));  // 10000-01-01T00:00:00Z
  EXPECT_FALSE(clock.set(game::Timestamp::max()));
  const auto last = at("9999-12-31T23:59:59Z");
  ASSERT_TRUE(clock.advance(last - at("2030-01-01T00:00:00Z")));
  EXPECT_EQ(clock.now(), last);
  EXPECT_EQ(game::format_rfc3339(clock.now()), "9999-12-31T23:59:59Z");
  EXPECT_FALSE(clock.advance(1));
  EXPECT_EQ(clock.now(), last);
}

}  // namespace
}  // namespace corrchess::db
