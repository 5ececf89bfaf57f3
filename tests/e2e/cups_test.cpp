// Cups end to end (rules.md 6.10, docs/api.md "Cups"): a real server process with the manual
// test clock, over HTTP. A six-player cup with byes runs to its winner through a won
// tie-break pair, an upset, a match still equal after its tie-break pair (the better seed
// goes through) and a final; bad definitions change nothing.
#include <gtest/gtest.h>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Cups : public testing::EventServer {
 protected:
  json cup(const std::string& id) { return ok("GET", "/api/v1/cups/" + id, "td"); }
  void run() { ok("POST", "/api/v1/admin/competitions/run", "td"); }
  // Match `n` (1-based) of round `round` as the cup shows it.
  json match(const std::string& id, int round, int n) {
    const auto c = cup(id);
    if (static_cast<int>(c["rounds"].size()) < round) return json();
    return c["rounds"][static_cast<std::size_t>(round - 1)]["matches"]
            [static_cast<std::size_t>(n - 1)];
  }
  // Ends game `g` (an entry of a match's games) with `result` (EventServer::finish_game).
  void finish(const json& g, const std::string& result) {
    finish_game(g["game_id"], g["white"], g["black"], result);
  }
  // Plays the games of a match numbered from `first` (1-based) with `results`, as seen from
  // the match's first player `a` ("a" wins, "b" wins, "=" draw), then lets the starter run.
  void play_match(const std::string& cup_id, int round, int n, int first,
                  const std::vector<std::string>& results) {
    const auto m = match(cup_id, round, n);
    ASSERT_GE(m["games"].size(), first - 1 + results.size()) << m.dump();
    const std::string a = m["a"]["username"];
    for (std::size_t k = 0; k < results.size(); ++k) {
      const auto g = m["games"][static_cast<std::size_t>(first - 1) + k];
      const bool a_white = g["white"] == a;
      const auto& r = results[k];
      finish(g, r == "=" ? "1/2-1/2" : (r == "a") == a_white ? "1-0" : "0-1");
    }
    run();
  }
};

// Six players seeded as listed: 1 and 2 have byes, 4-5 and 3-6 play two games each.
TEST_F(Cups, SixPlayersWithByesRunToTheWinnerThroughTieBreaks) {
  const std::vector<std::string> names{"one", "two", "three", "four", "five", "six"};
  add_users(names);
  const auto created = ok("POST", "/api/v1/admin/cups", "td",
                          {{"name", "Knockout"},
                           {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                           {"players", names},
                           {"seeding", "entry"},
                           {"games_per_match", 2},
                           {"tiebreak_pairs", 1}},
                          201);
  const std::string id = created["id"];
  EXPECT_EQ(created["status"], "running");
  ASSERT_EQ(created["rounds"].size(), 3u);
  const auto& first = created["rounds"][0]["matches"];
  ASSERT_EQ(first.size(), 4u);
  // Bracket order 1-bye, 4-5, 2-bye, 3-6.
  EXPECT_EQ(first[0]["a"]["username"], "one");
  EXPECT_TRUE(first[0]["bye"]);
  EXPECT_EQ(first[0]["winner"], "one");
  EXPECT_EQ(first[1]["a"]["username"], "four");
  EXPECT_EQ(first[1]["b"]["username"], "five");
  EXPECT_EQ(first[2]["winner"], "two");
  EXPECT_EQ(first[3]["a"]["username"], "three");
  EXPECT_EQ(first[3]["b"]["username"], "six");
  // Two games each, colours alternating, the better seed White first.
  ASSERT_EQ(first[1]["games"].size(), 2u);
  EXPECT_EQ(first[1]["games"][0]["white"], "four");
  EXPECT_EQ(first[1]["games"][1]["white"], "five");
  // The byes already sit in round 2, waiting for their opponents.
  const auto& second = created["rounds"][1]["matches"];
  EXPECT_EQ(second[0]["status"], "waiting");
  EXPECT_EQ(second[0]["a"]["username"], "one");
  EXPECT_TRUE(second[0]["b"].is_null());

  // 4-5: 1-1, then a tie-break pair, which four wins 1.5-0.5.
  play_match(id, 1, 2, 1, {"a", "b"});
  auto m = match(id, 1, 2);
  EXPECT_EQ(m["status"], "playing");
  ASSERT_EQ(m["games"].size(), 4u) << m.dump();
  EXPECT_TRUE(m["games"][2]["tiebreak"]);
  EXPECT_EQ(m["games"][2]["white"], "four");  // the better seed White first again
  EXPECT_EQ(m["games"][3]["white"], "five");
  play_match(id, 1, 2, 3, {"a", "="});
  m = match(id, 1, 2);
  EXPECT_EQ(m["status"], "decided");
  EXPECT_EQ(m["winner"], "four");
  EXPECT_EQ(m["score_a"], 2.5);
  EXPECT_EQ(m["score_b"], 1.5);
  // Round 2 match 1 (one - four) starts at once, without waiting for 3-6.
  m = match(id, 2, 1);
  EXPECT_EQ(m["status"], "playing");
  EXPECT_EQ(m["a"]["username"], "one");
  EXPECT_EQ(m["b"]["username"], "four");
  EXPECT_EQ(m["games"].size(), 2u);

  // 3-6: six wins both (an upset); round 2 match 2 is two - six, two being the better seed.
  play_match(id, 1, 4, 1, {"b", "b"});
  EXPECT_EQ(match(id, 1, 4)["winner"], "six");
  m = match(id, 2, 2);
  EXPECT_EQ(m["a"]["username"], "two");
  EXPECT_EQ(m["b"]["username"], "six");

  // one - four: every game drawn, the tie-break pair too: the better seed (one) goes through.
  play_match(id, 2, 1, 1, {"=", "="});
  play_match(id, 2, 1, 3, {"=", "="});
  m = match(id, 2, 1);
  EXPECT_EQ(m["games"].size(), 4u);
  EXPECT_EQ(m["winner"], "one") << m.dump();
  // two - six: six wins 1.5-0.5.
  play_match(id, 2, 2, 1, {"b", "="});
  EXPECT_EQ(match(id, 2, 2)["winner"], "six");

  // The final: one - six; one wins both.
  m = match(id, 3, 1);
  EXPECT_EQ(m["a"]["username"], "one");
  EXPECT_EQ(m["b"]["username"], "six");
  EXPECT_EQ(cup(id)["status"], "running");
  play_match(id, 3, 1, 1, {"a", "a"});
  const auto done = cup(id);
  EXPECT_EQ(done["status"], "finished");
  EXPECT_EQ(done["winner"], "one");
  const auto listed = ok("GET", "/api/v1/cups", "four");
  ASSERT_EQ(listed["cups"].size(), 1u);
  EXPECT_EQ(listed["cups"][0]["status"], "finished");
}

TEST_F(Cups, BadDefinitionsAreRefusedAndChangeNothing) {
  add_users({"ann", "ben"});
  const json base = {{"name", "Refused"},
                     {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                     {"players", {"ann", "ben"}}};
  auto with = [&](const json& extra) {
    json body = base;
    body.update(extra);
    return body;
  };
  const std::vector<std::pair<json, std::string>> cases = {
      {with({{"games_per_match", 0}}), "1..10 games"},
      {with({{"tiebreak_pairs", 6}}), "tiebreak_pairs"},
      {with({{"players", {"ann"}}}), "2..1024 players"},
      {with({{"players", {"ann", "ann"}}}), "twice"},
      {with({{"players", {"ann", "nobody"}}}), "nobody"},
      {with({{"seeding", "random"}}), "seeding"},
      {with({{"rated", "no"}}), "rated"},
      {with({{"start_position", 5}}), "start_position"},
      {with({{"time_control", {{"type", "iccf"}, {"moves", 0}, {"days", 50}}}}), "moves"},
  };
  for (const auto& [body, mentions] : cases) {
    auto r = call("POST", "/api/v1/admin/cups", "td", body);
    EXPECT_EQ(r.status, 400) << body.dump() << " -> " << r.body;
    const auto p = json::parse(r.body, nullptr, false);
    EXPECT_EQ(p.value("code", ""), "validation_error") << r.body;
    EXPECT_NE(p.value("detail", "").find(mentions), std::string::npos) << r.body;
  }
  EXPECT_EQ(problem("POST", "/api/v1/admin/cups", "ann", base, 403), "forbidden");
  EXPECT_EQ(ok("GET", "/api/v1/cups", "ann")["cups"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/games", "ann")["games"].size(), 0u);
  ok("POST", "/api/v1/admin/cups", "td", base, 201);
  EXPECT_EQ(problem("POST", "/api/v1/admin/cups", "td", base, 409), "conflict");
  EXPECT_EQ(problem("GET", "/api/v1/cups/99", "ann", nullptr, 404), "not_found");
}

}  // namespace
}  // namespace corrchess
