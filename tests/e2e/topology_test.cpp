// The scale-out topology operators run (scripts/topology, the same configuration files as
// docker-compose.yml's "scale" profile): HAProxy in front of three instances whose queries
// go through PgBouncer in transaction pooling mode while their LISTEN connections go
// directly to PostgreSQL. Games are played through HAProxy, with every player's WebSocket
// open, and one instance is killed (kill -9) mid-run: every move acknowledged to a client
// is stored exactly once, and the sockets that were on the dead instance reconnect through
// HAProxy to another one and catch up with `?since=`, missing nothing and repeating
// nothing. A sign-out through HAProxy then holds on every instance at once.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/api_client.h"
#include "tests/support/game_traffic.h"
#include "tests/support/topology.h"

namespace corrchess {
namespace {

using testing::ApiClient;
using testing::EventWatcher;

constexpr int kGames = 8;

// The rows of a PgBouncer admin console command (psql: libpqxx refuses PgBouncer's version),
// by database: column name -> value.
std::map<std::string, std::map<std::string, std::string>> console_rows(
    const testing::Topology& topology, const std::string& command) {
  const auto run =
      testing::run_command("psql " + testing::shell_quote(topology.pgbouncer_admin_url()) +
                           " -A -F '|' -P footer=off -c " + testing::shell_quote(command));
  std::map<std::string, std::map<std::string, std::string>> out;
  std::istringstream lines(run.out);
  std::vector<std::string> names;
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '|');) fields.push_back(cell);
    if (names.empty()) {
      names = fields;
      continue;
    }
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < names.size() && i < fields.size(); ++i) row[names[i]] = fields[i];
    out[row["database"]] = row;
  }
  return out;
}
constexpr long kPlies = 60;

TEST(Topology, AKilledInstanceLosesNoAcknowledgedMoveAndSocketsReconnectAndCatchUp) {
  testing::Topology topology(testing::director_env(false));
  ASSERT_TRUE(topology.started());
  const ApiClient api(topology.port());
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  std::vector<testing::TrafficGame> games;
  std::vector<std::string> tokens, ids;
  for (int g = 0; g < kGames; ++g) {
    const auto white = "white" + std::to_string(g), black = "black" + std::to_string(g);
    testing::TrafficGame game{"", api.sign_up(white), api.sign_up(black)};
    game.id = api.create_game(td, white, black);
    ASSERT_FALSE(game.id.empty());
    games.push_back(game);
    ids.push_back(game.id);
    tokens.push_back(game.white_token);
    tokens.push_back(game.black_token);
  }
  // Every player watches, round-robin over the three instances.
  std::vector<std::unique_ptr<EventWatcher>> watchers;
  for (const auto& token : tokens) {
    watchers.push_back(std::make_unique<EventWatcher>(topology.port(), token));
  }
  for (const auto& w : watchers) ASSERT_TRUE(w->wait_connected(std::chrono::seconds(20)));

  testing::MoveTraffic traffic(topology.port(), games, kPlies);
  const auto reached = [&](long n) {
    return testing::wait_until([&] { return traffic.acknowledged_count() >= n; },
                               std::chrono::seconds(60), std::chrono::milliseconds(10));
  };
  ASSERT_TRUE(reached(kGames * kPlies / 4));
  ASSERT_TRUE(topology.kill(2));
  const long at_kill = traffic.acknowledged_count();
  // The other two carry on alone for a while, then the instance comes back.
  ASSERT_TRUE(reached(kGames * kPlies / 2));
  const long at_restart = traffic.acknowledged_count();
  ASSERT_TRUE(topology.start(2));
  ASSERT_TRUE(traffic.wait(std::chrono::seconds(120)));

  // Every acknowledged move stored exactly once, and every game played to the end.
  const auto acks = traffic.acknowledged();
  EXPECT_GT(acks.size(), static_cast<std::size_t>(kGames * kPlies / 2));
  const auto problems = testing::acknowledged_moves_problems(topology.database_url(), acks);
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto stored = testing::stored_moves(topology.database_url(), ids);
  EXPECT_EQ(stored.size(), static_cast<std::size_t>(kGames * kPlies));
  // The queries went through PgBouncer, pooled by transaction.
  const auto pools = console_rows(topology, "SHOW POOLS");
  const auto stats = console_rows(topology, "SHOW STATS");
  ASSERT_TRUE(pools.contains("corrchess") && stats.contains("corrchess"));
  EXPECT_EQ(pools.at("corrchess").at("pool_mode"), "transaction");
  EXPECT_GT(std::stol(stats.at("corrchess").at("total_xact_count")),
            static_cast<long>(acks.size()));
  const auto verified = topology.verify();
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  std::printf("corrchess-server verify: %s", verified.out.c_str());

  // Every watcher ends up with exactly the stored moves of its game, in order; the sockets
  // of the killed instance reconnected to get there.
  int reconnects = 0;
  for (std::size_t i = 0; i < watchers.size(); ++i) {
    const auto& game = ids[i / 2];
    std::set<std::pair<std::string, long>> expected;
    for (const auto& m : stored) {
      if (m.first == game) expected.insert(m);
    }
    EXPECT_TRUE(testing::wait_until([&] { return watchers[i]->moves() == expected; },
                                    std::chrono::seconds(30), std::chrono::milliseconds(50)))
        << "watcher " << i << " saw " << watchers[i]->moves().size() << " of " << expected.size()
        << " moves";
    EXPECT_TRUE(watchers[i]->problems().empty())
        << ::testing::PrintToString(watchers[i]->problems());
    reconnects += watchers[i]->reconnects();
  }
  EXPECT_GE(reconnects, 1) << "no WebSocket was on the killed instance?";

  // A sign-out through HAProxy reaches every instance (over LISTEN, not through PgBouncer):
  // the token, known to each instance, is refused by all of them at once.
  const auto& token = tokens.front();
  for (int n = 1; n <= 3; ++n) {
    EXPECT_EQ(ApiClient(topology.instance_port(n)).call("GET", "/api/v1/me", token).status, 200);
  }
  EXPECT_EQ(api.call("POST", "/api/v1/auth/logout", token).status, 204);
  for (int n = 1; n <= 3; ++n) {
    const ApiClient instance(topology.instance_port(n));
    EXPECT_TRUE(
        testing::wait_until([&] { return instance.call("GET", "/api/v1/me", token).status == 401; },
                            std::chrono::seconds(1), std::chrono::milliseconds(20)))
        << "instance " << n << " still accepts a revoked token";
  }
  std::printf(
      "topology: %zu moves acknowledged (instance 2 killed after %ld, back after %ld), %ld "
      "failed requests retried, %d reconnects\n",
      acks.size(), at_kill, at_restart, traffic.failures(), reconnects);
}

}  // namespace
}  // namespace corrchess
