// Password hashes at both costs (app/credentials.h): each verifies its own password and no
// other, records its cost in the hash string, and one made at one cost still verifies after
// the setting changed (verification reads the cost from the hash).
#include <gtest/gtest.h>

#include <string>

#include "app/credentials.h"

namespace corrchess::app {
namespace {

TEST(PasswordHashCost, EachCostVerifiesItsPasswordAndKeepsItsCostInTheHash) {
  set_hash_cost(HashCost::kMinimum);
  auto cheap = hash_password("correct horse");
  set_hash_cost(HashCost::kInteractive);
  auto real = hash_password("correct horse");
  ASSERT_TRUE(cheap.has_value());
  ASSERT_TRUE(real.has_value());
  // libsodium's Argon2id strings: $argon2id$v=19$m=<KiB>,t=<passes>,p=1$...
  EXPECT_NE(cheap->find("$m=8,t=1,"), std::string::npos) << *cheap;
  EXPECT_NE(real->find("$m=65536,t=2,"), std::string::npos) << *real;
  for (const auto& hash : {*cheap, *real}) {
    auto right = verify_password("correct horse", hash);
    auto wrong = verify_password("correct horse!", hash);
    ASSERT_TRUE(right.has_value());
    ASSERT_TRUE(wrong.has_value());
    EXPECT_TRUE(*right);
    EXPECT_FALSE(*wrong);
  }
}

}  // namespace
}  // namespace corrchess::app
