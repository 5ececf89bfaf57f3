#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <thread>

#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;

const std::vector<std::pair<std::string, std::string>> kEnv = {
    {"CORRCHESS_ADMIN_USER", "td"}, {"CORRCHESS_ADMIN_PASSWORD", "director-password"}};

std::string token(unsigned short port, const std::string& user, const std::string& password) {
  auto r = testing::http_request(port, "POST", "/api/v1/auth/login",
                                 json{{"username", user}, {"password", password}}.dump());
  return "Bearer " + json::parse(r.body).value("token", "");
}

// Registers two players and creates a game between them; returns its id.
std::string new_game(unsigned short port, std::string& white, std::string& black) {
  for (const char* name : {"white_p", "black_p"}) {
    testing::http_request(port, "POST", "/api/v1/auth/register",
                          json{{"username", name}, {"password", "password-123"}}.dump());
  }
  white = token(port, "white_p", "password-123");
  black = token(port, "black_p", "password-123");
  auto r =
      testing::http_request(port, "POST", "/api/v1/admin/games",
                            json{{"white", "white_p"},
                                 {"black", "black_p"},
                                 {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}}}
                                .dump(),
                            {{"Authorization", token(port, "td", "director-password")}});
  return json::parse(r.body).value("id", "");
}

long stored_moves(const std::string& url, const std::string& id) {
  pqxx::connection conn(url);
  pqxx::work tx(conn);
  return tx.exec_params1("SELECT count(*) FROM moves WHERE game_id = $1", std::stoll(id))[0]
      .as<long>();
}

TEST(Concurrency, SixteenSimultaneousAcceptsLandExactlyOneMove) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url(), kEnv);
  ASSERT_TRUE(server.started());
  std::string white, black;
  const auto id = new_game(server.port(), white, black);
  ASSERT_FALSE(id.empty());
  ASSERT_EQ(server
                .request("POST", "/api/v1/games/" + id + "/moves", json{{"move", "e4"}}.dump(),
                         {{"Authorization", white}})
                .status,
            200);
  std::atomic<int> ok{0}, rejected{0}, other{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i) {
    threads.emplace_back([&] {
      auto r = testing::http_request(server.port(), "POST", "/api/v1/games/" + id + "/moves/accept",
                                     json{{"move", "e4"}}.dump(), {{"Authorization", white}});
      if (r.status == 200) {
        ++ok;
      } else if (r.status == 409) {
        ++rejected;
      } else {
        ++other;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 1);
  EXPECT_EQ(rejected.load(), 15);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(stored_moves(db.url(), id), 1);
}

TEST(Durability, EveryAcknowledgedMoveSurvivesKillMinusNine) {
  testing::TempDatabase db;
  auto server = std::make_unique<testing::ServerProcess>(db.url(), kEnv);
  ASSERT_TRUE(server->started());
  std::string white, black;
  const auto id = new_game(server->port(), white, black);
  const unsigned short port = server->port();
  const std::vector<std::string> cycle = {"Nf3", "Nf6", "Ng1", "Ng8"};
  std::atomic<long> acknowledged{0};
  std::thread player([&] {
    try {
      for (long ply = 0; ply < 400; ++ply) {
        const auto& move = cycle[ply % 4];
        const auto& who = ply % 2 == 0 ? white : black;
        auto s = testing::http_request(port, "POST", "/api/v1/games/" + id + "/moves",
                                       json{{"move", move}}.dump(), {{"Authorization", who}});
        if (s.status != 200) return;
        auto a = testing::http_request(port, "POST", "/api/v1/games/" + id + "/moves/accept",
                                       json{{"move", move}}.dump(), {{"Authorization", who}});
        if (a.status != 200) return;
        ++acknowledged;
      }
    } catch (const std::exception&) {
      // The server died mid-request: that move was never acknowledged.
    }
  });
  while (acknowledged.load() < 12) std::this_thread::yield();
  server->kill_hard();
  player.join();
  EXPECT_GE(acknowledged.load(), 12);
  EXPECT_GE(stored_moves(db.url(), id), acknowledged.load());
  // A restarted server serves the same game.
  testing::ServerProcess again(db.url(), kEnv);
  ASSERT_TRUE(again.started());
  auto g = again.request("GET", "/api/v1/games/" + id, "", {{"Authorization", white}});
  ASSERT_EQ(g.status, 200);
  EXPECT_GE(json::parse(g.body)["ply"].get<long>(), acknowledged.load());
}

}  // namespace
}  // namespace corrchess
