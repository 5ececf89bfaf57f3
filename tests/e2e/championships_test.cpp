// Multi-stage championships end to end (rules.md 6.9, docs/api.md "Championships"): a real
// server process with the manual test clock, over HTTP. Twelve players run through
// preliminaries, semi-finals and a final with qualifiers computed from crosstables worked out
// by hand below; a director advances a championship by hand; odd fields never seat a player
// alone; a championship that cannot advance does not hold up the others; bad definitions
// change nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/game/time.h"
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
  // Creates championship `name` of `players`: semi-finals in sections of 2 that send their
  // winners on, then a final in sections of `final_size`. The answer (201).
  json semi_and_final(const std::string& name, const std::vector<std::string>& players,
                      int final_size, bool auto_advance) {
    return ok(
        "POST", "/api/v1/admin/championships", "td",
        {{"name", name},
         {"time_control", iccf()},
         {"players", players},
         {"auto_advance", auto_advance},
         {"stages",
          {{{"name", "Semi"}, {"section_size", 2}, {"per_section", 1}, {"best_runners_up", 0}},
           {{"name", "Final"}, {"section_size", final_size}}}}},
        201);
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

// A thematic championship (rules.md 6.9): every game of every stage starts from the opening's
// position, the final's as the semi-finals'; an opening that mates, or one with Chess960, is
// refused and creates nothing.
TEST_F(Championships, ThematicGamesOfEveryStageStartFromTheOpening) {
  add_users({"ann", "ben", "cat", "dan"});
  const std::string opening = "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4";  // the Nimzo-Indian
  const std::string fen = "rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4";
  json body = {{"name", "Nimzo"},
               {"time_control", iccf()},
               {"players", {"ann", "ben", "cat", "dan"}},
               {"opening", opening},
               {"stages",
                {{{"name", "Semi"}, {"section_size", 2}, {"per_section", 1}},
                 {{"name", "Final"}, {"section_size", 2}}}}};
  for (const auto& [extra, mentions] :
       std::vector<std::pair<json, std::string>>{{{{"opening", "1. f3 e5 2. g4 Qh4#"}}, "opening"},
                                                 {{{"variant", "chess960"}}, "standard chess"}}) {
    auto refused = body;
    refused.update(extra);
    const auto r = call("POST", "/api/v1/admin/championships", "td", refused);
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_NE(r.body.find(mentions), std::string::npos) << r.body;
  }
  EXPECT_EQ(ok("GET", "/api/v1/championships", "td")["championships"].size(), 0u);

  const auto created = ok("POST", "/api/v1/admin/championships", "td", body, 201);
  EXPECT_EQ(created["settings"]["opening"], opening);
  EXPECT_EQ(created["settings"]["initial_fen"], fen);
  const std::string id = created["id"];
  const auto starts_from_the_opening = [&](const std::string& event_id) {
    const auto event = ok("GET", "/api/v1/events/" + event_id, "td");
    EXPECT_EQ(event["settings"]["initial_fen"], fen) << event_id;
    ASSERT_EQ(event["games"].size(), 1u);
    EXPECT_EQ(game(event["games"][0]["id"], "td")["initial_fen"], fen);
  };
  for (const auto& section : sections(created, 1)) {
    starts_from_the_opening(section);
    play_section(section, favourite);
  }
  const auto c = until_stage(id, 2, "running");
  ASSERT_EQ(sections(c, 2).size(), 1u) << c.dump();
  starts_from_the_opening(sections(c, 2)[0]);
  // White moves first from the position: 4. e3.
  const auto final_event = ok("GET", "/api/v1/events/" + sections(c, 2)[0], "td");
  const auto& g = final_event["games"][0];
  play(g["id"], g["white"], "e3");
}

// A playing period for every stage's sections (rules.md 6.8): the first stage's section ends
// section_days after it starts, with the championship's auto_adjudicate; both are shown.
TEST_F(Championships, EverySectionEndsAfterThePlayingPeriod) {
  add_users({"ann", "ben", "cat", "dan"});
  const auto created = ok("POST", "/api/v1/admin/championships", "td",
                          {{"name", "Timed"},
                           {"time_control", iccf()},
                           {"players", {"ann", "ben", "cat", "dan"}},
                           {"section_days", 400},
                           {"auto_adjudicate", true},
                           {"stages",
                            {{{"name", "Qualifier"}, {"section_size", 4}, {"per_section", 2}},
                             {{"name", "Final"}, {"section_size", 2}}}}},
                          201);
  EXPECT_EQ(created["settings"]["section_days"], 400);
  EXPECT_EQ(created["settings"]["auto_adjudicate"], true);
  const auto first = sections(created, 1);
  ASSERT_EQ(first.size(), 1u);
  const auto section = ok("GET", "/api/v1/events/" + first[0], "td");
  const auto start = game::parse_rfc3339(created["stages"][0]["started_at"].get<std::string>());
  ASSERT_TRUE(start) << created["stages"][0].dump();
  EXPECT_EQ(section["settings"]["end_at"], game::format_rfc3339(*start + game::days(400)));
  EXPECT_EQ(section["settings"]["auto_adjudicate"], true);
}

// Sections of 2 for five players: never a section of one player (rules.md 6.9), so two
// sections of 3 and 2, each an event for exactly its players; the stage runs to a final.
TEST_F(Championships, FivePlayersInSectionsOfTwoMakeSectionsOfThreeAndTwo) {
  const std::vector<std::string> names{"ann", "ben", "cat", "dan", "eve"};
  add_users(names);
  const auto created = semi_and_final("Odd field", names, 3, true);
  const std::string id = created["id"];
  const auto semis = sections(created, 1);
  ASSERT_EQ(semis.size(), 2u);
  // Serpentine in the order listed: ann, ben; then cat, dan right to left; eve opens tier 3.
  EXPECT_EQ(seats(semis[0]), (std::vector<std::string>{"", "ann", "dan", "eve"}));
  EXPECT_EQ(seats(semis[1]), (std::vector<std::string>{"", "ben", "cat"}));
  EXPECT_EQ(ok("GET", "/api/v1/events/" + semis[0], "td")["settings"]["max_players"], 3);
  EXPECT_EQ(ok("GET", "/api/v1/events/" + semis[1], "td")["settings"]["max_players"], 2);
  for (const auto& s : semis) play_section(s, favourite);
  auto c = until_stage(id, 2, "running");
  EXPECT_EQ(qualifier_names(c, 1), (std::vector<std::string>{"ann", "ben"}));
  const auto final_section = sections(c, 2);
  ASSERT_EQ(final_section.size(), 1u);
  EXPECT_EQ(seats(final_section[0]), (std::vector<std::string>{"", "ann", "ben"}));
}

// Four players in semi-finals of 2, one drawn: the players sharing 1st place both qualify
// (rules.md 6.9), so three go on to a final with sections of 2: one section of 3, not 2 + 1.
class DrawnSemiFinal : public Championships,
                       public ::testing::WithParamInterface<bool /* auto_advance */> {};

TEST_P(DrawnSemiFinal, GivesAFinalOfOneSectionOfThree) {
  const bool auto_advance = GetParam();
  const std::vector<std::string> names{"ann", "ben", "cat", "dan"};
  add_users(names);
  const auto created = semi_and_final("Drawn semi", names, 2, auto_advance);
  const std::string id = created["id"];
  const auto semis = sections(created, 1);
  ASSERT_EQ(semis.size(), 2u);
  EXPECT_EQ(seats(semis[0]), (std::vector<std::string>{"", "ann", "dan"}));
  EXPECT_EQ(seats(semis[1]), (std::vector<std::string>{"", "ben", "cat"}));
  play_section(semis[0], [](int, int) { return 0; });  // ann - dan drawn
  play_section(semis[1], favourite);                   // ben beats cat
  auto c = until_stage(id, 1, "finished");
  auto qualified = qualifier_names(c, 1);
  std::ranges::sort(qualified);
  EXPECT_EQ(qualified, (std::vector<std::string>{"ann", "ben", "dan"}));
  if (auto_advance) {
    c = until_stage(id, 2, "running");
  } else {
    EXPECT_EQ(c["stages"][1]["status"], "pending");
    c = ok("POST", "/api/v1/admin/championships/" + id + "/next-stage", "td");
    EXPECT_EQ(c["stages"][1]["status"], "running");
  }
  const auto final_section = sections(c, 2);
  ASSERT_EQ(final_section.size(), 1u);
  const auto finalists = seats(final_section[0]);
  ASSERT_EQ(finalists.size(), 4u);  // seats 1..3
  auto sorted = finalists;
  std::ranges::sort(sorted);
  EXPECT_EQ(sorted, (std::vector<std::string>{"", "ann", "ben", "dan"}));
  const auto event = ok("GET", "/api/v1/events/" + final_section[0], "td");
  EXPECT_EQ(event["settings"]["max_players"], 3);
  EXPECT_EQ(event["games"].size(), 3u);
  // The final is played out: the championship ends with its champion.
  play_section(final_section[0], favourite);
  c = until_stage(id, 2, "finished");
  EXPECT_EQ(c["status"], "finished");
  EXPECT_EQ(c["champion"], finalists[1]);
}

INSTANTIATE_TEST_SUITE_P(ByTheStarterAndByHand, DrawnSemiFinal, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "AutoAdvance" : "NextStage");
                         });

// One championship that cannot advance does not hold up the others: the starter runs each
// item in a transaction of its own, logs and skips the one that fails (docs/api.md
// "Championships (stages)"). The failure is real data gone wrong: a stale qualifier row left
// in the database for a stage still running makes closing that stage hit the qualifiers'
// primary key.
TEST_F(Championships, AFailingChampionshipIsSkippedAndTheOthersAdvance) {
  add_users({"ann", "ben", "cat", "dan"});
  auto create = [&](const std::string& name, const std::vector<std::string>& players) {
    return ok("POST", "/api/v1/admin/championships", "td",
              {{"name", name},
               {"time_control", iccf()},
               {"players", players},
               {"stages",
                {{{"name", "Qualifier"}, {"section_size", 2}, {"per_section", 2}},
                 {{"name", "Final"}, {"section_size", 2}}}}},
              201);
  };
  const auto broken = create("Broken", {"ann", "ben"});
  const auto sound = create("Sound", {"cat", "dan"});
  const std::string broken_id = broken["id"], sound_id = sound["id"];
  db_.exec(
      "INSERT INTO stage_qualifiers (championship_id, stage, rank, user_id, section, place, "
      "score_halves, games, runner_up) SELECT " +
      broken_id + ", 1, 1, id, 1, 1, 0, 0, false FROM users WHERE username = 'ben'");
  play_section(sections(broken, 1)[0], favourite);
  play_section(sections(sound, 1)[0], favourite);

  const auto run = ok("POST", "/api/v1/admin/competitions/run", "td");
  EXPECT_GE(run.value("failed", -1), 1) << run.dump();
  for (const char* member :
       {"sections_started", "entries_expired", "sections_closed", "credits", "stages_finished",
        "stages_started", "matches_decided", "cup_games_started", "cups_finished"}) {
    EXPECT_TRUE(run.contains(member)) << member;
  }
  // The sound championship advanced (by this run or the scheduler's); the broken one is as
  // it was, its stage still running, and the log names it.
  const auto c = until_stage(sound_id, 2, "running");
  EXPECT_EQ(qualifier_names(c, 1), (std::vector<std::string>{"cat", "dan"}));
  const auto b = championship(broken_id);
  EXPECT_EQ(b["stages"][0]["status"], "running");
  EXPECT_EQ(b["stages"][1]["status"], "pending");
  EXPECT_EQ(qualifier_names(b, 1), (std::vector<std::string>{"ben"}));  // the stale row only
  const auto logged = "competition starter: championship " + broken_id +
                      ": closing its finished stage failed and was skipped";
  EXPECT_TRUE(
      testing::wait_until([&] { return testing::count_lines_with(server_.output(), logged) >= 1; },
                          std::chrono::seconds(10)))
      << server_.output();

  // The scheduler's runs count it for the operators' alerts: it tries the item again once its
  // wait is over (at most six hours; the runs above may have been the ones that failed).
  advance(6 * 3600);
  EXPECT_TRUE(testing::wait_until(
      [&] { return api_.metric("corrchess_competition_items_failed_total") >= 1; },
      std::chrono::seconds(10)));
  // Directors see it waiting to be tried again; players may not look.
  const auto failures = ok("GET", "/api/v1/admin/competitions/failures", "td")["failures"];
  ASSERT_EQ(failures.size(), 1u) << failures.dump();
  const auto& f = failures[0];
  EXPECT_EQ(f["kind"], "stage_close");
  EXPECT_EQ(f["item_id"], broken_id);
  EXPECT_EQ(f["item"], "championship " + broken_id + ": closing its finished stage");
  EXPECT_GE(f["failures"].get<int>(), 1);
  EXPECT_TRUE(f["error"].get<std::string>().starts_with(
      "database error: duplicate key value violates unique constraint"))
      << f["error"];
  EXPECT_GT(f["retry_at"].get<std::string>(), f["failed_at"].get<std::string>());
  EXPECT_EQ(call("GET", "/api/v1/admin/competitions/failures", "ann").status, 403);

  // Repaired, it advances on the next run, no item fails any more, and the list is empty.
  db_.exec("DELETE FROM stage_qualifiers WHERE championship_id = " + broken_id);
  const auto repaired = until_stage(broken_id, 2, "running");
  EXPECT_EQ(qualifier_names(repaired, 1), (std::vector<std::string>{"ann", "ben"}));
  EXPECT_EQ(ok("POST", "/api/v1/admin/competitions/run", "td")["failed"], 0);
  EXPECT_EQ(ok("GET", "/api/v1/admin/competitions/failures", "td")["failures"], json::array());
}

// A player withdrawn after the start (rules.md 6.6, 6.9) never qualifies: the places behind
// move up. Three players in one section, one goes through and one runner-up: the seat-1
// player wins both games, is withdrawn, and the other two play theirs; the crosstable still
// shows the withdrawn player first, and the final is the other two.
TEST_F(Championships, AWithdrawnPlayerDoesNotQualifyAndThePlacesBehindMoveUp) {
  add_users({"wes", "xia", "yul"});
  const auto created =
      ok("POST", "/api/v1/admin/championships", "td",
         {{"name", "Withdrawal"},
          {"time_control", iccf()},
          {"players", {"wes", "xia", "yul"}},
          {"stages",
           {{{"name", "Prelims"}, {"section_size", 3}, {"per_section", 1}, {"best_runners_up", 1}},
            {{"name", "Final"}, {"section_size", 2}}}}},
         201);
  const std::string id = created["id"];
  const auto section = sections(created, 1).at(0);
  const auto seat = seats(section);
  const auto first = seat[1];
  // Seat 1 wins both games, then is withdrawn (nothing left for the director to decide).
  const auto event = ok("GET", "/api/v1/events/" + section, "td");
  for (const auto& g : event["games"]) {
    const std::string game = g["id"], white = g["white"], black = g["black"];
    if (white == first || black == first) {
      ok("POST", "/api/v1/games/" + game + "/resign", white == first ? black : white);
    }
  }
  const auto withdrawn = ok("POST", "/api/v1/admin/events/" + section + "/withdraw", "td",
                            {{"username", first}, {"reason", "left the federation"}});
  for (const auto& g : withdrawn["games"]) {
    const std::string game = g["id"], white = g["white"], black = g["black"];
    if (white != first && black != first) {
      ok("POST", "/api/v1/games/" + game + "/resign", white == seat[2] ? black : white);
    }
  }
  const auto table = ok("GET", "/api/v1/events/" + section + "/crosstable", "td");
  ASSERT_EQ(table["rows"].size(), 3u) << table.dump();
  EXPECT_EQ(table["rows"][0]["player"], first);
  EXPECT_EQ(table["rows"][0]["status"], "withdrawn");
  EXPECT_EQ(table["rows"][0]["place"], 1);
  EXPECT_EQ(table["rows"][1]["player"], seat[2]);
  const auto c = until_stage(id, 2, "running");
  EXPECT_EQ(qualifier_names(c, 1), (std::vector<std::string>{seat[2], seat[3]}));
  const auto final_seats = seats(sections(c, 2).at(0));
  EXPECT_EQ(std::count(final_seats.begin(), final_seats.end(), first), 0) << c.dump();
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
       "stage 1 would send 1 player on: the next stage needs at least 2"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}},
                    {{"name", "Final"}, {"section_size", 2}, {"per_section", 1}}}),
       "stage 2: the last stage qualifies nobody: leave out per_section and best_runners_up"},
      {with_stages({{{"name", "Prelims"}, {"section_size", 1}, {"per_section", 1}}, final_stage}),
       "section_size"},
      {with_stages({{{"name", " "}, {"section_size", 2}, {"per_section", 1}}, final_stage}),
       "name"},
      {with_stages({{{"name", "final"}, {"section_size", 2}, {"per_section", 1}}, final_stage}),
       "stage 2: the name 'Final' is already a stage's name"},
      {json{{"name", "Refused"}, {"time_control", iccf()}, {"players", players}}, "stages"},
      {[&] {
         auto body = with_stages(
             {{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}}, final_stage});
         body["section_days"] = 0;
         return body;
       }(),
       "section_days"},
  };
  for (const auto& [body, mentions] : cases) {
    auto r = call("POST", "/api/v1/admin/championships", "td", body);
    EXPECT_EQ(r.status, 400) << body.dump() << " -> " << r.body;
    const auto p = json::parse(r.body, nullptr, false);
    EXPECT_EQ(p.value("code", ""), "validation_error") << r.body;
    EXPECT_NE(p.value("detail", "").find(mentions), std::string::npos) << r.body;
  }
  // Three players in sections of 2 make one section of 3 (never a section of one), whose
  // winner alone would go on.
  auto three =
      with_stages({{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}}, final_stage});
  three["players"] = {"ann", "ben", "cat"};
  EXPECT_EQ(api_.expect("POST", "/api/v1/admin/championships", token("td"), three, 400)["detail"],
            "stage 1 would send 1 player on: the next stage needs at least 2");
  // Two players who both go on, one of them unknown.
  auto unknown =
      with_stages({{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 2}}, final_stage});
  unknown["players"] = {"ann", "nobody"};
  const auto refused =
      api_.expect("POST", "/api/v1/admin/championships", token("td"), unknown, 400);
  EXPECT_EQ(refused["code"], "validation_error");
  EXPECT_EQ(refused["detail"], "no user 'nobody'");
  EXPECT_EQ(ok("GET", "/api/v1/championships", "ann")["championships"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/events", "ann")["events"].size(), 0u);
  EXPECT_EQ(problem("GET", "/api/v1/championships/5", "ann", nullptr, 404), "not_found");
}

}  // namespace
}  // namespace corrchess
