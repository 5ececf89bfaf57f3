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

// A server on a database of its own, players alice and bob, and the director's and alice's
// tokens.
class OperationsMetrics : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.started());
    for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api_.register_user(name));
    td_ = api_.login(testing::kDirector, testing::kDirectorPassword);
    alice_ = api_.login("alice");
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  ServerProcess server_{db_.url(), testing::director_env()};
  const testing::ApiClient api_{server_};
  std::string td_;
  std::string alice_;
};

// Each new position is analysed for dead positions once per instance: a second game reaching
// the same position is answered from the oracle's memory.
TEST_F(OperationsMetrics, CountDeadPositionAnalysesOncePerPosition) {
  const auto first = api_.create_game(td_, "alice", "bob");
  const auto second = api_.create_game(td_, "alice", "bob");
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  const double before = api_.metric("corrchess_dead_position_analyses_total");
  ASSERT_NO_FATAL_FAILURE(api_.play(first, alice_, "a3"));
  const double after_first = api_.metric("corrchess_dead_position_analyses_total");
  EXPECT_GE(after_first - before, 1);  // the position after 1.a3 is new to this instance
  ASSERT_NO_FATAL_FAILURE(api_.play(second, alice_, "a3"));
  EXPECT_EQ(api_.metric("corrchess_dead_position_analyses_total"), after_first);
}

TEST_F(OperationsMetrics, ReflectGamesMovesSocketsAndTheScheduler) {
  std::vector<std::string> games;
  for (int i = 0; i < 3; ++i) {
    games.push_back(api_.create_game(td_, "alice", "bob",
                                     {{"time_control", {{"type", "per_move"}, {"days", 2 + i}}}}));
    ASSERT_FALSE(games.back().empty());
  }
  for (const auto& g : games) ASSERT_NO_FATAL_FAILURE(api_.play(g, alice_, "e4"));
  testing::WsClient ws(server_.port(), "/api/v1/ws", testing::bearer(alice_));
  ASSERT_TRUE(ws.connected());
  ASSERT_TRUE(ws.read_type("hello"));
  // The LISTEN connection and the first sweep come up on their own after the start (a loaded
  // machine may take longer than the requests above).
  testing::wait_until(
      [&] {
        return api_.metric("corrchess_listener_connected") == 1 &&
               api_.metric("corrchess_scheduler_sweeps_total") >= 1;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50));

  auto body = api_.metrics();
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
  ASSERT_NO_FATAL_FAILURE(api_.advance_clock(td_, 2 * 86400 + 60));
  ASSERT_TRUE(ws.read_type("game_over"));
  // The scheduler counts its flag falls after its transaction commits, so the game_over
  // message (sent at the commit) can come before the count: wait for both.
  testing::wait_until(
      [&] {
        return api_.metric("corrchess_active_games") == 2 &&
               api_.metric("corrchess_flag_falls_total") == 1;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50));
  body = api_.metrics();
  EXPECT_EQ(metric_value(body, "corrchess_active_games"), 2);
  EXPECT_EQ(metric_value(body, "corrchess_flag_falls_total"), 1);
  EXPECT_GE(metric_value(body, "corrchess_ws_messages_sent_total"), 2);  // hello + game_over
}

}  // namespace
}  // namespace corrchess
