// Rating periods published by the job whatever happened before it ran: a server that starts
// after periods ended publishes each of them, and a flag that fell in a period is rated in that
// period though no sweep stored it. Each test runs its own server processes.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/glicko2_reference.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ref_period;

TEST(RatingsCatchUp, AServerStartingAfterPeriodsEndedPublishesThemAll) {
  testing::TempDatabase db;
  const auto env = testing::director_env(true, {{"CORRCHESS_TIMEZONE", "UTC"},
                                                {"CORRCHESS_RATING_PERIOD", "week"},
                                                {"CORRCHESS_SCHEDULER", "off"}});
  std::string anna, boris;
  {
    // No period job on this instance (CORRCHESS_SCHEDULER=off).
    testing::ServerProcess idle(db.url(), env);
    ASSERT_TRUE(idle.started());
    testing::ApiClient api(idle);
    const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
    anna = api.sign_up("anna");
    boris = api.sign_up("boris");
    api.set_clock(td, "2030-01-08T12:00:00Z");  // a Tuesday of ISO week 2
    const auto id = api.create_game(td, "anna", "boris");
    api.play(id, anna, "d4");
    api.play(id, boris, "d5");
    api.expect("POST", "/api/v1/games/" + id + "/resign", boris);
    api.set_clock(td, "2030-01-29T00:00:00Z");  // weeks 2, 3 and 4 have ended
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_TRUE(api.expect("GET", "/api/v1/ratings/lists", anna)["lists"].empty());
  }
  auto with_job = env;
  with_job.back().second = "on";
  testing::ServerProcess server(db.url(), with_job);
  ASSERT_TRUE(server.started());
  testing::ApiClient api(server);
  json lists;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        lists = api.expect("GET", "/api/v1/ratings/lists", anna)["lists"];
        return lists.size() == 3;
      },
      std::chrono::seconds(20), std::chrono::milliseconds(50)))
      << lists.dump(1);
  EXPECT_EQ(lists[0]["period"], "2030-W04");
  EXPECT_EQ(lists[1]["period"], "2030-W03");
  EXPECT_EQ(lists[2]["period"], "2030-W02");
  EXPECT_EQ(lists[2]["first_day"], "2030-01-07");
  const auto w2 = api.expect("GET", "/api/v1/ratings/lists/2030-W02", anna);
  const auto ref = ref_period({}, {{"anna", "boris", 1}});
  ASSERT_EQ(w2["entries"].size(), 2u);
  EXPECT_EQ(w2["entries"][0]["username"], "anna");
  EXPECT_NEAR(w2["entries"][0]["rating"].get<double>(), ref.at("anna").r, 1e-6);
  const auto w4 = api.expect("GET", "/api/v1/ratings/lists/2030-W04", anna);
  EXPECT_NEAR(w4["entries"][0]["deviation"].get<double>(),
              ref_period(ref_period(ref, {}), {}).at("anna").rd, 1e-6);
  EXPECT_EQ(w4["entries"][0]["total_games"], 1);
  EXPECT_EQ(w4["entries"][0]["games_in_period"], 0);
}

// A game belongs to the period in which it finished, whether or not a sweep stored its flag
// fall before the period was published: this instance runs the rating job but no sweep
// (CORRCHESS_SCHEDULER=off, CORRCHESS_RATING_JOB=on), so only the job can store it.
TEST(RatingsDueDecisions, AFlagThatFellInAPeriodIsRatedInThatPeriodWithoutASweep) {
  testing::TempDatabase db;
  testing::ServerProcess server(db.url(),
                                testing::director_env(true, {{"CORRCHESS_TIMEZONE", "UTC"},
                                                             {"CORRCHESS_SCHEDULER", "off"},
                                                             {"CORRCHESS_RATING_JOB", "on"}}));
  ASSERT_TRUE(server.started());
  testing::ApiClient api(server);
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto anna = api.sign_up("anna");
  const auto boris = api.sign_up("boris");
  api.sign_up("clara");
  api.sign_up("dmitri");
  api.set_clock(td, "2030-01-05T12:00:00Z");
  const auto resigned = api.create_game(td, "anna", "boris");
  api.play(resigned, anna, "d4");
  api.play(resigned, boris, "d5");
  api.expect("POST", "/api/v1/games/" + resigned + "/resign", boris);
  // Clara never moves: her flag falls on 2030-01-08T12:00Z.
  const auto lost = api.create_game(td, "clara", "dmitri",
                                    {{"time_control", {{"type", "per_move"}, {"days", 3}}}});

  api.set_clock(td, "2030-02-01T00:00:00Z");  // January has ended; nothing has read the game
  const json january = api.await_rating_list(td, "2030-01");
  ASSERT_FALSE(january.is_null()) << "no list 2030-01";
  std::map<std::string, int> in_period;
  for (const auto& e : january["entries"]) {
    in_period[e["username"].get<std::string>()] = e["games_in_period"].get<int>();
  }
  EXPECT_EQ(in_period,
            (std::map<std::string, int>{{"anna", 1}, {"boris", 1}, {"clara", 1}, {"dmitri", 1}}))
      << january.dump(1);
  const auto ref = ref_period({}, {{"anna", "boris", 1}, {"clara", "dmitri", 0}});
  for (const auto& e : january["entries"]) {
    EXPECT_NEAR(e["rating"].get<double>(), ref.at(e["username"].get<std::string>()).r, 1e-6)
        << e.dump();
  }

  const auto g = api.game(lost, td);
  EXPECT_EQ(g["termination"], "time_forfeit");
  EXPECT_EQ(g["version"], 1) << "the flag fall is stored once, by the rating job";
}

}  // namespace
}  // namespace corrchess
