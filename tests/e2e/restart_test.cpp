// The database restarts under a running server: the next operations succeed after the
// pool reconnects, the LISTEN connection resumes, and live events flow again.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/support/private_cluster.h"
#include "tests/support/server_process.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

const std::vector<std::pair<std::string, std::string>> kEnv = {
    {"CORRCHESS_ADMIN_USER", "td"}, {"CORRCHESS_ADMIN_PASSWORD", "director-password"}};

std::map<std::string, std::string> auth(const std::string& token) {
  return {{"Authorization", "Bearer " + token}};
}

std::string login(const ServerProcess& s, const std::string& user, const std::string& password) {
  auto r = s.request("POST", "/api/v1/auth/login",
                     json{{"username", user}, {"password", password}}.dump());
  EXPECT_EQ(r.status, 200) << r.body;
  return json::parse(r.body).value("token", "");
}

int play(const ServerProcess& s, const std::string& token, const std::string& game,
         const std::string& move) {
  auto submit = s.request("POST", "/api/v1/games/" + game + "/moves", json{{"move", move}}.dump(),
                          auth(token));
  if (submit.status != 200) return submit.status;
  return s
      .request("POST", "/api/v1/games/" + game + "/moves/accept", json{{"move", move}}.dump(),
               auth(token))
      .status;
}

// The value of an unlabelled metric, or -1.
double metric(const ServerProcess& s, const std::string& name) {
  const auto body = s.request("GET", "/metrics").body;
  const auto at = body.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stod(body.substr(at + name.size() + 2));
}

bool wait_for(const std::function<bool()>& condition) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < until) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

TEST(DatabaseRestart, OperationsAndLiveEventsResume) {
  testing::PrivateCluster pg;
  ASSERT_TRUE(pg.started());
  ServerProcess server(pg.url(), kEnv);
  ASSERT_TRUE(server.started());
  for (const char* name : {"alice", "bob"}) {
    ASSERT_EQ(server
                  .request("POST", "/api/v1/auth/register",
                           json{{"username", name}, {"password", "password-123"}}.dump())
                  .status,
              201);
  }
  const auto td = login(server, "td", "director-password");
  const auto alice = login(server, "alice", "password-123");
  const auto bob = login(server, "bob", "password-123");
  auto created = server.request("POST", "/api/v1/admin/games",
                                json{{"white", "alice"},
                                     {"black", "bob"},
                                     {"time_control", {{"type", "per_move"}, {"days", 5}}}}
                                    .dump(),
                                auth(td));
  ASSERT_EQ(created.status, 201) << created.body;
  const auto game = json::parse(created.body)["id"].get<std::string>();
  ASSERT_EQ(play(server, alice, game, "e4"), 200);
  ASSERT_TRUE(wait_for([&] { return metric(server, "corrchess_listener_connected") == 1; }));
  EXPECT_EQ(metric(server, "corrchess_listener_connections_total"), 1);

  testing::WsClient alice_ws(server.port(), "/api/v1/ws?token=" + alice);
  ASSERT_TRUE(alice_ws.connected());
  ASSERT_TRUE(alice_ws.read_type("hello"));

  // A fast restart drops every connection the server holds.
  ASSERT_TRUE(pg.restart());

  // The very next request succeeds: the pool notices the dead connections and reconnects.
  ASSERT_EQ(play(server, bob, game, "e5"), 200);
  auto g = json::parse(server.request("GET", "/api/v1/games/" + game, "", auth(alice)).body);
  EXPECT_EQ(g["ply"], 2);
  EXPECT_EQ(server.request("GET", "/readyz").status, 200);

  // The listener reconnects; open sockets are told to re-read what they may have missed.
  ASSERT_TRUE(
      wait_for([&] { return metric(server, "corrchess_listener_connections_total") == 2; }));
  // And live events flow again on the same socket (bob's e5 may arrive too, before or after
  // the resync, depending on when the listener came back).
  ASSERT_EQ(play(server, alice, game, "Nf3"), 200);
  bool resynced = false;
  bool got_nf3 = false;
  while (!got_nf3) {
    auto m = alice_ws.read();
    ASSERT_TRUE(m) << "resync=" << resynced;
    if ((*m)["type"] == "resync") resynced = true;
    if ((*m)["type"] == "move" && (*m)["move"]["san"] == "Nf3") got_nf3 = true;
  }
  EXPECT_TRUE(resynced);
}

TEST(DatabaseRestart, WhileTheDatabaseIsDownRequestsFailCleanlyAndNothingIsHalfDone) {
  testing::PrivateCluster pg;
  ASSERT_TRUE(pg.started());
  ServerProcess server(pg.url(), kEnv);
  ASSERT_TRUE(server.started());
  ASSERT_EQ(server
                .request("POST", "/api/v1/auth/register",
                         json{{"username", "alice"}, {"password", "password-123"}}.dump())
                .status,
            201);
  ASSERT_TRUE(pg.stop());
  EXPECT_EQ(server.request("GET", "/healthz").status, 200);  // the process itself is alive
  EXPECT_EQ(server.request("GET", "/readyz").status, 503);
  auto down = server.request("POST", "/api/v1/auth/login",
                             json{{"username", "alice"}, {"password", "password-123"}}.dump());
  EXPECT_GE(down.status, 500);
  EXPECT_EQ(down.headers["content-type"], "application/problem+json");
  EXPECT_EQ(down.body.find("pqxx"), std::string::npos);  // no database internals leak
  ASSERT_TRUE(pg.start());
  EXPECT_TRUE(wait_for([&] { return server.request("GET", "/readyz").status == 200; }));
  EXPECT_EQ(server
                .request("POST", "/api/v1/auth/login",
                         json{{"username", "alice"}, {"password", "password-123"}}.dump())
                .status,
            200);
}

}  // namespace
}  // namespace corrchess
