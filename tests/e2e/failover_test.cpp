// What the server does while its primary fails over, as far as one plain PostgreSQL can play
// it (the whole Patroni cluster is tests/e2e/ha_failover_slowtest.cpp): a node that turned
// read-only (a demoted primary) is left and answers 503, a connection lost during COMMIT
// answers 503 commit_outcome_unknown, and the metrics count both.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/private_cluster.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

// A server on a private PostgreSQL cluster of its own, which the test turns read-only or
// whose connections it cuts.
class PrimaryFailover : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(pg_.started());
    ASSERT_TRUE(server_.started());
    for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api_.register_user(name));
    td_ = api_.login(testing::kDirector, testing::kDirectorPassword);
    alice_ = api_.login("alice");
    bob_ = api_.login("bob");
    game_ = api_.create_game(td_, "alice", "bob",
                             {{"time_control", {{"type", "per_move"}, {"days", 5}}}});
    ASSERT_FALSE(game_.empty());
  }

  void sql(const std::string& statement) {
    pqxx::connection conn(pg_.url());
    pqxx::nontransaction tx(conn);
    tx.exec(statement);
  }

  int ply() {
    return json::parse(api_.call("GET", "/api/v1/games/" + game_, alice_).body).value("ply", -1);
  }

  testing::PrivateCluster pg_;
  ServerProcess server_{pg_.url(), testing::director_env(false)};
  const testing::ApiClient api_{server_};
  std::string td_, alice_, bob_, game_;
};

TEST_F(PrimaryFailover, AReadOnlyNodeAnswers503AndIsLeftForTheNextOne) {
  ASSERT_EQ(api_.try_play(game_, alice_, "e4").status, 200);
  const double flushes = api_.metric("corrchess_db_pool_flushes_total");
  // Every session of the node refuses writes from now on (SQLSTATE 25006), as a primary that
  // Patroni demoted does.
  sql("ALTER SYSTEM SET default_transaction_read_only = on");
  sql("SELECT pg_reload_conf()");
  ASSERT_TRUE(testing::wait_until(
      [&] {
        pqxx::connection conn(pg_.url());
        pqxx::nontransaction tx(conn);
        return tx.exec1("SHOW default_transaction_read_only")[0].as<std::string>() == "on";
      },
      std::chrono::seconds(10), std::chrono::milliseconds(50)));

  const auto start = std::chrono::steady_clock::now();
  const auto refused = api_.try_play(game_, bob_, "e5");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // no hang
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_EQ(json::parse(refused.body, nullptr, false).value("code", ""), "unavailable");
  EXPECT_EQ(refused.headers.count("retry-after"), 1U);
  EXPECT_EQ(refused.body.find("read-only"), std::string::npos);  // no database internals
  EXPECT_GE(api_.metric("corrchess_db_read_only_errors_total"), 1);
  EXPECT_GT(api_.metric("corrchess_db_pool_flushes_total"), flushes);
  EXPECT_GE(api_.metric("corrchess_db_unavailable_total"), 1);  // the workers' too
  EXPECT_EQ(ply(), 1);  // reads still work, and nothing was half done

  // The node takes writes again (a new primary behind the same address): the next move is
  // stored on a fresh connection.
  sql("ALTER SYSTEM RESET default_transaction_read_only");
  sql("SELECT pg_reload_conf()");
  ASSERT_TRUE(testing::wait_until([&] { return api_.try_play(game_, bob_, "e5").status == 200; },
                                  std::chrono::seconds(10), std::chrono::milliseconds(100)));
  EXPECT_EQ(ply(), 2);
}

TEST_F(PrimaryFailover, AConnectionLostDuringCommitAnswersCommitOutcomeUnknown) {
  ASSERT_EQ(api_.try_play(game_, alice_, "e4").status, 200);
  // A deferred trigger holds the COMMIT of the next move for a while, long enough for the test
  // to cut that connection exactly then (as a primary that dies under a COMMIT does). Only the
  // COMMIT asleep in the trigger is cut: under load the server's other connections (the
  // scheduler, the outbox) commit too, and cutting one of them left the move to succeed.
  sql("CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$");
  sql("CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON moves DEFERRABLE INITIALLY "
      "DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()");
  auto move = std::async(std::launch::async, [&] { return api_.try_play(game_, bob_, "e5"); });
  int cut = 0;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        pqxx::connection conn(pg_.url());
        pqxx::nontransaction tx(conn);
        cut = tx.exec1(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                    "query = 'COMMIT' AND state = 'active' AND wait_event = 'PgSleep' AND "
                    "pid <> pg_backend_pid()")[0]
                  .as<int>();
        return cut > 0;
      },
      std::chrono::seconds(10), std::chrono::milliseconds(20)));
  const auto answer = move.get();
  EXPECT_EQ(answer.status, 503) << answer.body;
  const auto problem = json::parse(answer.body, nullptr, false);
  EXPECT_EQ(problem.value("code", ""), "commit_outcome_unknown") << answer.body;
  EXPECT_EQ(answer.headers.count("retry-after"), 1U);
  EXPECT_EQ(api_.metric("corrchess_db_commit_outcome_unknown_total"), 1);

  // The client re-reads as told: the move was not stored (the COMMIT never finished), so it
  // plays it again, once.
  sql("DROP TRIGGER slow_commit ON moves");
  EXPECT_EQ(ply(), 1);
  EXPECT_EQ(api_.try_play(game_, bob_, "e5").status, 200);
  EXPECT_EQ(ply(), 2);
}

TEST_F(PrimaryFailover, ReadinessAndTheTimelineFollowThePrimary) {
  EXPECT_EQ(server_.request("GET", "/readyz").status, 200);
  ASSERT_TRUE(testing::wait_until([&] { return api_.metric("corrchess_db_timeline") == 1; },
                                  std::chrono::seconds(10), std::chrono::milliseconds(50)));
  EXPECT_EQ(api_.metric("corrchess_db_primary_changes_total"), 0);
  const double opened = api_.metric("corrchess_db_connections_opened_total");
  EXPECT_GE(opened, 1);
  ASSERT_TRUE(pg_.stop());
  const auto lost = server_.request("GET", "/readyz");
  EXPECT_EQ(lost.status, 503);
  EXPECT_EQ(json::parse(lost.body, nullptr, false).value("reason", ""), "database unreachable");
  ASSERT_TRUE(pg_.start());
  ASSERT_TRUE(testing::wait_until([&] { return server_.request("GET", "/readyz").status == 200; },
                                  std::chrono::seconds(30), std::chrono::milliseconds(50)));
  EXPECT_EQ(api_.try_play(game_, alice_, "e4").status, 200);
  EXPECT_GT(api_.metric("corrchess_db_connections_opened_total"), opened);  // reconnected
  // The same node came back (no promotion): no change of primary.
  ASSERT_TRUE(testing::wait_until([&] { return api_.metric("corrchess_listener_connected") == 1; },
                                  std::chrono::seconds(30), std::chrono::milliseconds(50)));
  EXPECT_EQ(api_.metric("corrchess_db_primary_changes_total"), 0);
  EXPECT_EQ(api_.metric("corrchess_db_timeline"), 1);
}

}  // namespace
}  // namespace corrchess
