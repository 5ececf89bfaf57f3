#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <thread>

#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;

const std::vector<std::pair<std::string, std::string>> kEnv = {
    {"CORRCHESS_ADMIN_USER", "td"},
    {"CORRCHESS_ADMIN_PASSWORD", "director-password"},
    {"CORRCHESS_CLOCK", "manual"}};

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
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  StoredFlag s = stored(url, id);
  while (s.kinds.find("flag_fall") == std::string::npos &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::yield();
    s = stored(url, id);
  }
  return s;
}

class Scheduler : public ::testing::Test {
 protected:
  std::string login(testing::ServerProcess& s, const std::string& user,
                    const std::string& password) {
    auto r = s.request("POST", "/api/v1/auth/login",
                       json{{"username", user}, {"password", password}}.dump());
    EXPECT_EQ(r.status, 200) << r.body;
    return "Bearer " + json::parse(r.body).value("token", "");
  }
  void setup_players(testing::ServerProcess& s) {
    for (const char* name : {"alice", "bob"}) {
      ASSERT_EQ(s.request("POST", "/api/v1/auth/register",
                          json{{"username", name}, {"password", "password-123"}}.dump())
                    .status,
                201);
    }
    td_ = login(s, "td", "director-password");
    ASSERT_EQ(s.request("POST", "/api/v1/admin/clock", json{{"now", "2030-01-01T00:00:00Z"}}.dump(),
                        {{"Authorization", td_}})
                  .status,
              200);
  }
  std::string create(testing::ServerProcess& s, const json& extra = json::object()) {
    json body = {{"white", "alice"},
                 {"black", "bob"},
                 {"time_control", {{"type", "per_move"}, {"days", 3}}}};
    body.update(extra);
    auto r = s.request("POST", "/api/v1/admin/games", body.dump(), {{"Authorization", td_}});
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body).value("id", "");
  }
  void advance(testing::ServerProcess& s, long seconds) {
    ASSERT_EQ(s.request("POST", "/api/v1/admin/clock", json{{"advance_seconds", seconds}}.dump(),
                        {{"Authorization", td_}})
                  .status,
              200);
  }

  testing::TempDatabase db_;
  std::string td_;
};

TEST_F(Scheduler, DecidesAFlagFallAtTheDeadlineWithoutAnyoneLooking) {
  testing::ServerProcess server(db_.url(), kEnv);
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
  auto g =
      json::parse(server.request("GET", "/api/v1/games/" + id, "", {{"Authorization", td_}}).body);
  EXPECT_EQ(g["result"], "0-1");
  EXPECT_EQ(g["termination"], "time_forfeit");
}

TEST_F(Scheduler, FlagFallAgainstABareKingIsADraw) {
  testing::ServerProcess server(db_.url(), kEnv);
  ASSERT_TRUE(server.started());
  setup_players(server);
  // White (to move) has a queen; Black only a king, so Black could never mate.
  const auto id = create(server, {{"initial_fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"}});
  advance(server, 4 * 86400);
  const auto s = wait_for_flag(db_.url(), id);
  EXPECT_EQ(s.kinds, "flag_fall");
  auto g =
      json::parse(server.request("GET", "/api/v1/games/" + id, "", {{"Authorization", td_}}).body);
  EXPECT_EQ(g["result"], "1/2-1/2");
  EXPECT_EQ(g["termination"], "time_draw");
}

TEST_F(Scheduler, DowntimeLosesNothingVerdictIsForTheDeadline) {
  std::string id;
  {
    testing::ServerProcess server(db_.url(), kEnv);
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
  testing::ServerProcess again(db_.url(), kEnv);
  ASSERT_TRUE(again.started());
  const auto s = wait_for_flag(db_.url(), id);
  EXPECT_EQ(s.status, "finished");
  EXPECT_EQ(s.flag_at, "2030-01-04T00:00:00Z");
}

TEST_F(Scheduler, TwoInstancesDecideEachGameOnce) {
  testing::ServerProcess one(db_.url(), kEnv);
  ASSERT_TRUE(one.started());
  setup_players(one);
  testing::ServerProcess two(db_.url(), kEnv);
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
