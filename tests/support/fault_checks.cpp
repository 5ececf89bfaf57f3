#include "tests/support/fault_checks.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <thread>

namespace corrchess::testing {

using nlohmann::json;

json insist(const ApiClient& api, const std::string& method, const std::string& path,
            const std::string& token, const json& body, int attempts) {
  for (int attempt = 0; attempt < attempts; ++attempt) {
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

void Phases::operator()(const std::string& what) const {
  const std::chrono::duration<double> at = std::chrono::steady_clock::now() - start_;
  std::printf("  %5.1f s: %s\n", at.count(), what.c_str());
}

long due_deliveries_left(pqxx::connection& conn) {
  pqxx::read_transaction tx(conn);
  return tx
      .exec1(
          "SELECT count(*) FROM notification_outbox WHERE status IN ('pending', 'failed') AND "
          "due_at <= (SELECT now FROM manual_clock)")[0]
      .as<long>();
}

void expect_due_games_decided_once(pqxx::connection& conn,
                                   const std::vector<std::string>& due_ids) {
  pqxx::read_transaction tx(conn);
  for (const auto& id : due_ids) {
    const auto row = tx.exec_params1(
        "SELECT g.status, g.result, (SELECT count(*) FROM game_events e WHERE e.game_id = g.id "
        "AND e.kind = 'flag_fall'), (SELECT count(*) FROM notification_outbox o WHERE "
        "o.game_id = g.id AND o.channel = 'email' AND o.kind = 'game_over'), (SELECT "
        "count(DISTINCT o.user_id) FROM notification_outbox o WHERE o.game_id = g.id AND "
        "o.channel = 'email' AND o.kind = 'game_over') FROM games g WHERE g.id = $1",
        std::stoll(id));
    EXPECT_EQ(row[0].as<std::string>(), "finished") << "game " << id;
    EXPECT_EQ(row[1].as<std::string>(""), "0-1") << "game " << id;
    EXPECT_EQ(row[2].as<long>(), 1) << "game " << id << ": flag-fall facts";
    EXPECT_EQ(row[3].as<long>(), 2) << "game " << id << ": game_over mails";
    EXPECT_EQ(row[4].as<long>(), 2) << "game " << id << ": players mailed its end";
  }
}

int expect_sockets_saw_everything(const std::vector<std::unique_ptr<EventWatcher>>& watchers,
                                  const std::vector<std::string>& ids,
                                  const std::vector<std::string>& due_ids,
                                  const std::set<std::pair<std::string, long>>& stored) {
  EXPECT_EQ(watchers.size(), 2 * ids.size() + due_ids.size());
  int reconnects = 0;
  for (std::size_t i = 0; i < watchers.size(); ++i) {
    const auto& w = *watchers[i];
    if (i < 2 * ids.size()) {
      std::set<std::pair<std::string, long>> expected;
      for (const auto& m : stored) {
        if (m.first == ids[i / 2]) expected.insert(m);
      }
      EXPECT_TRUE(wait_until([&] { return w.moves() == expected; }, std::chrono::seconds(30),
                             std::chrono::milliseconds(50)))
          << "watcher " << i << " saw " << w.moves().size() << " of " << expected.size();
    } else if (i - 2 * ids.size() < due_ids.size()) {
      const auto& game = due_ids[i - 2 * ids.size()];
      EXPECT_TRUE(wait_until([&] { return w.games_over().contains(game); },
                             std::chrono::seconds(30), std::chrono::milliseconds(50)))
          << "no game_over for due game " << game;
      EXPECT_EQ(w.games_over().size(), 1u) << "watcher " << i;
      EXPECT_EQ(w.games_over()[game], 1) << "game_over messages for game " << game;
    }
    EXPECT_TRUE(w.problems().empty())
        << "watcher " << i << ": " << ::testing::PrintToString(w.problems());
    reconnects += w.reconnects();
  }
  return reconnects;
}

std::set<std::string> sent_mails(pqxx::connection& conn) {
  std::set<std::string> sent;
  pqxx::read_transaction tx(conn);
  for (const auto& row : tx.exec("SELECT delivery_id::text FROM notification_outbox WHERE "
                                 "channel = 'email' AND status = 'sent'")) {
    sent.insert(row[0].as<std::string>());
  }
  return sent;
}

long expect_mails_match(const std::set<std::string>& sent, const json& mails) {
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
  return duplicates;
}

}  // namespace corrchess::testing
