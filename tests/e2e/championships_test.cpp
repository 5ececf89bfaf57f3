// Multi-stage championships end to end (rules.md 6.9, docs/api.md "Championships"): a real
// server process with the manual test clock, over HTTP. Twelve players run through
// preliminaries, semi-finals and a final with qualifiers computed from crosstables worked out
// by hand below; a director advances a championship by hand; bad definitions change nothing.
#include <gtest/gtest.h>

#include <map>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

json iccf() { return {{"type", "iccf"}, {"moves", 10}, {"days", 50}}; }

class Championships : public testing::EventServer {
 protected:
  json championship(const std::string& id) {
    return ok("GET", "/api/v1/championships/" + id, "td");
  }
  // The usernames of an event's players by seat (1-based; index 0 unused).
  std::vector<std::string> seats(const std::string& event_id) {
    const auto event = ok("GET", "/api/v1/events/" + event_id, "td");
    std::vector<std::string> out(event["players"].size() + 1);
    for (const auto& p : event["players"]) {
      out[p["seat"].get<std::size_t>()] = p["username"];
    }
    return out;
  }
  // Plays every game of section `event_id`: `winner(a, b)` for seats a < b says who wins
  // (a, b) or 0 for a draw; wins by resignation, draws agreed after a move each.
  void play_section(const std::string& event_id, const std::function<int(int, int)>& winner) {
    const auto event = ok("GET", "/api/v1/events/" + event_id, "td");
    for (const auto& g : event["games"]) {
      const std::string id = g["id"], white = g["white"], black = g["black"];
      const int ws = g["white_seat"], bs = g["black_seat"];
      const int w = winner(std::min(ws, bs), std::max(ws, bs));
      if (w == 0) {
        play(id, white, "e4");
        play(id, black, "e5", true);
        ok("POST", "/api/v1/games/" + id + "/draw/accept", white);
      } else {
        ok("POST", "/api/v1/games/" + id + "/resign", w == ws ? black : white);
      }
    }
  }
  // The sections (event ids) of stage `number` (1-based).
  static std::vector<std::string> sections(const json& c, int number) {
    std::vector<std::string> out;
    for (const auto& s : c["stages"][static_cast<std::size_t>(number - 1)]["sections"]) {
      out.push_back(s["event_id"]);
    }
    return out;
  }
  static std::vector<std::string> qualifier_names(const json& c, int number) {
    std::vector<std::string> out;
    for (const auto& q : c["stages"][static_cast<std::size_t>(number - 1)]["qualifiers"]) {
      out.push_back(q["username"]);
    }
    return out;
  }
  // Lets the competition starter run and waits until stage `number` has `status`.
  json until_stage(const std::string& id, int number, const std::string& status) {
    ok("POST", "/api/v1/admin/competitions/run", "td");
    json c;
    EXPECT_TRUE(testing::wait_until(
        [&] {
          c = championship(id);
          return c["stages"][static_cast<std::size_t>(number - 1)]["status"] == status;
        },
        std::chrono::seconds(20)))
        << c.dump();
    return c;
  }
};

// Seats win against higher seats ("1 beats all") unless the section's table says otherwise.
int favourite(int a, int /*b*/) { return a; }

TEST_F(Championships, ThreeStagesRunToTheFinalWithQualifiersFromTheCrosstables) {
  std::vector<std::string> names;
  for (int i = 1; i <= 12; ++i) names.push_back((i < 10 ? "p0" : "p") + std::to_string(i));
  add_users(names);
  const auto created = ok(
      "POST", "/api/v1/admin/championships", "td",
      {{"name", "World Championship"},
       {"time_control", iccf()},
       {"players", names},
       {"stages",
        {{{"name", "Preliminaries"},
          {"section_size", 4},
          {"per_section", 1},
          {"best_runners_up", 3}},
         {{"name", "Semi-final"}, {"section_size", 3}, {"per_section", 1}, {"best_runners_up", 1}},
         {{"name", "Final"}, {"section_size", 3}}}}},
      201);
  const std::string id = created["id"];
  EXPECT_EQ(created["status"], "running");
  ASSERT_EQ(created["stages"].size(), 3u);
  EXPECT_EQ(created["stages"][0]["status"], "running");
  EXPECT_EQ(created["stages"][1]["status"], "pending");
  const auto prelims = sections(created, 1);
  ASSERT_EQ(prelims.size(), 3u);
  // Serpentine over three sections of the twelve in entry order (all unrated).
  EXPECT_EQ(seats(prelims[0]), (std::vector<std::string>{"", "p01", "p06", "p07", "p12"}));
  EXPECT_EQ(seats(prelims[1]), (std::vector<std::string>{"", "p02", "p05", "p08", "p11"}));
  EXPECT_EQ(seats(prelims[2]), (std::vector<std::string>{"", "p03", "p04", "p09", "p10"}));
  EXPECT_EQ(
      problem("POST", "/api/v1/admin/championships/" + id + "/next-stage", "td", nullptr, 409),
      "conflict");

  // Section 1: 1 beats all, 2 beats 3 and 4, 3-4 drawn: 3, 2, 1/2, 1/2.
  play_section(prelims[0], [](int a, int b) { return a == 3 && b == 4 ? 0 : a; });
  // Section 2: 1 beats all, 2-3 drawn, both beat 4: 3, 1 1/2, 1 1/2 (sharing 2nd-3rd), 0.
  play_section(prelims[1], [](int a, int b) { return a == 2 && b == 3 ? 0 : a; });
  // Section 3: 1 beats all, 3 beats 2, both beat 4: 3, 1, 2, 0.
  play_section(prelims[2], [](int a, int b) { return a == 2 && b == 3 ? 3 : a; });
  auto c = until_stage(id, 1, "finished");
  // Section winners p01, p02, p03; then the best runners-up by the share of their points:
  // p06 (S1, 2 of 3) and p09 (S3, 2 of 3) tie on share, place (2nd), SB share (1 of 3) and
  // wins (2): the earlier section first; then p05 and p08 (S2, 1 1/2 of 3, sharing 2nd-3rd,
  // equal SB and wins): the higher seat, p05, takes the last place; p08 is out.
  EXPECT_EQ(qualifier_names(c, 1),
            (std::vector<std::string>{"p01", "p02", "p03", "p06", "p09", "p05"}));
  const auto& q = c["stages"][0]["qualifiers"];
  EXPECT_FALSE(q[0]["runner_up"]);
  EXPECT_EQ(q[0]["place"], 1);
  EXPECT_EQ(q[0]["score"], 3.0);
  EXPECT_TRUE(q[3]["runner_up"]);
  EXPECT_EQ(q[3]["section"], 1);
  EXPECT_EQ(q[4]["section"], 3);
  EXPECT_EQ(q[5]["place"], 2);
  EXPECT_EQ(q[5]["score"], 1.5);

  // The semi-finals started by themselves: the six in qualifying order, serpentine.
  c = until_stage(id, 2, "running");
  const auto semis = sections(c, 2);
  ASSERT_EQ(semis.size(), 2u);
  EXPECT_EQ(seats(semis[0]), (std::vector<std::string>{"", "p01", "p06", "p09"}));
  EXPECT_EQ(seats(semis[1]), (std::vector<std::string>{"", "p02", "p03", "p05"}));
  // In each, seat 1 beats both and seat 2 beats seat 3: the two winners and the better
  // runner-up (equal shares, places, SB and wins: the earlier section) go on.
  for (const auto& s : semis) play_section(s, favourite);
  c = until_stage(id, 2, "finished");
  EXPECT_EQ(qualifier_names(c, 2), (std::vector<std::string>{"p01", "p02", "p06"}));

  c = until_stage(id, 3, "running");
  const auto final_section = sections(c, 3);
  ASSERT_EQ(final_section.size(), 1u);
  EXPECT_EQ(seats(final_section[0]), (std::vector<std::string>{"", "p01", "p02", "p06"}));
  EXPECT_TRUE(c["champion"].is_null());
  // The final: seat 2 (p02) wins both games, seat 1 beats seat 3.
  play_section(final_section[0], [](int a, int b) { return a == 1 && b == 2 ? 2 : a; });
  c = until_stage(id, 3, "finished");
  EXPECT_EQ(c["status"], "finished");
  EXPECT_EQ(c["champion"], "p02");
  EXPECT_EQ(c["stages"][2]["qualifiers"].size(), 0u);
  const auto listed = ok("GET", "/api/v1/championships", "p08");
  ASSERT_EQ(listed["championships"].size(), 1u);
  EXPECT_EQ(listed["championships"][0]["status"], "finished");
}

// Without auto_advance the director starts the next stage once the stage is over.
TEST_F(Championships, ADirectorStartsTheNextStageByHand) {
  add_users({"ann", "ben", "cat", "dan"});
  const auto created = ok("POST", "/api/v1/admin/championships", "td",
                          {{"name", "By hand"},
                           {"time_control", iccf()},
                           {"players", {"ann", "ben", "cat", "dan"}},
                           {"auto_advance", false},
                           {"stages",
                            {{{"name", "Qualifier"}, {"section_size", 4}, {"per_section", 2}},
                             {{"name", "Final"}, {"section_size", 2}}}}},
                          201);
  const std::string id = created["id"];
  const auto next = "/api/v1/admin/championships/" + id + "/next-stage";
  EXPECT_EQ(problem("POST", next, "td", nullptr, 409), "conflict");
  EXPECT_EQ(problem("POST", next, "ann", nullptr, 403), "forbidden");
  play_section(sections(created, 1)[0], [](int a, int b) { return a == 3 && b == 4 ? 0 : a; });
  auto c = until_stage(id, 1, "finished");
  EXPECT_EQ(qualifier_names(c, 1), (std::vector<std::string>{"ann", "ben"}));
  EXPECT_EQ(c["stages"][1]["status"], "pending");  // waits for the director
  c = ok("POST", next, "td");
  EXPECT_EQ(c["stages"][1]["status"], "running");
  EXPECT_EQ(seats(sections(c, 2)[0]), (std::vector<std::string>{"", "ann", "ben"}));
  EXPECT_EQ(problem("POST", next, "td", nullptr, 409), "conflict");
  const auto audit = ok("GET", "/api/v1/admin/audit", "td");
  bool found = false;
  for (const auto& r : audit["records"]) found = found || r["action"] == "stage_started";
  EXPECT_TRUE(found);
}

TEST_F(Championships, BadDefinitionsAreRefusedAndChangeNothing) {
  add_users({"ann", "ben", "cat", "dan"});
  const json players = {"ann", "ben", "cat", "dan"};
  auto with_stages = [&](const json& stages) {
    return json{
        {"name", "Refused"}, {"time_control", iccf()}, {"players", players}, {"stages", stages}};
  };
  const json final_stage = {{"name", "Final"}, {"section_size", 4}};
  const std::vector<std::pair<json, std::string>> cases = {
      {with_stages({{{"name", "Only"}, {"section_size", 4}}}), "2..5 stages"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 2}}, final_stage}), "qualifies nobody"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 4}, {"per_section", 1}}, final_stage}),
       "at least 2"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}},
                    {{"name", "Final"}, {"section_size", 2}, {"per_section", 1}}}),
       "last stage"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 1}, {"per_section", 1}}, final_stage}),
       "section_size"},
      {with_stages({{{"name", " "}, {"section_size", 2}, {"per_section", 1}}, final_stage}),
       "name"},
      {json{{"name", "Refused"}, {"time_control", iccf()}, {"players", players}}, "stages"},
  };
  for (const auto& [body, mentions] : cases) {
    auto r = call("POST", "/api/v1/admin/championships", "td", body);
    EXPECT_EQ(r.status, 400) << body.dump() << " -> " << r.body;
    const auto p = json::parse(r.body, nullptr, false);
    EXPECT_EQ(p.value("code", ""), "validation_error") << r.body;
    EXPECT_NE(p.value("detail", "").find(mentions), std::string::npos) << r.body;
  }
  auto unknown =
      with_stages({{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}}, final_stage});
  unknown["players"] = {"ann", "nobody"};
  EXPECT_EQ(problem("POST", "/api/v1/admin/championships", "td", unknown, 400), "validation_error");
  EXPECT_EQ(ok("GET", "/api/v1/championships", "ann")["championships"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/events", "ann")["events"].size(), 0u);
  EXPECT_EQ(problem("GET", "/api/v1/championships/5", "ann", nullptr, 404), "not_found");
}

}  // namespace
}  // namespace corrchess
