// Replica reads (CORRCHESS_REPLICA_DATABASE_URL) against a real streaming standby
// (pg_basebackup -R of a private cluster): reads that may be slightly stale (published rating
// lists, the archive's list of finished games, finished events' pages and crosstables) go to
// the standby while it keeps up, to the primary while it lags more than
// CORRCHESS_REPLICA_MAX_LAG_SECONDS behind or cannot be reached, and commands never go to it.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/private_cluster.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;

class ReplicaReads : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(primary_.started());
    ASSERT_TRUE(standby_.started());
    ASSERT_TRUE(server_.started());
    for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api_.register_user(name));
    alice_ = api_.login("alice");
  }

  void on_standby(const std::string& statement) {
    pqxx::connection conn(standby_.url());
    pqxx::nontransaction tx(conn);
    tx.exec(statement);
  }

  bool lists_answer() { return api_.call("GET", "/api/v1/ratings/lists", alice_).status == 200; }
  double replica_reads() { return api_.metric("corrchess_db_replica_reads_total"); }
  double fallbacks() { return api_.metric("corrchess_db_replica_fallbacks_total"); }

  testing::PrivateCluster primary_;
  testing::PrivateCluster standby_{testing::PrivateCluster::StandbyOf{primary_}};
  ServerProcess server_{primary_.url(),
                        testing::director_env(false, {{"CORRCHESS_REPLICA_DATABASE_URL",
                                                       standby_.url() + " connect_timeout=2"},
                                                      {"CORRCHESS_REPLICA_MAX_LAG_SECONDS", "1"}})};
  const testing::ApiClient api_{server_};
  std::string alice_;
};

TEST_F(ReplicaReads, StaleReadsGoToTheStandbyWhileItKeepsUpAndToThePrimaryOtherwise) {
  // The standby streams and keeps up: rating lists are read there, commands are not.
  ASSERT_TRUE(testing::wait_until(
      [&] {
        const double before = replica_reads();
        return lists_answer() && replica_reads() > before;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(200)));
  const auto td = api_.login(testing::kDirector, testing::kDirectorPassword);
  const auto game = api_.create_game(td, "alice", "bob");
  ASSERT_FALSE(game.empty());  // a command: the primary (the standby refuses writes)
  ASSERT_EQ(api_.try_play(game, alice_, "e4").status, 200);
  EXPECT_EQ(api_.call("GET", "/api/v1/users/alice/games", alice_).status, 200);

  // An event's page: a running event's on the primary (reading it first stores what is due
  // in it); once every game is over, on the standby.
  const auto event = api_.create_event(td, "Replica cup", {"alice", "bob"});
  const auto event_game = api_.start_event(td, event);
  const auto page = [&] { return api_.call("GET", "/api/v1/events/" + event, alice_); };
  const auto finished_on_standby = [&] {
    const double before = replica_reads();
    const auto shown = page();
    return shown.status == 200 && json::parse(shown.body)["status"] == "finished" &&
           replica_reads() > before;
  };
  ASSERT_EQ(page().status, 200);
  EXPECT_FALSE(finished_on_standby());
  const auto white = event_game["white"] == "alice" ? alice_ : api_.login("bob");
  ASSERT_EQ(
      api_.call("POST", "/api/v1/games/" + event_game["id"].get<std::string>() + "/resign", white)
          .status,
      200);
  EXPECT_TRUE(testing::wait_until(finished_on_standby, std::chrono::seconds(20),
                                  std::chrono::milliseconds(200)));
  for (const char* format : {"json", "text"}) {
    const double before = replica_reads();
    EXPECT_EQ(
        api_.call("GET", "/api/v1/events/" + event + "/crosstable?format=" + format, alice_).status,
        200);
    EXPECT_GT(replica_reads(), before) << format;
  }

  // The standby stops replaying while the primary writes on: once it is more than a second
  // behind, the same reads go to the primary.
  on_standby("SELECT pg_wal_replay_pause()");
  ASSERT_EQ(api_.try_play(game, api_.login("bob"), "e5").status, 200);
  const double fell_back = fallbacks();
  ASSERT_TRUE(testing::wait_until([&] { return lists_answer() && fallbacks() > fell_back; },
                                  std::chrono::seconds(20), std::chrono::milliseconds(300)));
  on_standby("SELECT pg_wal_replay_resume()");
  ASSERT_TRUE(testing::wait_until(
      [&] {
        const double before = replica_reads();
        return lists_answer() && replica_reads() > before;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(300)));

  // The standby is gone: the reads still answer, from the primary.
  ASSERT_TRUE(standby_.stop());
  const double gone = fallbacks();
  EXPECT_TRUE(lists_answer());
  EXPECT_TRUE(testing::wait_until([&] { return lists_answer() && fallbacks() > gone; },
                                  std::chrono::seconds(20), std::chrono::milliseconds(300)));
  EXPECT_EQ(server_.request("GET", "/readyz").status, 200);  // the primary is what matters
}

}  // namespace
}  // namespace corrchess
