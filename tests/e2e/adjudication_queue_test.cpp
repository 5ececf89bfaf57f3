// The directors' adjudication queue (GET /api/v1/admin/adjudications) end to end: games of
// two events that passed their end dates unfinished are listed together, the longest waiting
// first, with players, claims, analyses and age on the server clock; games still being played
// or already decided are not; a decision takes the game out; players are refused. Read a page
// at a time, the server computes and keeps the evidence of the page's games alone, a refused
// page reads nothing, and a game decided between two pages does not shift the next one.
// (The pages themselves: read_pages_test.cpp.)
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

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

  // The game ids of `games` (queue entries), in order.
  static std::vector<std::string> ids(const json& games) {
    std::vector<std::string> out;
    for (const auto& g : games) out.push_back(g["game_id"]);
    return out;
  }

  // The games whose evidence the server keeps (migration 0034), by id.
  std::set<std::string> kept_evidence() {
    pqxx::connection conn(db_.url());
    pqxx::read_transaction tx(conn);
    std::set<std::string> out;
    for (const auto& row : tx.exec("SELECT game_id FROM adjudication_evidence")) {
      out.insert(row[0].as<std::string>());
    }
    return out;
  }
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

TEST_F(AdjudicationQueue, APageComputesTheEvidenceOfItsGamesAloneAndDecisionsDoNotShiftIt) {
  add_users({"anna", "boris", "clara", "dmitri"});
  // Four events ending on the 2nd to the 5th: their games wait in that order.
  std::vector<std::string> waiting;
  for (int i = 0; i < 4; ++i) {
    waiting.push_back(event_game("Event " + std::to_string(i), i % 2 ? "anna" : "clara",
                                 i % 2 ? "boris" : "dmitri",
                                 "2030-01-0" + std::to_string(2 + i) + "T00:00:00Z"));
  }
  advance(9 * 86400);
  // A claim in the last game: it shows on the page of that game.
  const std::string last_event = game(waiting[3], kDirector)["event_id"];
  ok("POST", "/api/v1/events/" + last_event + "/adjudication-claims", "anna",
     {{"game_id", waiting[3]}, {"claim", "win"}, {"analysis", "1. e4 wins"}}, 201);

  // A refused page reads nothing: no evidence is computed.
  for (const std::string query : {"limit=0", "limit=201", "cursor=x", "limit=2&cursor=1"}) {
    EXPECT_EQ(problem("GET", "/api/v1/admin/adjudications?" + query, kDirector, nullptr, 400),
              "validation_error")
        << query;
  }
  EXPECT_TRUE(kept_evidence().empty());

  // The first page of two: the evidence of its two games alone is computed and kept.
  const auto first = ok("GET", "/api/v1/admin/adjudications?limit=2", kDirector);
  ASSERT_EQ(ids(first["adjudications"]), (std::vector<std::string>{waiting[0], waiting[1]}));
  EXPECT_EQ(first["total"], 4);
  for (const auto& g : first["adjudications"]) {
    EXPECT_TRUE(g["evidence"].is_object()) << g.dump();
    EXPECT_EQ(g["claims"]["white"]["filed"], false) << g.dump();
    EXPECT_EQ(g["claims"]["black"]["filed"], false) << g.dump();
  }
  EXPECT_EQ(kept_evidence(), (std::set<std::string>{waiting[0], waiting[1]}));
  ASSERT_TRUE(first["next_cursor"].is_string());

  // A game of the first page decided meanwhile: the next page is still the games after it.
  ok("POST", "/api/v1/admin/games/" + waiting[0] + "/result", kDirector,
     {{"result", "1/2-1/2"}, {"termination", "adjudication"}, {"reason", "a dead draw"}});
  const auto second =
      ok("GET",
         "/api/v1/admin/adjudications?limit=2&cursor=" + first["next_cursor"].get<std::string>(),
         kDirector);
  EXPECT_EQ(ids(second["adjudications"]), (std::vector<std::string>{waiting[2], waiting[3]}));
  EXPECT_EQ(second["total"], 3);
  EXPECT_EQ(second["next_cursor"], nullptr);
  const auto& claimed = second["adjudications"][1]["claims"];
  const std::string anna = second["adjudications"][1]["white"] == "anna" ? "white" : "black";
  EXPECT_EQ(claimed[anna]["claim"], "win") << claimed.dump();
  EXPECT_EQ(claimed[anna]["analysis"], "1. e4 wins") << claimed.dump();
  // Kept for the games read, dropped for the game decided.
  EXPECT_EQ(kept_evidence(), (std::set<std::string>{waiting[1], waiting[2], waiting[3]}));
}

}  // namespace
}  // namespace corrchess
