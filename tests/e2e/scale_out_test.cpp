// Two server instances on one database behave as one service: sessions and login rate
// limits are shared (they live in PostgreSQL). Live events across instances are covered by
// websocket_test, the scheduler deciding each game once by scheduler_test.
#include <gtest/gtest.h>

#include <chrono>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

TEST(ScaleOut, SessionsAndLoginLimitsHoldAcrossInstances) {
  testing::TempDatabase db;
  ServerProcess one(db.url());
  ASSERT_TRUE(one.started());
  ServerProcess two(db.url());
  ASSERT_TRUE(two.started());
  ASSERT_NO_FATAL_FAILURE(testing::ApiClient(one).register_user("alice"));
  // A token issued by one instance works on the other, and logging out on the other
  // revokes it everywhere.
  const auto token = testing::ApiClient(two).login("alice");
  ASSERT_FALSE(token.empty());
  const auto auth = testing::bearer(token);
  EXPECT_EQ(one.request("GET", "/api/v1/me", "", auth).status, 200);
  EXPECT_EQ(two.request("POST", "/api/v1/auth/logout", "", auth).status, 204);
  // The other instance hears of it through the events channel (api/token_cache.h).
  EXPECT_TRUE(
      testing::wait_until([&] { return one.request("GET", "/api/v1/me", "", auth).status == 401; },
                          std::chrono::seconds(5), std::chrono::milliseconds(20)));

  // Five failed logins for one user, alternating instances: the next attempt is refused
  // on both, even with the right password.
  const auto wrong = json{{"username", "alice"}, {"password", "wrong-password"}}.dump();
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ((i % 2 ? one : two).request("POST", "/api/v1/auth/login", wrong).status, 401);
  }
  const auto right = json{{"username", "alice"}, {"password", testing::kPlayerPassword}}.dump();
  for (const ServerProcess* s : {&one, &two}) {
    auto r = s->request("POST", "/api/v1/auth/login", right);
    EXPECT_EQ(r.status, 429) << r.body;
    EXPECT_EQ(json::parse(r.body)["code"], "rate_limited");
  }
}

}  // namespace
}  // namespace corrchess
