// The token cache (api/token_cache.h) across two instances on one database: requests are
// authenticated without the database once a token is known, and every change that ends a
// sign-in or changes the user (logout, role, profile) reaches the other instance through
// the events channel within moments; on the instance that made it, at once.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

// Polls for up to five seconds: far below the cache's 30-second lifetime, so only the
// invalidation note can make the condition come true in time.
bool soon(const std::function<bool()>& condition) {
  return testing::wait_until(condition, std::chrono::seconds(5), std::chrono::milliseconds(20));
}

class TokenCacheAcrossInstances : public ::testing::Test {
 protected:
  TokenCacheAcrossInstances()
      : one_(db_.url(), testing::director_env(false)),
        two_(db_.url(), testing::director_env(false)),
        api_one_(one_),
        api_two_(two_) {}

  void SetUp() override {
    ASSERT_TRUE(one_.started());
    ASSERT_TRUE(two_.started());
    // Each instance hears the events channel (the cache is used only then).
    ASSERT_TRUE(soon([&] { return api_one_.metric("corrchess_listener_connected") == 1; }));
    ASSERT_TRUE(soon([&] { return api_two_.metric("corrchess_listener_connected") == 1; }));
    ASSERT_NO_FATAL_FAILURE(api_one_.register_user("alice"));
  }

  int me_status(const ServerProcess& s, const std::string& token) const {
    return s.request("GET", "/api/v1/me", "", testing::bearer(token)).status;
  }
  json me(const ServerProcess& s, const std::string& token) const {
    return json::parse(s.request("GET", "/api/v1/me", "", testing::bearer(token)).body);
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  ServerProcess one_;
  ServerProcess two_;
  testing::ApiClient api_one_;
  testing::ApiClient api_two_;
};

TEST_F(TokenCacheAcrossInstances, KnownTokensNeedNoDatabaseAndLogoutReachesTheOtherInstance) {
  const auto token = api_two_.login("alice");
  const double hits_before = api_one_.metric("corrchess_token_cache_hits_total");
  for (int i = 0; i < 5; ++i) ASSERT_EQ(me_status(one_, token), 200);
  EXPECT_GE(api_one_.metric("corrchess_token_cache_hits_total"), hits_before + 4)
      << "the first request reads the token, the next four come from the cache";

  // Logged out on two: one (which holds the token in its cache) refuses it soon after.
  ASSERT_EQ(two_.request("POST", "/api/v1/auth/logout", "", testing::bearer(token)).status, 204);
  EXPECT_TRUE(soon([&] { return me_status(one_, token) == 401; }));
  EXPECT_EQ(me_status(two_, token), 401);

  // Logged out on the instance that cached it: refused by the very next request there.
  const auto second = api_two_.login("alice");
  ASSERT_EQ(me_status(one_, second), 200);
  ASSERT_EQ(me_status(one_, second), 200);
  ASSERT_EQ(one_.request("POST", "/api/v1/auth/logout", "", testing::bearer(second)).status, 204);
  EXPECT_EQ(me_status(one_, second), 401);
}

TEST_F(TokenCacheAcrossInstances, RoleAndProfileChangesReachEveryInstance) {
  const auto alice = api_one_.login("alice");
  const auto admin = api_one_.login(testing::kDirector, testing::kDirectorPassword);
  for (const auto* s : {&one_, &two_}) ASSERT_EQ(me(*s, alice)["role"], "player");
  // Promoted on one: two answers with the new role (a director's list is allowed).
  api_one_.expect("PATCH", "/api/v1/admin/users/alice", admin, {{"role", "td"}}, 200);
  EXPECT_EQ(me(one_, alice)["role"], "td");
  EXPECT_TRUE(soon([&] { return me(two_, alice)["role"] == "td"; }));
  // Renamed on two: one shows the new display name.
  ASSERT_EQ(me(one_, alice)["display_name"], "alice");
  api_two_.expect("PATCH", "/api/v1/me", alice, {{"display_name", "Alice Liddell"}}, 200);
  EXPECT_EQ(me(two_, alice)["display_name"], "Alice Liddell");
  EXPECT_TRUE(soon([&] { return me(one_, alice)["display_name"] == "Alice Liddell"; }));
}

}  // namespace
}  // namespace corrchess
