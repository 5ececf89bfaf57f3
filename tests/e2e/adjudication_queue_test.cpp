// The directors' adjudication queue (GET /api/v1/admin/adjudications) end to end: games of
// two events that passed their end dates unfinished are listed together, the longest waiting
// first, with players, claims, analyses and age on the server clock; games still being played
// or already decided are not; a decision takes the game out; players are refused.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::kDirector;

class AdjudicationQueue : public testing::EventServer {
 protected:
  // An event of two players ending at `end_at`, started; its one game's id.
  std::string event_game(const std::string& name, const std::string& white,
                         const std::string& black, const std::string& end_at) {
    auto e = ok("POST", "/api/v1/admin/events", kDirector,
                {{"name", name},
                 {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                 {"players", {white, black}},
                 {"end_at", end_at}},
                201);
    auto started =
        ok("POST", "/api/v1/admin/events/" + e["id"].get<std::string>() + "/start", kDirector);
    return started["games"][0]["id"];
  }

  json queue() { return ok("GET", "/api/v1/admin/adjudications", kDirector)["adjudications"]; }
};

TEST_F(AdjudicationQueue, ListsPendingGamesOfAllEventsWithClaimsUntilDecided) {
  add_users({"anna", "boris", "clara", "dmitri", "emil", "fiona"});
  const auto early = event_game("Early", "anna", "boris", "2030-01-05T00:00:00Z");
  const auto late = event_game("Late", "clara", "dmitri", "2030-01-08T00:00:00Z");
  const auto running = event_game("Running", "emil", "fiona", "2030-06-01T00:00:00Z");
  EXPECT_EQ(queue().size(), 0u);

  advance(9 * 86400);  // 2030-01-10: both end dates passed
  auto q = queue();
  ASSERT_EQ(q.size(), 2u) << q.dump(1);
  EXPECT_EQ(q[0]["game_id"], early);  // the longest waiting first
  EXPECT_EQ(q[1]["game_id"], late);
  EXPECT_EQ(q[0]["event"]["name"], "Early");
  EXPECT_EQ(q[1]["event"]["name"], "Late");
  EXPECT_EQ(q[0]["pending_since"], "2030-01-05T00:00:00Z");
  EXPECT_EQ(q[0]["age_seconds"], 5 * 86400);
  EXPECT_EQ(q[1]["age_seconds"], 2 * 86400);
  EXPECT_EQ(q[0]["claims_due"], "2030-01-19T00:00:00Z");
  EXPECT_EQ(q[0]["window_open"], true);
  const std::set<std::string> players{q[0]["white"], q[0]["black"]};
  EXPECT_EQ(players, (std::set<std::string>{"anna", "boris"}));
  for (const char* side : {"white", "black"}) {
    EXPECT_EQ(q[0]["claims"][side], json({{"filed", false}, {"claim", "draw"}, {"implied", true}}));
  }
  for (const auto& entry : q) EXPECT_NE(entry["game_id"], running);

  // A win claim with its analysis shows in full to the director.
  const std::string claimant = q[0]["white"];
  ok("POST", "/api/v1/events/" + q[0]["event"]["id"].get<std::string>() + "/adjudication-claims",
     claimant, {{"game_id", early}, {"claim", "win"}, {"analysis", "1. e4 <b>wins</b>"}}, 201);
  q = queue();
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0]["claims"]["white"]["claim"], "win");
  EXPECT_EQ(q[0]["claims"]["white"]["analysis"], "1. e4 <b>wins</b>");
  EXPECT_EQ(q[0]["claims"]["white"]["filed_at"], "2030-01-10T00:00:00Z");
  EXPECT_EQ(q[0]["claims"]["black"]["implied"], true);

  // Players (even the claimant) may not read the queue.
  EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications", claimant, nullptr, 403), "forbidden");
  EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications", "", nullptr, 401), "unauthorized");

  // Decided: out of the queue.
  ok("POST", "/api/v1/admin/games/" + early + "/result", kDirector,
     {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "the claim is sound"}});
  q = queue();
  ASSERT_EQ(q.size(), 1u) << q.dump(1);
  EXPECT_EQ(q[0]["game_id"], late);
}

}  // namespace
}  // namespace corrchess
