// The store of numbered live messages (db/live_events.h) and the clean-up of what is kept
// only for a while (app/housekeeping.h), on a real database.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "app/housekeeping.h"
#include "db/live_events.h"
#include "db/pool.h"
#include "db/users.h"
#include "tests/support/repository_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class LiveEventStore : public testing::RepositoryTest {
 protected:
  LiveEventStore() : RepositoryTest({"alpha", "beta"}) {}

  static json messages(int from, int to) {
    json out = json::array();
    for (int n = from; n <= to; ++n) out.push_back(json{{"type", "test"}, {"n", n}});
    return out;
  }

  model::UserEventPage after(std::int64_t user, std::optional<std::int64_t> since,
                             int limit = 100) {
    pqxx::work tx(*conn_);
    return db::user_events_after(tx, user, since, limit);
  }
};

TEST_F(LiveEventStore, EachUserNumbersHisCopiesWithoutGaps) {
  {
    pqxx::work tx(*conn_);
    db::notify_users(tx, {ids_[0], ids_[1]}, messages(1, 3));
    db::notify_game(tx, 7, {ids_[0]}, messages(4, 4));
    tx.commit();
  }
  {
    pqxx::work tx(*conn_);  // rolled back: numbers nothing
    db::notify_users(tx, {ids_[1]}, messages(99, 99));
  }
  const auto alpha = after(ids_[0], 0);
  ASSERT_EQ(alpha.events.size(), 4U);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(alpha.events[i].seq, static_cast<std::int64_t>(i) + 1);
    EXPECT_EQ(json::parse(alpha.events[i].message)["n"], static_cast<int>(i) + 1);
  }
  EXPECT_EQ(alpha.last_seq, 4);
  EXPECT_FALSE(alpha.missed);
  const auto beta = after(ids_[1], 1);
  ASSERT_EQ(beta.events.size(), 2U);
  EXPECT_EQ(beta.events[0].seq, 2);
  EXPECT_EQ(beta.last_seq, 3);
  // Paging, and the newest number alone.
  EXPECT_EQ(after(ids_[0], 1, 2).events.size(), 2U);
  EXPECT_EQ(after(ids_[0], std::nullopt).events.size(), 0U);
  EXPECT_EQ(after(ids_[0], std::nullopt).last_seq, 4);
  EXPECT_TRUE(after(ids_[0], 5).missed);  // a number never given
}

TEST_F(LiveEventStore, HousekeepingDeletesOnlyWhatIsOlderThanTheRetention) {
  {
    pqxx::work tx(*conn_);
    db::notify_users(tx, {ids_[0]}, messages(1, 5));
    // 1..3 are eight days old, 4 six days.
    tx.exec("UPDATE user_events SET at = now() - interval '8 days' WHERE seq <= 3");
    tx.exec("UPDATE user_events SET at = now() - interval '6 days' WHERE seq = 4");
    // Login throttling: an old idle row, an old row still blocked, a recent one.
    tx.exec(
        "INSERT INTO login_attempts (username, remote, attempts, last_attempt, blocked_until) "
        "VALUES ('user:a', '10.0.0.1', 3, now() - interval '2 days', now() - interval '2 days'), "
        "('user:b', '10.0.0.1', 9, now() - interval '2 days', now() + interval '1 hour'), "
        "('user:c', '10.0.0.1', 1, now() - interval '1 hour', now() - interval '1 hour')");
    tx.commit();
  }
  db::Pool pool(db_.url(), 1);
  const auto report = app::run_housekeeping(pool, app::HousekeepingPolicy{});
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->live_events_deleted, 3);
  EXPECT_EQ(report->login_attempts_deleted, 1);
  // Resuming after 3 is complete, after 2 is not any more.
  const auto from3 = after(ids_[0], 3);
  EXPECT_FALSE(from3.missed);
  ASSERT_EQ(from3.events.size(), 2U);
  EXPECT_EQ(from3.events[0].seq, 4);
  EXPECT_TRUE(after(ids_[0], 2).missed);
  // Once everything went, resuming from the newest number still works; numbering goes on.
  {
    pqxx::work tx(*conn_);
    tx.exec("DELETE FROM user_events");
    db::notify_users(tx, {ids_[0]}, messages(6, 6));
    tx.commit();
  }
  EXPECT_TRUE(after(ids_[0], 4).missed);
  const auto from5 = after(ids_[0], 5);
  EXPECT_FALSE(from5.missed);
  ASSERT_EQ(from5.events.size(), 1U);
  EXPECT_EQ(from5.events[0].seq, 6);
  pqxx::work tx(*conn_);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM login_attempts")[0].as<int>(), 2);
}

}  // namespace
}  // namespace corrchess
