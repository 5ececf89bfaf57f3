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
  // The body is far over the limit, so the answer comes while the client is still sending:
  // the server must let it finish (no connection reset) and the client must get the 413.
  for (std::size_t mib : {2, 16}) {
    auto big = server.request("POST", "/healthz", std::string(mib * 1024 * 1024, 'x'));
    EXPECT_EQ(big.status, 413) << mib << " MiB";
    EXPECT_EQ(nlohmann::json::parse(big.body)["code"], "payload_too_large");
  }
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

namespace corrchess {
namespace {

TEST(ServerMetrics, CountsRequestsByRouteAndStatus) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  for (int i = 0; i < 3; ++i) ASSERT_EQ(server.request("GET", "/healthz").status, 200);
  ASSERT_EQ(server.request("GET", "/nowhere").status, 404);
  auto metrics = server.request("GET", "/metrics");
  ASSERT_EQ(metrics.status, 200);
  EXPECT_EQ(metrics.headers["content-type"], "text/plain; version=0.0.4");
  const auto& body = metrics.body;
  EXPECT_NE(body.find("corrchess_http_requests_total{method=\"GET\",route=\"/healthz\",status="
                      "\"200\"} 3\n"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("route=\"(unmatched)\",status=\"404\"} 1\n"), std::string::npos) << body;
  EXPECT_NE(body.find("corrchess_http_request_duration_seconds_count{method=\"GET\",route="
                      "\"/healthz\"} 3\n"),
            std::string::npos);
  EXPECT_NE(body.find("# TYPE corrchess_db_pool_in_use gauge"), std::string::npos);
}

}  // namespace
}  // namespace corrchess
