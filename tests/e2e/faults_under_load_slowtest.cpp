// Faults under load (issue #22), on the scale-out topology of scripts/topology (HAProxy, three
// instances, PgBouncer in transaction pooling mode, PostgreSQL): while players make moves
// through HAProxy with their WebSockets open and a webhook each, a random instance is killed
// (kill -9) and started again four times, PostgreSQL is restarted once with
// `pg_ctl -m immediate`, and the manual test clock is moved on three times, each time just
// before a fault, making one wave of untouched games due (so the flag-fall scheduler works
// across the faults). Afterwards:
//   - every move the clients saw acknowledged is stored exactly once, at its ply;
//   - no game is inconsistent: `corrchess-server verify` (every game replayed from its
//     facts) reports nothing, and the replay GET /games/{id} shows every move;
//   - the flag-fall scheduler decided every due game exactly once (one flag-fall fact, one
//     game_over message per player);
//   - every WebSocket saw every move of its game, numbered without gap or repeat;
//   - every notification due went out to the real SMTP server (aiosmtpd), duplicates only
//     with the same delivery id;
//   - every webhook delivery the outbox holds went out to a real HTTP receiver
//     (tests/support/webhook_receiver.py, which answers 500 to the first try of one delivery in
//     ten) and was received with status 200 at least once, signed (Standard Webhooks, each
//     player's own secret) and with the body the outbox holds; a delivery received more than
//     once always under the same webhook-id, never one message under two ids; each player's
//     webhook got every stored move of its game and each due game's end once.
// Label slow: about 2 minutes on a 2-core machine (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <algorithm>
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
#include "tests/support/fault_checks.h"
#include "tests/support/game_traffic.h"
#include "tests/support/smtp_sink.h"
#include "tests/support/topology.h"
#include "tests/support/webhook_receiver.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ApiClient;
using testing::EventWatcher;
using testing::insist;

constexpr int kGames = 12;
constexpr long kPlies = 100;
// Untouched games in three waves, due after 3, 6 and 11 days (ICCF, ten moves in 2, 5 and 10
// days): the clock moves 3, 3 and 5 days during the run. The played games have 50 days.
constexpr int kWaves = 3;
constexpr int kDueGamesPerWave = 3;
constexpr int kDueGames = kWaves * kDueGamesPerWave;
constexpr int kWaveDays[kWaves] = {2, 5, 10};
constexpr long kWaveAdvanceDays[kWaves] = {3, 3, 5};

TEST(FaultsUnderLoad, AcknowledgedMovesDueGamesMailAndWebhooksAllSurviveKillsAndADatabaseCrash) {
  const testing::Phases phase;
  testing::SmtpSink sink;
  ASSERT_TRUE(sink.started());
  testing::WebhookReceiver hooks(10);
  ASSERT_TRUE(hooks.started());
  testing::Topology topology(
      testing::director_env(true, {{"CORRCHESS_SMTP_URL", sink.url()},
                                   {"CORRCHESS_SMTP_FROM", "corrchess@chess.example.org"},
                                   {"CORRCHESS_PUBLIC_URL", "https://chess.example.org"},
                                   {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", "1"},
                                   {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", "2"},
                                   {"CORRCHESS_WEBHOOK_ALLOW_PRIVATE", "1"}}));
  ASSERT_TRUE(topology.started());
  phase("topology up");
  const ApiClient api(topology.port());
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  api.set_clock(td, "2030-01-07T09:00:00Z");
  const auto player = [&](const std::string& name) {
    const auto token = api.sign_up(name);
    api.expect("PATCH", "/api/v1/me", token, {{"email", name + "@example.org"}});
    const auto hook =
        api.expect("POST", "/api/v1/me/webhooks", token, {{"url", hooks.url(name)}}, 201);
    hooks.set_secret(name, hook["secret"].get<std::string>());
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
  // Games nobody plays, wave w with kWaveDays[w] days for the first ten moves: due once the
  // clock moved the first w + 1 advances, not before (the played games have fifty days).
  std::vector<std::string> due_players;  // White and Black of each due game
  for (int g = 0; g < kDueGames; ++g) {
    const auto white = "idle_w" + std::to_string(g), black = "idle_b" + std::to_string(g);
    player(white);
    tokens.push_back(player(black));
    due_players.push_back(white);
    due_players.push_back(black);
    due_ids.push_back(api.create_game(
        td, white, black,
        {{"time_control",
          {{"type", "iccf"}, {"moves", 10}, {"days", kWaveDays[g / kDueGamesPerWave]}}}}));
  }
  // Moves the clock on so that wave w falls due; the request may meet a restarting database.
  // Before that, this wave and the later ones are not due: the scheduler has not decided them.
  const auto make_due = [&](int wave) {
    std::map<std::string, std::string> later;  // game -> status, of this wave and later ones
    EXPECT_TRUE(testing::wait_until(
        [&] {
          try {  // PostgreSQL may just have been restarted
            pqxx::connection early(topology.database_url());
            pqxx::read_transaction tx(early);
            for (auto g = static_cast<std::size_t>(wave * kDueGamesPerWave); g < due_ids.size();
                 ++g) {
              later[due_ids[g]] = tx.exec_params1("SELECT status FROM games WHERE id = $1",
                                                  std::stoll(due_ids[g]))[0]
                                      .as<std::string>();
            }
            return true;
          } catch (const std::exception&) {
            return false;
          }
        },
        std::chrono::seconds(30), std::chrono::milliseconds(100)));
    for (const auto& [game, status] : later) {
      EXPECT_EQ(status, "ongoing") << "game " << game << " decided before it was due";
    }
    std::printf("  clock +%ld days: wave %d due\n", kWaveAdvanceDays[wave], wave + 1);
    insist(api, "POST", "/api/v1/admin/clock", td,
           {{"advance_seconds", kWaveAdvanceDays[wave] * 86400}});
  };
  std::vector<std::unique_ptr<EventWatcher>> watchers;
  for (const auto& token : tokens) {
    watchers.push_back(std::make_unique<EventWatcher>(topology.port(), token));
  }
  for (const auto& w : watchers) ASSERT_TRUE(w->wait_connected(std::chrono::seconds(30)));

  phase("players, webhooks, games and sockets ready");
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
  make_due(0);
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(25));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(40));
  std::printf("  PostgreSQL restart (-m immediate) after %ld moves\n",
              traffic.acknowledged_count());
  under_load();
  ASSERT_TRUE(topology.restart_database());
  // The second wave falls due while the instances are still recovering their connections.
  make_due(1);
  ASSERT_TRUE(reach(55));
  make_due(2);
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(reach(75));
  ASSERT_NO_FATAL_FAILURE(kill_one());
  ASSERT_TRUE(traffic.wait(std::chrono::seconds(300)));
  const auto played_for =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
  pqxx::connection conn(topology.database_url());
  const auto due_deliveries_left = [&] { return testing::due_deliveries_left(conn); };
  // Most deliveries are still due when the moves are done: two more faults while the outbox
  // drains, at once and when half of it is left. A delivery in flight on the killed instance
  // goes out again, under the same id.
  const long left_at_end = due_deliveries_left();
  phase("moves done, " + std::to_string(left_at_end) + " deliveries due left");
  for (const long left_at_most : {left_at_end, left_at_end / 2}) {
    if (left_at_most == 0 ||
        !testing::wait_until([&] { return due_deliveries_left() <= left_at_most; },
                             std::chrono::seconds(60), std::chrono::milliseconds(100))) {
      break;
    }
    const int n = 1 + static_cast<int>(random() % 3);
    std::printf("  kill -9 instance %d while the outbox drains (%ld due left)\n", n,
                due_deliveries_left());
    ASSERT_TRUE(topology.kill(n));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_TRUE(topology.start(n));
  }

  // Every acknowledged move stored exactly once, every game played to its end.
  const auto acks = traffic.acknowledged();
  const auto problems = testing::acknowledged_moves_problems(topology.database_url(), acks);
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto stored = testing::stored_moves(topology.database_url(), ids);
  EXPECT_EQ(stored.size(), static_cast<std::size_t>(total));

  // No game inconsistent.
  const auto verified = topology.verify();
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  EXPECT_NE(verified.out.find("verified " + std::to_string(kGames + kDueGames) +
                              " games: 0 with differences"),
            std::string::npos)
      << verified.out;
  std::printf("corrchess-server verify: %s", verified.out.c_str());
  // Every due game decided exactly once: White, on move, lost on time, and each player was
  // mailed its end once.
  testing::expect_due_games_decided_once(conn, due_ids);
  for (std::size_t g = 0; g < ids.size(); ++g) {
    // The replay agrees too (as each game's White reads it).
    const auto shown = insist(api, "GET", "/api/v1/games/" + ids[g], games[g].white_token);
    EXPECT_EQ(shown["ply"], kPlies) << "game " << ids[g];
    EXPECT_EQ(shown["status"], "ongoing") << "game " << ids[g];
  }

  phase("stored moves, verify and due games checked");
  // Every socket saw every move of its game once, in order, and each due game's end once.
  const int reconnects = testing::expect_sockets_saw_everything(watchers, ids, due_ids, stored);
  EXPECT_GE(reconnects, 1);
  phase("sockets checked");

  // Every mail due went out: no delivery left pending or failed, each received at least
  // once, and a mail received twice only under the same delivery id.
  const bool settled =
      testing::wait_until([&] { return due_deliveries_left() == 0; }, std::chrono::seconds(120),
                          std::chrono::milliseconds(500));
  EXPECT_TRUE(settled) << "deliveries still pending or failed";
  phase("outbox drained");
  const auto sent = testing::sent_mails(conn);
  EXPECT_GT(sent.size(), static_cast<std::size_t>(total));  // one per move, and more
  const auto mails = sink.wait_for(sent.size(), std::chrono::seconds(60));
  const long duplicates = testing::expect_mails_match(sent, mails);

  // Every webhook delivery went out. The outbox has drained (above); each of its webhook rows
  // is sent, and was received answered 200, signed with its player's secret, carrying the
  // outbox's body. A delivery received twice came under its one id; one message (player,
  // seq) never came under two ids.
  struct Due {
    std::string name, status;
    json body;
  };
  std::map<std::string, Due> due_hooks;  // by delivery id
  {
    pqxx::read_transaction tx(conn);
    for (const auto& row :
         tx.exec("SELECT o.delivery_id::text, u.username, o.status, (o.payload -> 'body')::text "
                 "FROM notification_outbox o JOIN users u ON u.id = o.user_id "
                 "WHERE o.channel = 'webhook'")) {
      due_hooks[row[0].as<std::string>()] = {row[1].as<std::string>(), row[2].as<std::string>(),
                                             json::parse(row[3].as<std::string>())};
    }
  }
  const auto hooks_received = [&] {
    std::set<std::string> ok;
    for (const auto& r : hooks.requests()) {
      if (r["status"] == 200) ok.insert(r["id"].get<std::string>());
    }
    return ok;
  };
  std::set<std::string> hooks_ok;
  EXPECT_TRUE(testing::wait_until(
      [&] {
        hooks_ok = hooks_received();
        return std::ranges::all_of(due_hooks,
                                   [&](const auto& d) { return hooks_ok.contains(d.first); });
      },
      std::chrono::seconds(30), std::chrono::milliseconds(200)));
  const auto requests = hooks.requests();
  std::map<std::string, json> first_of;                         // delivery id -> first request
  std::map<std::pair<std::string, long>, std::string> seq_ids;  // (player, seq) -> delivery id
  std::map<std::string, std::set<std::pair<std::string, long>>> hook_moves;  // player -> moves
  std::map<std::pair<std::string, std::string>, std::set<std::string>> hook_over;
  long hook_duplicates = 0, hook_retries = 0;
  for (const auto& r : requests) {
    const std::string id = r["id"];
    EXPECT_TRUE(r["verified"].get<bool>()) << "signature does not verify: " << r.dump();
    if (r["status"] != 200) ++hook_retries;
    const auto [first, fresh] = first_of.emplace(id, r);
    if (!fresh) {
      ++hook_duplicates;
      EXPECT_EQ(r["name"], first->second["name"]) << "delivery " << id << " to two players";
      EXPECT_EQ(r["body"], first->second["body"]) << "delivery " << id << " with two bodies";
      continue;
    }
    const auto& body = r["body"];
    const std::string name = r["name"], type = body.value("type", "");
    ASSERT_TRUE(body.contains("seq")) << r.dump();
    const auto [other, unique] = seq_ids.emplace(std::pair{name, body["seq"].get<long>()}, id);
    EXPECT_TRUE(unique) << name << "'s message " << body["seq"] << " under two ids: " << id
                        << " and " << other->second;
    const auto it = due_hooks.find(id);
    if (it == due_hooks.end()) {
      ADD_FAILURE() << "received webhook " << id << " the outbox does not hold: " << r.dump();
      continue;
    }
    EXPECT_EQ(r["name"], it->second.name) << "delivery " << id;
    EXPECT_EQ(r["body"], it->second.body) << "delivery " << id;
    if (type == "move") {
      hook_moves[name].emplace(body["game_id"].get<std::string>(), body["ply"].get<long>());
    }
    if (type == "game_over") hook_over[{name, body["game_id"].get<std::string>()}].insert(id);
  }
  for (const auto& [id, d] : due_hooks) {
    EXPECT_EQ(d.status, "sent") << "webhook delivery " << id << " to " << d.name;
    EXPECT_TRUE(hooks_ok.contains(id)) << "webhook delivery " << id << " to " << d.name << " ("
                                       << d.body.dump() << ") never received with 200";
  }
  // Each player's webhook got every stored move of its game; each due game's players its
  // end, once.
  for (std::size_t g = 0; g < games.size(); ++g) {
    std::set<std::pair<std::string, long>> expected;
    for (const auto& m : stored) {
      if (m.first == ids[g]) expected.insert(m);
    }
    for (const auto& name : {"white" + std::to_string(g), "black" + std::to_string(g)}) {
      EXPECT_EQ(hook_moves[name], expected) << name << "'s webhook moves";
    }
  }
  for (std::size_t i = 0; i < due_players.size(); ++i) {
    const auto& game = due_ids[i / 2];
    EXPECT_EQ((hook_over[{due_players[i], game}].size()), 1u)
        << due_players[i] << "'s game_over webhooks for due game " << game;
  }
  EXPECT_GT(due_hooks.size(), static_cast<std::size_t>(2 * total));  // two per move, and more
  EXPECT_GT(hook_retries, 0) << "the receiver's 500s were not retried";

  phase("checked");
  std::printf(
      "faults under load: %zu moves acknowledged in %llds, %ld failed requests retried, %d "
      "socket reconnects, %zu mails (%ld duplicates, same delivery id), %zu webhook deliveries "
      "(%zu requests: %ld answered 500 and retried, %ld repeats in all, same webhook-id)\n",
      acks.size(), static_cast<long long>(played_for.count()), traffic.failures(), reconnects,
      mails.size(), duplicates, due_hooks.size(), requests.size(), hook_retries, hook_duplicates);
}

}  // namespace
}  // namespace corrchess
