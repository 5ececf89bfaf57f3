// Losing the database machine loses nothing (issue #39), on the highly available topology of
// scripts/ha-topology: three PostgreSQL nodes under Patroni (synchronous mode) and etcd,
// HAProxy routing to the primary, PgBouncer, three corrchess instances, HAProxy. While players
// make moves through HAProxy with their WebSockets open, the manual clock makes three idle
// games due and the primary's whole machine is killed (postmaster, Patroni and etcd member,
// kill -9); a standby is promoted and play goes on. Afterwards:
//   - every move the clients saw acknowledged is stored exactly once, at its ply (synchronous
//     replication: the promoted standby had every acknowledged commit);
//   - `corrchess-server verify` finds every game consistent;
//   - every WebSocket saw every move of its game, numbered without gap or repeat (live clients
//     caught up with `?since=` after the failover);
//   - each due game was decided exactly once (one flag-fall fact, one game_over message per
//     player, one game_over mail per player), and every mail went out, a repeat only under
//     its own delivery id;
//   - the instances counted the change of primary (corrchess_db_primary_changes_total).
// Label slow; needs scripts/install-deps --ha. About 3-4 minutes on a busy 2-core machine (the
// topology alone takes 1-2 minutes to start). Run: ctest -L slow -R HaFailover
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/fault_checks.h"
#include "tests/support/game_traffic.h"
#include "tests/support/smtp_sink.h"
#include "tests/support/topology.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ApiClient;
using testing::EventWatcher;

constexpr int kHaGames = 8;
constexpr long kHaPlies = 60;
constexpr int kHaDueGames = 3;

bool ha_engines_installed() {
  return std::system("command -v patroni >/dev/null && command -v etcd >/dev/null") == 0;
}

TEST(HaFailover, KillingThePrimaryMachineUnderLoadLosesNothing) {
  if (!ha_engines_installed()) GTEST_SKIP() << "Patroni or etcd missing: scripts/install-deps --ha";
  const testing::Phases phase;
  testing::SmtpSink sink;
  ASSERT_TRUE(sink.started());
  testing::Topology topology(
      testing::director_env(true, {{"CORRCHESS_SMTP_URL", sink.url()},
                                   {"CORRCHESS_SMTP_FROM", "corrchess@chess.example.org"},
                                   {"CORRCHESS_PUBLIC_URL", "https://chess.example.org"},
                                   {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                                   {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "2"}}),
      testing::Topology::Kind::kHa);
  ASSERT_TRUE(topology.started());
  phase("HA topology up");
  const ApiClient api(topology.port());
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  api.set_clock(td, "2030-01-07T09:00:00Z");
  const auto player = [&](const std::string& name) {
    const auto token = api.sign_up(name);
    api.expect("PATCH", "/api/v1/me", token, {{"email", name + "@example.org"}});
    return token;
  };
  std::vector<testing::TrafficGame> games;
  std::vector<std::string> ids, tokens, due_ids;
  for (int g = 0; g < kHaGames; ++g) {
    const auto white = "white" + std::to_string(g), black = "black" + std::to_string(g);
    testing::TrafficGame game{"", player(white), player(black)};
    game.id = api.create_game(td, white, black);
    games.push_back(game);
    ids.push_back(game.id);
    tokens.push_back(game.white_token);
    tokens.push_back(game.black_token);
  }
  // Idle games, due once the clock moved three days (ten moves in two days; the played games
  // have fifty).
  for (int g = 0; g < kHaDueGames; ++g) {
    const auto white = "idle_w" + std::to_string(g), black = "idle_b" + std::to_string(g);
    player(white);
    tokens.push_back(player(black));
    due_ids.push_back(api.create_game(
        td, white, black, {{"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 2}}}}));
  }
  std::vector<std::unique_ptr<EventWatcher>> watchers;
  for (const auto& token : tokens) {
    watchers.push_back(std::make_unique<EventWatcher>(topology.port(), token));
  }
  for (const auto& w : watchers) ASSERT_TRUE(w->wait_connected(std::chrono::seconds(30)));
  phase("players, games and sockets ready");

  testing::MoveTraffic traffic(topology.port(), games, kHaPlies);
  const long total = kHaGames * kHaPlies;
  ASSERT_TRUE(testing::wait_until([&] { return traffic.acknowledged_count() >= total / 4; },
                                  std::chrono::seconds(180), std::chrono::milliseconds(10)));
  // The idle games fall due just before the primary dies: the scheduler decides them on
  // either side of the failover, once.
  testing::insist(api, "POST", "/api/v1/admin/clock", td, {{"advance_seconds", 3 * 86400}}, 600);
  const long before = traffic.acknowledged_count();
  EXPECT_LT(before, total);  // the kill hits the traffic while it runs
  const int victim = topology.kill_primary(true);
  ASSERT_GT(victim, 0);
  phase("primary pg" + std::to_string(victim) + " (postmaster, Patroni, etcd) killed after " +
        std::to_string(traffic.acknowledged_count()) + " moves");
  const auto killed_at = std::chrono::steady_clock::now();
  // Play goes on once moves are acknowledged past those that were in flight when the machine
  // died (at most one a game: a commit it finished whose answer came after the kill).
  const long at_kill = traffic.acknowledged_count();
  ASSERT_TRUE(testing::wait_until([&] { return traffic.acknowledged_count() > at_kill + kHaGames; },
                                  std::chrono::seconds(90), std::chrono::milliseconds(10)));
  const std::chrono::duration<double> resumed = std::chrono::steady_clock::now() - killed_at;
  std::printf("  play resumed %.1f s after the kill\n", resumed.count());
  EXPECT_LT(resumed.count(), 60.0);
  ASSERT_TRUE(traffic.wait(std::chrono::seconds(300)));
  phase("moves done (" + std::to_string(traffic.failures()) + " failed requests retried)");
  ASSERT_TRUE(topology.restore_node(victim));
  phase("pg" + std::to_string(victim) + " back as a standby");

  // Every acknowledged move stored exactly once, every game played to its end.
  const auto acks = traffic.acknowledged();
  const auto problems = testing::acknowledged_moves_problems(topology.database_url(), acks);
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  EXPECT_EQ(testing::stored_moves(topology.database_url(), ids).size(),
            static_cast<std::size_t>(total));
  const auto verified = topology.verify();
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  std::printf("corrchess-server verify: %s", verified.out.c_str());

  pqxx::connection conn(topology.database_url());
  testing::expect_due_games_decided_once(conn, due_ids);

  // Every socket saw every move of its game once, in order, and each due game's end once.
  testing::expect_sockets_saw_everything(watchers, ids, due_ids,
                                         testing::stored_moves(topology.database_url(), ids));
  phase("sockets checked");

  // Every mail went out once (a repeat only under its own delivery id).
  EXPECT_TRUE(testing::wait_until([&] { return testing::due_deliveries_left(conn) == 0; },
                                  std::chrono::seconds(120), std::chrono::milliseconds(500)));
  const auto sent = testing::sent_mails(conn);
  testing::expect_mails_match(sent, sink.wait_for(sent.size(), std::chrono::seconds(60)));
  phase(std::to_string(sent.size()) + " mails checked");

  // Every instance noticed the new primary.
  int changed = 0;
  for (int n = 1; n <= 3; ++n) {
    const ApiClient instance(topology.instance_port(n));
    changed += instance.metric("corrchess_db_primary_changes_total") >= 1 ? 1 : 0;
  }
  EXPECT_EQ(changed, 3);
}

}  // namespace
}  // namespace corrchess
