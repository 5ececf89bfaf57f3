#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <pqxx/pqxx>
#include <vector>

#include "db/listener.h"
#include "tests/support/temp_database.h"

namespace corrchess::db {
namespace {

// Collects payloads and lets the test wait for a count (bounded wait, no sleeps).
class Inbox {
 public:
  void push(const std::string& payload) {
    std::lock_guard lock(mutex_);
    payloads_.push_back(payload);
    cv_.notify_all();
  }
  bool wait_for(std::size_t n, std::chrono::seconds timeout = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [&] { return payloads_.size() >= n; });
  }
  std::vector<std::string> payloads() {
    std::lock_guard lock(mutex_);
    return payloads_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::string> payloads_;
};

template <class Pred>
bool eventually(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    if (pred()) return true;
    std::this_thread::yield();
  }
  return pred();
}

TEST(Listener, DeliversCommittedNotificationsOnly) {
  testing::TempDatabase db;
  Inbox inbox;
  Listener listener(db.url(), "game_events", [&](const std::string& p) { inbox.push(p); });
  listener.start();
  ASSERT_TRUE(eventually([&] { return listener.connected(); }));

  pqxx::connection conn(db.url());
  {
    pqxx::work tx(conn);
    tx.exec("SELECT pg_notify('game_events', 'rolled back')");
    tx.abort();
  }
  {
    pqxx::work tx(conn);
    tx.exec("SELECT pg_notify('game_events', '{\"game_id\":1}')");
    tx.exec("SELECT pg_notify('other_channel', 'ignored')");
    tx.commit();
  }
  ASSERT_TRUE(inbox.wait_for(1));
  testing::exec_committed(conn, "SELECT pg_notify('game_events', 'second')");
  ASSERT_TRUE(inbox.wait_for(2));
  EXPECT_EQ(inbox.payloads(), (std::vector<std::string>{"{\"game_id\":1}", "second"}));
}

// Several channels on one connection (the server listens to game events and clock moves):
// each notification reaches its own channel's callback, and the database has one listening
// session for them.
TEST(Listener, SeveralChannelsShareOneConnection) {
  testing::TempDatabase db;
  Inbox events;
  Inbox clock;
  Listener listener(db.url(), "game_events", [&](const std::string& p) { events.push(p); });
  listener.also_listen("clock_moves", [&](const std::string& p) { clock.push(p); });
  listener.start();
  ASSERT_TRUE(eventually([&] { return listener.connected(); }));
  pqxx::connection conn(db.url());
  testing::exec_committed(
      conn, "SELECT pg_notify('clock_moves', 'tick'), pg_notify('game_events', 'move')");
  ASSERT_TRUE(events.wait_for(1));
  ASSERT_TRUE(clock.wait_for(1));
  EXPECT_EQ(events.payloads(), std::vector<std::string>{"move"});
  EXPECT_EQ(clock.payloads(), std::vector<std::string>{"tick"});
  pqxx::work tx(conn);
  const auto listening =
      tx.exec1(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> "
            "pg_backend_pid() AND query LIKE 'LISTEN%'")[0]
          .as<int>();
  EXPECT_EQ(listening, 1);
}

TEST(Listener, ReconnectsAfterItsBackendIsTerminated) {
  testing::TempDatabase db;
  Inbox inbox;
  std::atomic<int> reconnects{0};
  Listener listener(
      db.url(), "game_events", [&](const std::string& p) { inbox.push(p); }, [&] { ++reconnects; });
  listener.start();
  ASSERT_TRUE(eventually([&] { return listener.connected(); }));

  pqxx::connection conn(db.url());
  // Kill the listener's backend, as a database restart would.
  testing::exec_committed(
      conn,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE "
      "'%LISTEN%' AND pid <> pg_backend_pid() AND datname = current_database()");
  ASSERT_TRUE(eventually([&] { return listener.connections() >= 2 && listener.connected(); }));
  // Called on the first connection and again after the reconnect.
  EXPECT_TRUE(eventually([&] { return reconnects.load() == 2; }));
  testing::exec_committed(conn, "SELECT pg_notify('game_events', 'after reconnect')");
  ASSERT_TRUE(inbox.wait_for(1));
  EXPECT_EQ(inbox.payloads().back(), "after reconnect");
}

}  // namespace
}  // namespace corrchess::db
