#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <thread>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;

const auto kDurabilityEnv = testing::director_env(false);

// Registers two players and creates a game between them; returns its id.
std::string new_game(const testing::ApiClient& api, std::string& white, std::string& black) {
  white = api.sign_up("white_p");
  black = api.sign_up("black_p");
  return api.create_game(api.login(testing::kDirector, testing::kDirectorPassword), "white_p",
                         "black_p");
}

long stored_moves(const std::string& url, const std::string& id) {
  pqxx::connection conn(url);
  pqxx::work tx(conn);
  return tx.exec_params1("SELECT count(*) FROM moves WHERE game_id = $1", std::stoll(id))[0]
      .as<long>();
}

TEST(Concurrency, SixteenSimultaneousAcceptsLandExactlyOneMove) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url(), kDurabilityEnv);
  ASSERT_TRUE(server.started());
  const testing::ApiClient api(server);
  std::string white, black;
  const auto id = new_game(api, white, black);
  ASSERT_FALSE(id.empty());
  ASSERT_EQ(api.call("POST", "/api/v1/games/" + id + "/moves", white, {{"move", "e4"}}).status,
            200);
  std::atomic<int> ok{0}, rejected{0}, other{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i) {
    threads.emplace_back([&] {
      auto r = api.call("POST", "/api/v1/games/" + id + "/moves/accept", white, {{"move", "e4"}});
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
  auto server = std::make_unique<testing::ServerProcess>(db.url(), kDurabilityEnv);
  ASSERT_TRUE(server->started());
  const testing::ApiClient api(*server);
  std::string white, black;
  const auto id = new_game(api, white, black);
  const std::vector<std::string> cycle = {"Nf3", "Nf6", "Ng1", "Ng8"};
  std::atomic<long> acknowledged{0};
  std::thread player([&] {
    try {
      for (long ply = 0; ply < 400; ++ply) {
        const auto& move = cycle[ply % 4];
        const auto& who = ply % 2 == 0 ? white : black;
        if (api.try_play(id, who, move).status != 200) return;
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
  testing::ServerProcess again(db.url(), kDurabilityEnv);
  ASSERT_TRUE(again.started());
  auto g = testing::ApiClient(again).call("GET", "/api/v1/games/" + id, white);
  ASSERT_EQ(g.status, 200);
  EXPECT_GE(json::parse(g.body)["ply"].get<long>(), acknowledged.load());
}

}  // namespace
}  // namespace corrchess
