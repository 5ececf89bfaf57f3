#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

// A server on a fresh database with only the environment ServerProcess always gives (and
// `env`).
class ServerHealth : public testing::ApiServerTest {
 protected:
  explicit ServerHealth(
      const testing::ServerEnv& env = {},
      testing::TempDatabase::Schema schema = testing::TempDatabase::Schema::migrated)
      : ApiServerTest(env, schema) {}
};

using ServerMetrics = ServerHealth;

// The same, told not to migrate its database.
class UnmigratedServer : public ServerHealth {
 protected:
  UnmigratedServer()
      : ServerHealth({{"CORRCHESS_AUTO_MIGRATE", "0"}}, testing::TempDatabase::Schema::empty) {}
};

TEST_F(ServerHealth, HealthzAndReadyzAnswerOnARealServer) {
  auto health = server_.request("GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(nlohmann::json::parse(health.body)["status"], "ok");
  auto ready = server_.request("GET", "/readyz");
  EXPECT_EQ(ready.status, 200) << ready.body;
  EXPECT_EQ(server_.stop(), 0);
}

TEST_F(ServerHealth, UnknownRouteAndWrongMethodAreProblems) {
  auto missing = server_.request("GET", "/api/v1/nope");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.headers["content-type"], "application/problem+json");
  EXPECT_EQ(nlohmann::json::parse(missing.body)["code"], "not_found");
  auto wrong = server_.request("DELETE", "/healthz");
  EXPECT_EQ(wrong.status, 405);
  EXPECT_EQ(wrong.headers["allow"], "GET");
}

TEST_F(ServerHealth, OversizedBodyIs413) {
  // The body is far over the limit, so the answer comes while the client is still sending:
  // the server must let it finish (no connection reset) and the client must get the 413.
  for (std::size_t mib : {2, 16}) {
    auto big = server_.request("POST", "/healthz", std::string(mib * 1024 * 1024, 'x'));
    EXPECT_EQ(big.status, 413) << mib << " MiB";
    EXPECT_EQ(nlohmann::json::parse(big.body)["code"], "payload_too_large");
  }
  // The server is still fine afterwards.
  EXPECT_EQ(server_.request("GET", "/healthz").status, 200);
}

TEST_F(UnmigratedServer, ReadyzIs503WhenMigrationsArePending) {
  auto ready = server_.request("GET", "/readyz");
  EXPECT_EQ(ready.status, 503);
  EXPECT_EQ(nlohmann::json::parse(ready.body)["status"], "not_ready");
}

TEST_F(ServerMetrics, CountsRequestsByRouteAndStatus) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(server_.request("GET", "/healthz").status, 200);
  ASSERT_EQ(server_.request("GET", "/nowhere").status, 404);
  auto metrics = server_.request("GET", "/metrics");
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

// The counters docs/operations.md lists under "Monitoring" are series from the start, at 0
// until something happens (an absent series breaks rate() and absent() alerts): moves
// accepted was missing until the first move.
TEST_F(ServerMetrics, DocumentedCountersAreThereBeforeAnythingHappens) {
  auto metrics = server_.request("GET", "/metrics");
  ASSERT_EQ(metrics.status, 200);
  for (const char* name : {"corrchess_moves_accepted_total", "corrchess_ws_connections",
                           "corrchess_ws_slow_disconnects_total"}) {
    EXPECT_EQ(testing::metric_value(metrics.body, name), 0) << name;
  }
}

}  // namespace
}  // namespace corrchess
