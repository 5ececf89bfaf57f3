#include <gtest/gtest.h>

#include "core/error.h"

namespace corrchess {
namespace {

TEST(ErrorCode, NamesAreStableSnakeCase) {
  EXPECT_EQ(error_code_name(ErrorCode::kIllegalMove), "illegal_move");
  EXPECT_EQ(error_code_name(ErrorCode::kTablebaseUnavailable), "tablebase_unavailable");
  EXPECT_EQ(error_code_name(ErrorCode::kLeaveExceedsAllowance), "leave_exceeds_allowance");
}

TEST(Result, FailCarriesCodeAndDetail) {
  auto f = []() -> Result<int> { return fail(ErrorCode::kNotFound, "no such game"); };
  auto r = f();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, ErrorCode::kNotFound);
  EXPECT_EQ(r.error().detail, "no such game");
}

}  // namespace
}  // namespace corrchess
