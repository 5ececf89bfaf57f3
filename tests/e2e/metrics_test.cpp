// /metrics reflects what happened: moves, games, sockets, scheduler, pool, listener.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

// The value of an unlabelled sample, or -1 when absent.
double sample(const std::string& body, const std::string& name) {
  const auto at = body.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stod(body.substr(at + name.size() + 2));
}

TEST(OperationsMetrics, ReflectGamesMovesSocketsAndTheScheduler) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), {{"CORRCHESS_ADMIN_USER", "td"},
                                  {"CORRCHESS_ADMIN_PASSWORD", "director-password"},
                                  {"CORRCHESS_CLOCK", "manual"}});
  ASSERT_TRUE(server.started());
  auto login = [&](const std::string& user, const std::string& password) {
    auto r = server.request("POST", "/api/v1/auth/login",
                            json{{"username", user}, {"password", password}}.dump());
    return std::map<std::string, std::string>{
        {"Authorization", "Bearer " + json::parse(r.body).value("token", "")}};
  };
  for (const char* name : {"alice", "bob"}) {
    ASSERT_EQ(server
                  .request("POST", "/api/v1/auth/register",
                           json{{"username", name}, {"password", "password-123"}}.dump())
                  .status,
              201);
  }
  const auto td = login("td", "director-password");
  const auto alice = login("alice", "password-123");
  std::vector<std::string> games;
  for (int i = 0; i < 3; ++i) {
    auto r = server.request("POST", "/api/v1/admin/games",
                            json{{"white", "alice"},
                                 {"black", "bob"},
                                 {"time_control", {{"type", "per_move"}, {"days", 2 + i}}}}
                                .dump(),
                            td);
    ASSERT_EQ(r.status, 201);
    games.push_back(json::parse(r.body)["id"]);
  }
  for (const auto& g : games) {
    ASSERT_EQ(
        server.request("POST", "/api/v1/games/" + g + "/moves", json{{"move", "e4"}}.dump(), alice)
            .status,
        200);
    ASSERT_EQ(server
                  .request("POST", "/api/v1/games/" + g + "/moves/accept",
                           json{{"move", "e4"}}.dump(), alice)
                  .status,
              200);
  }
  testing::WsClient ws(server.port(), "/api/v1/ws", alice);
  ASSERT_TRUE(ws.connected());
  ASSERT_TRUE(ws.read_type("hello"));

  auto body = server.request("GET", "/metrics").body;
  EXPECT_EQ(sample(body, "corrchess_moves_accepted_total"), 3);
  EXPECT_EQ(sample(body, "corrchess_active_games"), 3);
  EXPECT_EQ(sample(body, "corrchess_ws_connections"), 1);
  EXPECT_EQ(sample(body, "corrchess_listener_connected"), 1);
  EXPECT_GE(sample(body, "corrchess_scheduler_sweeps_total"), 1);
  EXPECT_EQ(sample(body, "corrchess_db_pool_waiting"), 0);
  EXPECT_GE(sample(body, "corrchess_db_pool_size"), 1);
  EXPECT_NE(body.find("corrchess_http_requests_total{method=\"POST\",route=\"/api/v1/games/{id}/"
                      "moves/accept\",status=\"200\"} 3"),
            std::string::npos)
      << body;

  // Black runs out of time in the 2-day game (Black is to move in all three).
  ASSERT_EQ(server
                .request("POST", "/api/v1/admin/clock",
                         json{{"advance_seconds", 2 * 86400 + 60}}.dump(), td)
                .status,
            200);
  ASSERT_TRUE(ws.read_type("game_over"));
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (sample(server.request("GET", "/metrics").body, "corrchess_active_games") != 2 &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  body = server.request("GET", "/metrics").body;
  EXPECT_EQ(sample(body, "corrchess_active_games"), 2);
  EXPECT_EQ(sample(body, "corrchess_flag_falls_total"), 1);
  EXPECT_GE(sample(body, "corrchess_ws_messages_sent_total"), 2);  // hello + game_over
}

}  // namespace
}  // namespace corrchess
