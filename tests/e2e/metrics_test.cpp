// /metrics reflects what happened: moves, games, sockets, scheduler, pool, listener.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::metric_value;
using testing::ServerProcess;

// Each new position is analysed for dead positions once per instance: a second game reaching
// the same position is answered from the oracle's memory.
TEST(OperationsMetrics, CountDeadPositionAnalysesOncePerPosition) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), testing::director_env());
  ASSERT_TRUE(server.started());
  const testing::ApiClient api(server);
  for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api.register_user(name));
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api.login("alice");
  const auto first = api.create_game(td, "alice", "bob");
  const auto second = api.create_game(td, "alice", "bob");
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  const double before = api.metric("corrchess_dead_position_analyses_total");
  ASSERT_NO_FATAL_FAILURE(api.play(first, alice, "a3"));
  const double after_first = api.metric("corrchess_dead_position_analyses_total");
  EXPECT_GE(after_first - before, 1);  // the position after 1.a3 is new to this instance
  ASSERT_NO_FATAL_FAILURE(api.play(second, alice, "a3"));
  EXPECT_EQ(api.metric("corrchess_dead_position_analyses_total"), after_first);
}

TEST(OperationsMetrics, ReflectGamesMovesSocketsAndTheScheduler) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), testing::director_env());
  ASSERT_TRUE(server.started());
  const testing::ApiClient api(server);
  for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api.register_user(name));
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api.login("alice");
  std::vector<std::string> games;
  for (int i = 0; i < 3; ++i) {
    games.push_back(api.create_game(td, "alice", "bob",
                                    {{"time_control", {{"type", "per_move"}, {"days", 2 + i}}}}));
    ASSERT_FALSE(games.back().empty());
  }
  for (const auto& g : games) ASSERT_NO_FATAL_FAILURE(api.play(g, alice, "e4"));
  testing::WsClient ws(server.port(), "/api/v1/ws", testing::bearer(alice));
  ASSERT_TRUE(ws.connected());
  ASSERT_TRUE(ws.read_type("hello"));
  // The LISTEN connection and the first sweep come up on their own after the start (a loaded
  // machine may take longer than the requests above).
  testing::wait_until(
      [&] {
        return api.metric("corrchess_listener_connected") == 1 &&
               api.metric("corrchess_scheduler_sweeps_total") >= 1;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50));

  auto body = api.metrics();
  EXPECT_EQ(metric_value(body, "corrchess_moves_accepted_total"), 3);
  EXPECT_EQ(metric_value(body, "corrchess_active_games"), 3);
  EXPECT_EQ(metric_value(body, "corrchess_ws_connections"), 1);
  EXPECT_EQ(metric_value(body, "corrchess_listener_connected"), 1);
  EXPECT_GE(metric_value(body, "corrchess_scheduler_sweeps_total"), 1);
  EXPECT_EQ(metric_value(body, "corrchess_db_pool_waiting"), 0);
  EXPECT_GE(metric_value(body, "corrchess_db_pool_size"), 1);
  EXPECT_NE(body.find("corrchess_http_requests_total{method=\"POST\",route=\"/api/v1/games/{id}/"
                      "moves/accept\",status=\"200\"} 3"),
            std::string::npos)
      << body;

  // Black runs out of time in the 2-day game (Black is to move in all three).
  ASSERT_NO_FATAL_FAILURE(api.advance_clock(td, 2 * 86400 + 60));
  ASSERT_TRUE(ws.read_type("game_over"));
  // The scheduler counts its flag falls after its transaction commits, so the game_over
  // message (sent at the commit) can come before the count: wait for both.
  testing::wait_until(
      [&] {
        return api.metric("corrchess_active_games") == 2 &&
               api.metric("corrchess_flag_falls_total") == 1;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50));
  body = api.metrics();
  EXPECT_EQ(metric_value(body, "corrchess_active_games"), 2);
  EXPECT_EQ(metric_value(body, "corrchess_flag_falls_total"), 1);
  EXPECT_GE(metric_value(body, "corrchess_ws_messages_sent_total"), 2);  // hello + game_over
}

}  // namespace
}  // namespace corrchess
