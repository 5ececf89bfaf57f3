// Faults under load (issue #22), on the scale-out topology of scripts/topology (HAProxy, three
// instances, PgBouncer in transaction pooling mode, PostgreSQL): while players make moves
// through HAProxy with their WebSockets open, a random instance is killed (kill -9) and
// started again several times, PostgreSQL is restarted once with `pg_ctl -m immediate`, and
// the manual test clock makes a set of untouched games due. Afterwards:
//   - every move the clients saw acknowledged is stored exactly once, at its ply;
//   - no game is inconsistent: `corrchess-server verify` (every game replayed from its
//     facts) reports nothing, and the replay GET /games/{id} shows every move;
//   - the flag-fall scheduler decided every due game exactly once (one flag-fall fact, one
//     game_over message per player);
//   - every WebSocket saw every move of its game, numbered without gap or repeat;
//   - every notification due went out to the real SMTP server (aiosmtpd), duplicates only
//     with the same delivery id.
// Label slow: about 2 minutes on a 2-core machine (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/game_traffic.h"
#include "tests/support/smtp_sink.h"
#include "tests/support/topology.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ApiClient;
using testing::EventWatcher;

constexpr int kGames = 12;
constexpr long kPlies = 100;
constexpr int kDueGames = 6;

// A request that must succeed eventually (the database or an instance may be restarting).
json insist(const ApiClient& api, const std::string& method, const std::string& path,
            const std::string& token, const json& body = nullptr) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    try {
      const auto r = api.call(method, path, token, body);
      if (r.status < 300) return r.body.empty() ? json() : json::parse(r.body);
      if (r.status < 500 && r.status != 429) {
        ADD_FAILURE() << method << " " << path << ": " << r.status << " " << r.body;
        return json();
      }
    } catch (const std::exception&) {
      // connection refused or dropped: try again
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ADD_FAILURE() << method << " " << path << " never succeeded";
  return json();
}

TEST(FaultsUnderLoad, AcknowledgedMovesDueGamesAndMailAllSurviveKillsAndADatabaseCrash) {
  testing::SmtpSink sink;
  ASSERT_TRUE(sink.started());
  testing::Topology topology(
      testing::director_env(true, {{"CORRCHESS_SMTP_URL", sink.url()},
                                   {"CORRCHESS_SMTP_FROM", "corrchess@chess.example.org"},
                                   {"CORRCHESS_PUBLIC_URL", "https://chess.example.org"},
                                   {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                                   {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "2"}}));
  ASSERT_TRUE(topology.started());
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
  for (int g = 0; g < kGames; ++g) {
    const auto white = "white" + std::to_string(g), black = "black" + std::to_string(g);
    testing::TrafficGame game{"", player(white), player(black)};
    game.id = api.create_game(td, white, black);
    games.push_back(game);
    ids.push_back(game.id);
    tokens.push_back(game.white_token);
    tokens.push_back(game.black_token);
  }
  // Games nobody plays, with ten days for the first ten moves: due when the clock has moved
  // eleven days (the played games have fifty).
  for (int g = 0; g < kDueGames; ++g) {
    const auto white = "idle_w" + std::to_string(g), black = "idle_b" + std::to_string(g);
    player(white);
    tokens.push_back(player(black));
    due_ids.push_back(api.create_game(
        td, white, black, {{"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 10}}}}));
  }
  std::vector<std::unique_ptr<EventWatcher>> watchers;
  for (const auto& token : tokens) {
    watchers.push_back(std::make_unique<EventWatcher>(topology.port(), token));
  }
  for (const auto& w : watchers) ASSERT_TRUE(w->wait_connected(std::chrono::seconds(30)));

  const auto seed = static_cast<unsigned>(std::random_device{}());
  std::printf("faults under load: seed %u\n", seed);
  std::mt19937 random(seed);
  const auto started = std::chrono::steady_clock::now();
  testing::MoveTraffic traffic(topology.port(), games, kPlies);
  const long total = kGames * kPlies;
  const auto reach = [&](long percent) {
    return testing::wait_until(
        [&] { return traffic.acknowledged_count() >= total * percent / 100; },
        std::chrono::seconds(120), std::chrono::milliseconds(10));
  };
  // Each fault must hit the traffic while it runs.
  const auto under_load = [&] { EXPECT_LT(traffic.acknowledged_count(), total); };
  const auto kill_one = [&] {
    under_load();
    const int n = 1 + static_cast<int>(random() % 3);
    std::printf("  kill -9 instance %d after %ld moves\n", n, traffic.acknowledged_count());
    ASSERT_TRUE(topology.kill(n));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_TRUE(topology.start(n));
  };
  ASSERT_TRUE(reach(10));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(25));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(40));
  std::printf("  PostgreSQL restart (-m immediate) after %ld moves\n",
              traffic.acknowledged_count());
  under_load();
  ASSERT_TRUE(topology.restart_database());
  // The idle games fall due while the instances are still recovering their connections.
  insist(api, "POST", "/api/v1/admin/clock", td, {{"advance_seconds", 11 * 86400}});
  ASSERT_TRUE(reach(55));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(75));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(traffic.wait(std::chrono::seconds(300)));
  const auto played_for =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);

  // Every acknowledged move stored exactly once, every game played to its end.
  const auto acks = traffic.acknowledged();
  const auto problems = testing::acknowledged_moves_problems(topology.database_url(), acks);
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto stored = testing::stored_moves(topology.database_url(), ids);
  EXPECT_EQ(stored.size(), static_cast<std::size_t>(total));

  // No game inconsistent.
  const auto verified = topology.verify();
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  std::printf("corrchess-server verify: %s", verified.out.c_str());
  pqxx::connection conn(topology.database_url());
  {
    pqxx::read_transaction tx(conn);
    // Every due game decided exactly once.
    for (const auto& id : due_ids) {
      const auto row = tx.exec_params1(
          "SELECT g.status, (SELECT count(*) FROM game_events e WHERE e.game_id = g.id AND "
          "e.kind = 'flag_fall') FROM games g WHERE g.id = $1",
          std::stoll(id));
      EXPECT_EQ(row[0].as<std::string>(), "finished") << "game " << id;
      EXPECT_EQ(row[1].as<long>(), 1) << "game " << id << ": flag-fall facts";
    }
  }
  for (std::size_t g = 0; g < ids.size(); ++g) {
    // The replay agrees too (as each game's White reads it).
    const auto shown = insist(api, "GET", "/api/v1/games/" + ids[g], games[g].white_token);
    EXPECT_EQ(shown["ply"], kPlies) << "game " << ids[g];
    EXPECT_EQ(shown["status"], "ongoing") << "game " << ids[g];
  }

  // Every socket saw every move of its game once, in order, and each due game's end once.
  int reconnects = 0;
  for (std::size_t i = 0; i < watchers.size(); ++i) {
    const auto& w = *watchers[i];
    if (i < tokens.size() - kDueGames) {
      const auto& game = ids[i / 2];
      std::set<std::pair<std::string, long>> expected;
      for (const auto& m : stored) {
        if (m.first == game) expected.insert(m);
      }
      EXPECT_TRUE(testing::wait_until([&] { return w.moves() == expected; },
                                      std::chrono::seconds(30), std::chrono::milliseconds(50)))
          << "watcher " << i << " saw " << w.moves().size() << " of " << expected.size();
    } else {
      const auto& game = due_ids[i - (tokens.size() - kDueGames)];
      EXPECT_TRUE(testing::wait_until([&] { return w.games_over().contains(game); },
                                      std::chrono::seconds(30), std::chrono::milliseconds(50)))
          << "no game_over for due game " << game;
      EXPECT_EQ(w.games_over().size(), 1u);
      EXPECT_EQ(w.games_over()[game], 1) << "game_over messages for game " << game;
    }
    EXPECT_TRUE(w.problems().empty())
        << "watcher " << i << ": " << ::testing::PrintToString(w.problems());
    reconnects += w.reconnects();
  }
  EXPECT_GE(reconnects, 1);

  // Every mail due went out: no delivery left pending or failed, each received at least
  // once, and a mail received twice only under the same delivery id.
  std::set<std::string> sent;
  const bool settled = testing::wait_until(
      [&] {
        pqxx::read_transaction tx(conn);
        const auto left = tx.exec1(
            "SELECT count(*) FROM notification_outbox WHERE status IN ('pending', 'failed') "
            "AND due_at <= (SELECT now FROM manual_clock)")[0];
        return left.as<long>() == 0;
      },
      std::chrono::seconds(120), std::chrono::milliseconds(500));
  EXPECT_TRUE(settled) << "deliveries still pending or failed";
  {
    pqxx::read_transaction tx(conn);
    for (const auto& row : tx.exec("SELECT delivery_id::text FROM notification_outbox WHERE "
                                   "channel = 'email' AND status = 'sent'")) {
      sent.insert(row[0].as<std::string>());
    }
  }
  EXPECT_GT(sent.size(), static_cast<std::size_t>(total));  // one per move, and more
  // Each game the scheduler decided mailed its end once to each player.
  for (const auto& game : due_ids) {
    pqxx::read_transaction tx(conn);
    const auto over = tx.exec_params1(
        "SELECT count(*), count(DISTINCT user_id) FROM notification_outbox WHERE channel = "
        "'email' AND kind = 'game_over' AND game_id = $1",
        std::stoll(game));
    EXPECT_EQ(over[0].as<long>(), 2) << "game_over mails for due game " << game;
    EXPECT_EQ(over[1].as<long>(), 2) << "game_over mails for due game " << game;
  }
  const auto mails = sink.wait_for(sent.size(), std::chrono::seconds(60));
  std::map<std::string, int> received;
  for (const auto& m : mails) ++received[m["delivery"].get<std::string>()];
  long duplicates = 0;
  for (const auto& id : sent) {
    EXPECT_TRUE(received.contains(id)) << "delivery " << id << " marked sent, never received";
  }
  for (const auto& [id, count] : received) {
    EXPECT_TRUE(sent.contains(id)) << "received delivery " << id << " not marked sent";
    duplicates += count - 1;
  }
  std::printf(
      "faults under load: %zu moves acknowledged in %llds, %ld failed requests retried, %d "
      "socket reconnects, %zu mails (%ld duplicates, same delivery id)\n",
      acks.size(), static_cast<long long>(played_for.count()), traffic.failures(), reconnects,
      mails.size(), duplicates);
}

}  // namespace
}  // namespace corrchess
