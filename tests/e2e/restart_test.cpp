// The database restarts under a running server: the next operations succeed after the
// pool reconnects, the LISTEN connection resumes, and live events flow again.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/private_cluster.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

const auto kRestartEnv = testing::director_env(false);

bool wait_for(const std::function<bool()>& condition) {
  return testing::wait_until(condition, std::chrono::seconds(30), std::chrono::milliseconds(50));
}

// A server on a private PostgreSQL cluster of its own, which the test restarts.
class DatabaseRestart : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(pg_.started());
    ASSERT_TRUE(server_.started());
  }

  testing::PrivateCluster pg_;
  ServerProcess server_{pg_.url(), kRestartEnv};
  const testing::ApiClient api_{server_};
};

TEST_F(DatabaseRestart, OperationsAndLiveEventsResume) {
  for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api_.register_user(name));
  const auto td = api_.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api_.login("alice");
  const auto bob = api_.login("bob");
  const auto game =
      api_.create_game(td, "alice", "bob", {{"time_control", {{"type", "per_move"}, {"days", 5}}}});
  ASSERT_FALSE(game.empty());
  ASSERT_EQ(api_.try_play(game, alice, "e4").status, 200);
  ASSERT_TRUE(wait_for([&] { return api_.metric("corrchess_listener_connected") == 1; }));
  EXPECT_EQ(api_.metric("corrchess_listener_connections_total"), 1);

  testing::WsClient alice_ws(server_.port(), "/api/v1/ws?token=" + alice);
  ASSERT_TRUE(alice_ws.connected());
  ASSERT_TRUE(alice_ws.read_type("hello"));

  // A fast restart drops every connection the server holds.
  ASSERT_TRUE(pg_.restart());

  // The very next request succeeds: the pool notices the dead connections and reconnects.
  ASSERT_EQ(api_.try_play(game, bob, "e5").status, 200);
  auto g = json::parse(api_.call("GET", "/api/v1/games/" + game, alice).body);
  EXPECT_EQ(g["ply"], 2);
  EXPECT_EQ(server_.request("GET", "/readyz").status, 200);

  // The listener reconnects and every open socket re-reads its user's stored messages: bob's
  // e5 (made while the listener may have been away) reaches alice exactly once, then live
  // events flow again on the same socket, numbered without a gap.
  ASSERT_TRUE(wait_for([&] { return api_.metric("corrchess_listener_connections_total") == 2; }));
  ASSERT_EQ(api_.try_play(game, alice, "Nf3").status, 200);
  std::vector<std::string> moves;
  std::vector<std::int64_t> seqs;
  while (moves.empty() || moves.back() != "Nf3") {
    auto m = alice_ws.read();
    ASSERT_TRUE(m) << ::testing::PrintToString(moves);
    if ((*m)["type"] != "move") continue;
    moves.push_back((*m)["move"]["san"]);
    seqs.push_back((*m)["seq"]);
  }
  EXPECT_EQ(moves, (std::vector<std::string>{"e5", "Nf3"}));
  ASSERT_EQ(seqs.size(), 2U);
  EXPECT_EQ(seqs[1], seqs[0] + 1);
}

TEST_F(DatabaseRestart, WhileTheDatabaseIsDownRequestsFailCleanlyAndNothingIsHalfDone) {
  ASSERT_NO_FATAL_FAILURE(api_.register_user("alice"));
  const auto token = api_.login("alice");
  ASSERT_TRUE(pg_.stop());
  EXPECT_EQ(server_.request("GET", "/healthz").status, 200);  // the process itself is alive
  EXPECT_EQ(server_.request("GET", "/readyz").status, 503);
  // As docs/api.md promises: 503 unavailable with Retry-After, never a 500 (the HA issue and
  // every client's retry rely on it), and no database internals in the answer.
  auto down = server_.request("POST", "/api/v1/auth/login",
                              json{{"username", "alice"}, {"password", "password-123"}}.dump());
  EXPECT_EQ(down.status, 503) << down.body;
  EXPECT_EQ(down.headers["content-type"], "application/problem+json");
  EXPECT_EQ(json::parse(down.body, nullptr, false).value("code", ""), "unavailable") << down.body;
  EXPECT_EQ(down.headers["retry-after"], "5");
  EXPECT_EQ(down.body.find("pqxx"), std::string::npos);  // no database internals leak
  for (const auto* path : {"/api/v1/games", "/api/v1/challenges"}) {
    const auto r = api_.call("GET", path, token);
    EXPECT_EQ(r.status, 503) << path << ": " << r.body;
    EXPECT_EQ(json::parse(r.body, nullptr, false).value("code", ""), "unavailable") << r.body;
    EXPECT_EQ(r.headers.count("retry-after"), 1U) << path;
  }
  ASSERT_TRUE(pg_.start());
  EXPECT_TRUE(wait_for([&] { return server_.request("GET", "/readyz").status == 200; }));
  EXPECT_EQ(server_
                .request("POST", "/api/v1/auth/login",
                         json{{"username", "alice"}, {"password", "password-123"}}.dump())
                .status,
            200);
}

}  // namespace
}  // namespace corrchess
