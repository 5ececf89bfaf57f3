#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

TEST(ServerHealth, HealthzAndReadyzAnswerOnARealServer) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  auto health = server.request("GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(nlohmann::json::parse(health.body)["status"], "ok");
  auto ready = server.request("GET", "/readyz");
  EXPECT_EQ(ready.status, 200) << ready.body;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServerHealth, UnknownRouteAndWrongMethodAreProblems) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  auto missing = server.request("GET", "/api/v1/nope");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.headers["content-type"], "application/problem+json");
  EXPECT_EQ(nlohmann::json::parse(missing.body)["code"], "not_found");
  auto wrong = server.request("DELETE", "/healthz");
  EXPECT_EQ(wrong.status, 405);
  EXPECT_EQ(wrong.headers["allow"], "GET");
}

TEST(ServerHealth, OversizedBodyIs413) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  auto big = server.request("POST", "/healthz", std::string(2 * 1024 * 1024, 'x'));
  EXPECT_EQ(big.status, 413);
  EXPECT_EQ(nlohmann::json::parse(big.body)["code"], "payload_too_large");
  // The server is still fine afterwards.
  EXPECT_EQ(server.request("GET", "/healthz").status, 200);
}

TEST(ServerHealth, ReadyzIs503WhenMigrationsArePending) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url(), {{"CORRCHESS_AUTO_MIGRATE", "0"}});
  ASSERT_TRUE(server.started());
  auto ready = server.request("GET", "/readyz");
  EXPECT_EQ(ready.status, 503);
  EXPECT_EQ(nlohmann::json::parse(ready.body)["status"], "not_ready");
}

}  // namespace
}  // namespace corrchess
