#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;

const auto kSchedulerEnv = testing::director_env();

// The stored facts of a game, straight from the database.
struct StoredFlag {
  std::string status;
  std::string kinds;  // comma-separated event kinds
  std::string flag_at;
};

StoredFlag stored(const std::string& url, const std::string& id) {
  pqxx::connection conn(url);
  // One snapshot for both queries: under READ COMMITTED the scheduler's commit could land
  // between them and show the flag-fall event next to the pre-commit status.
  pqxx::transaction<pqxx::repeatable_read> tx(conn);
  StoredFlag out;
  out.status = tx.exec_params1("SELECT status FROM games WHERE id = $1", std::stoll(id))[0]
                   .as<std::string>();
  for (const auto& row : tx.exec_params(
           "SELECT kind, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM "
           "game_events WHERE game_id = $1 ORDER BY seq",
           std::stoll(id))) {
    out.kinds += (out.kinds.empty() ? "" : ",") + row[0].as<std::string>();
    if (row[0].as<std::string>() == "flag_fall") out.flag_at = row[1].as<std::string>();
  }
  return out;
}

// Waits (bounded, without sleeping a fixed time) until the scheduler stored the flag fall.
StoredFlag wait_for_flag(const std::string& url, const std::string& id) {
  StoredFlag s;
  testing::wait_until(
      [&] {
        s = stored(url, id);
        return s.kinds.find("flag_fall") != std::string::npos;
      },
      std::chrono::seconds(20));
  return s;
}

class Scheduler : public ::testing::Test {
 protected:
  void setup_players(const testing::ServerProcess& s) {
    const testing::ApiClient api(s);
    for (const char* name : {"alice", "bob"}) ASSERT_NO_FATAL_FAILURE(api.register_user(name));
    td_ = api.login(testing::kDirector, testing::kDirectorPassword);
    ASSERT_NO_FATAL_FAILURE(api.set_clock(td_, "2030-01-01T00:00:00Z"));
  }
  std::string create(const testing::ServerProcess& s, const json& extra = json::object()) {
    json body = {{"time_control", {{"type", "per_move"}, {"days", 3}}}};
    body.update(extra);
    return testing::ApiClient(s).create_game(td_, "alice", "bob", body);
  }
  void advance(const testing::ServerProcess& s, long seconds) {
    testing::ApiClient(s).advance_clock(td_, seconds);
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  std::string td_;
};

TEST_F(Scheduler, DecidesAFlagFallAtTheDeadlineWithoutAnyoneLooking) {
  testing::ServerProcess server(db_.url(), kSchedulerEnv);
  ASSERT_TRUE(server.started());
  setup_players(server);
  const auto id = create(server);
  advance(server, 3 * 86400 - 1);
  EXPECT_EQ(stored(db_.url(), id).status, "ongoing");
  advance(server, 3600);
  const auto s = wait_for_flag(db_.url(), id);
  EXPECT_EQ(s.status, "finished");
  EXPECT_EQ(s.kinds, "flag_fall");
  EXPECT_EQ(s.flag_at, "2030-01-04T00:00:00Z");  // the deadline, not when it was noticed
  auto g = testing::ApiClient(server).game(id, td_);
  EXPECT_EQ(g["result"], "0-1");
  EXPECT_EQ(g["termination"], "time_forfeit");
}

TEST_F(Scheduler, FlagFallAgainstABareKingIsADraw) {
  testing::ServerProcess server(db_.url(), kSchedulerEnv);
  ASSERT_TRUE(server.started());
  setup_players(server);
  // White (to move) has a queen; Black only a king, so Black could never mate.
  const auto id = create(server, {{"initial_fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"}});
  advance(server, 4 * 86400);
  const auto s = wait_for_flag(db_.url(), id);
  EXPECT_EQ(s.kinds, "flag_fall");
  auto g = testing::ApiClient(server).game(id, td_);
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "time_draw");
}

TEST_F(Scheduler, DowntimeLosesNothingVerdictIsForTheDeadline) {
  std::string id;
  {
    testing::ServerProcess server(db_.url(), kSchedulerEnv);
    ASSERT_TRUE(server.started());
    setup_players(server);
    id = create(server);
    ASSERT_EQ(server.stop(), 0);
  }
  {
    // Ten days pass while no server runs.
    pqxx::connection conn(db_.url());
    pqxx::work tx(conn);
    tx.exec("UPDATE manual_clock SET now = now + interval '10 days'");
    tx.commit();
  }
  EXPECT_EQ(stored(db_.url(), id).status, "ongoing");
  testing::ServerProcess again(db_.url(), kSchedulerEnv);
  ASSERT_TRUE(again.started());
  const auto s = wait_for_flag(db_.url(), id);
  EXPECT_EQ(s.status, "finished");
  EXPECT_EQ(s.flag_at, "2030-01-04T00:00:00Z");
}

TEST_F(Scheduler, TwoInstancesDecideEachGameOnce) {
  testing::ServerProcess one(db_.url(), kSchedulerEnv);
  ASSERT_TRUE(one.started());
  setup_players(one);
  testing::ServerProcess two(db_.url(), kSchedulerEnv);
  ASSERT_TRUE(two.started());
  std::vector<std::string> ids;
  for (int i = 0; i < 12; ++i) ids.push_back(create(i % 2 ? one : two));
  advance(one, 5 * 86400);
  for (const auto& id : ids) {
    const auto s = wait_for_flag(db_.url(), id);
    EXPECT_EQ(s.kinds, "flag_fall") << "game " << id;  // exactly one fact per game
  }
}

}  // namespace
}  // namespace corrchess
