// The profile checks every transport and use case shares (core/game/profile.h): worked
// examples of what is taken and what is refused.
#include "core/game/profile.h"

#include <gtest/gtest.h>

#include <string>

namespace corrchess::game {
namespace {

TEST(ProfileChecks, DisplayNamesAreOneLineOfOneTo64Characters) {
  EXPECT_TRUE(check_display_name("Ann"));
  EXPECT_TRUE(check_display_name(std::string(64, 'a')));
  EXPECT_TRUE(check_display_name("Łukasz Żółw"));  // 11 characters, more bytes
  EXPECT_EQ(check_display_name("").error().code, ErrorCode::kValidationError);
  EXPECT_EQ(check_display_name(std::string(65, 'a')).error().code, ErrorCode::kValidationError);
  for (const std::string bad : {"Ann\x07", "Ann\nBen", "\x1b[31mAnn", "Ann\xe2\x80\xae"}) {
    const auto checked = check_display_name(bad);
    ASSERT_FALSE(checked) << bad;
    EXPECT_NE(checked.error().detail.find("U+"), std::string::npos) << checked.error().detail;
  }
}

TEST(ProfileChecks, AddressesHaveOneAtWithSomethingOnBothSides) {
  EXPECT_TRUE(check_email("ann@example.org"));
  EXPECT_TRUE(check_email("a@b"));
  for (const std::string bad : {"", "ann", "@example.org", "ann@", "ann@@example.org",
                                "ann@exa@mple.org", "ann @example.org"}) {
    EXPECT_FALSE(check_email(bad)) << bad;
  }
  EXPECT_TRUE(check_email(std::string(250, 'a') + "@b.c"));
  EXPECT_FALSE(check_email(std::string(251, 'a') + "@b.c"));
}

}  // namespace
}  // namespace corrchess::game
