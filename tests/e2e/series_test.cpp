// Series end to end (rules.md 6.8, docs/api.md "Series"): a real server process with the
// manual test clock, over HTTP. Waiting lists that start sections by themselves, smaller
// sections and expiry after the maximum wait (also by the scheduler alone), a thematic
// section, a class ladder with promotion credits, bad input that changes nothing, and two
// instances racing on one waiting list.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <thread>

#include "core/game/time.h"
#include "tests/support/event_fixture.h"
#include "tests/support/mail_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

json time_control() { return {{"type", "iccf"}, {"moves", 10}, {"days", 50}}; }

class Series : public testing::EventServer {
 protected:
  json create_series(json body) {
    if (!body.contains("time_control")) body["time_control"] = time_control();
    return ok("POST", "/api/v1/admin/series", "td", body, 201);
  }
  json series(const std::string& id) { return ok("GET", "/api/v1/series/" + id, "td"); }
  json join(const std::string& id, const std::string& who) {
    return ok("POST", "/api/v1/series/" + id + "/join", who, nullptr, 201);
  }
  json mine(const std::string& who) { return ok("GET", "/api/v1/me/series", who); }
  json run() { return ok("POST", "/api/v1/admin/competitions/run", "td"); }
  json event(const std::string& id) { return ok("GET", "/api/v1/events/" + id, "td"); }
  // The usernames of an event's players.
  static std::set<std::string> players_of(const json& event) {
    std::set<std::string> out;
    for (const auto& p : event["players"]) out.insert(p["username"].get<std::string>());
    return out;
  }
};

// Sections of three: the third entry completes the list and its section starts at once (the
// entry comes back started, with the event); the fourth waits. A player of a section not
// over may not enter again; leaving works once.
TEST_F(Series, AFullWaitingListStartsItsSectionAtOnce) {
  add_users({"ann", "ben", "cat", "dan"});
  const auto created = create_series({{"name", "Open class"}, {"section_size", 3}});
  const std::string id = created["id"];
  EXPECT_EQ(created["status"], "open");
  EXPECT_EQ(created["settings"]["section_size"], 3);
  EXPECT_EQ(created["waiting_count"], 0);

  EXPECT_EQ(join(id, "ann")["status"], "waiting");
  const auto ben = join(id, "ben");
  EXPECT_EQ(ben["status"], "waiting");
  EXPECT_EQ(ben["admission"], "unrated");
  EXPECT_EQ(series(id)["waiting_count"], 2);
  const auto cat = join(id, "cat");
  ASSERT_EQ(cat["status"], "started") << cat.dump();
  const std::string event_id = cat["event_id"];
  const auto dan = join(id, "dan");
  EXPECT_EQ(dan["status"], "waiting");

  const auto shown = series(id);
  EXPECT_EQ(shown["waiting_count"], 1);
  ASSERT_EQ(shown["waiting"].size(), 1u);
  EXPECT_EQ(shown["waiting"][0]["username"], "dan");
  ASSERT_EQ(shown["sections"].size(), 1u);
  EXPECT_EQ(shown["sections"][0]["number"], 1);
  EXPECT_EQ(shown["sections"][0]["event_id"], event_id);
  EXPECT_EQ(shown["sections"][0]["players"], 3);
  EXPECT_EQ(shown["sections"][0]["status"], "running");

  const auto section = event(event_id);
  EXPECT_EQ(section["status"], "running");
  EXPECT_EQ(section["name"], "Open class - section 1");
  EXPECT_EQ(players_of(section), (std::set<std::string>{"ann", "ben", "cat"}));
  ASSERT_EQ(section["games"].size(), 3u);  // everyone plays everyone once
  for (const auto& g : section["games"]) EXPECT_EQ(g["status"], "ongoing");

  // Every entry of the section says so.
  const auto anns = mine("ann");
  ASSERT_EQ(anns["entries"].size(), 1u);
  EXPECT_EQ(anns["entries"][0]["status"], "started");
  EXPECT_EQ(anns["entries"][0]["event_id"], event_id);
  EXPECT_EQ(anns["credits"].size(), 0u);

  // Not twice in concurrent sections, not twice on the list.
  EXPECT_EQ(problem("POST", "/api/v1/series/" + id + "/join", "ann", nullptr, 409), "conflict");
  EXPECT_EQ(problem("POST", "/api/v1/series/" + id + "/join", "dan", nullptr, 409), "conflict");
  ok("DELETE", "/api/v1/series/" + id + "/join", "dan", nullptr, 204);
  EXPECT_EQ(problem("DELETE", "/api/v1/series/" + id + "/join", "dan", nullptr, 409), "conflict");
  EXPECT_EQ(mine("dan")["entries"][0]["status"], "left");
  EXPECT_EQ(series(id)["waiting_count"], 0);
  // The starter finds nothing to do.
  const auto idle = run();
  EXPECT_EQ(idle["sections_started"], 0);
  EXPECT_EQ(idle["entries_expired"], 0);
}

// Sections of five, at least three after 30 days: two entries of day 0 and one of day 29
// wait; on day 30 they start a section of three. In a second series without smaller
// sections two entries expire after their 10 days, found by the scheduler on its own; one
// after a maximum wait of 1 day.
TEST_F(Series, SmallerSectionsAndExpiryAfterTheMaximumWait) {
  add_users({"ann", "ben", "cat", "dan", "eve"});
  const std::string id = create_series({{"name", "Patient"},
                                        {"section_size", 5},
                                        {"min_section_size", 3},
                                        {"max_wait_days", 30}})["id"];
  join(id, "ann");
  join(id, "ben");
  advance(29 * 86400);
  join(id, "cat");
  EXPECT_EQ(run()["sections_started"], 0);
  // Day 30: the section of three is due. Moving the clock wakes the scheduler, which may
  // start it before this run does: either way it starts once.
  advance(86400);
  run();
  const auto shown = series(id);
  ASSERT_EQ(shown["sections"].size(), 1u);
  EXPECT_EQ(shown["sections"][0]["players"], 3);
  EXPECT_EQ(shown["waiting_count"], 0);

  const std::string quick = create_series(
      {{"name", "Quick or nothing"}, {"section_size", 4}, {"max_wait_days", 10}})["id"];
  join(quick, "dan");
  join(quick, "eve");
  advance(10 * 86400 - 1);
  EXPECT_EQ(run()["entries_expired"], 0);
  advance(1);  // the manual clock wakes the scheduler, which expires both
  ASSERT_TRUE(testing::wait_until([&] { return series(quick)["waiting_count"] == 0; },
                                  std::chrono::seconds(20)))
      << series(quick).dump();
  const auto dans = mine("dan");
  EXPECT_EQ(dans["entries"][0]["status"], "expired");
  EXPECT_NE(dans["entries"][0]["reason"].get<std::string>().find("10 days"), std::string::npos);
  EXPECT_EQ(series(quick)["sections"].size(), 0u);

  // A maximum wait of one day reads so (not "1 days").
  const std::string day = create_series(
      {{"name", "A day or nothing"}, {"section_size", 4}, {"max_wait_days", 1}})["id"];
  join(day, "dan");
  advance(86400);
  ASSERT_TRUE(testing::wait_until([&] { return series(day)["waiting_count"] == 0; },
                                  std::chrono::seconds(20)))
      << series(day).dump();
  EXPECT_EQ(mine("dan")["entries"][0]["reason"],
            "no section started within the series' maximum wait (1 day)");
}

// A thematic series: every game of its section starts from the opening's position, and the
// PGN says so with the SetUp and FEN tags; a thematic event too.
TEST_F(Series, ThematicSectionGamesStartFromTheOpening) {
  add_users({"ann", "ben", "cat"});
  const auto created = create_series({{"name", "Najdorf thematic"},
                                      {"section_size", 3},
                                      {"opening",
                                       "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 "
                                       "5. Nc3 a6"}});
  const std::string fen = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6";
  EXPECT_EQ(created["settings"]["initial_fen"], fen);
  const std::string id = created["id"];
  join(id, "ann");
  join(id, "ben");
  const std::string event_id = join(id, "cat")["event_id"];
  const auto section = event(event_id);
  EXPECT_EQ(section["settings"]["initial_fen"], fen);
  ASSERT_EQ(section["games"].size(), 3u);
  for (const auto& g : section["games"]) {
    const std::string game_id = g["id"];
    const auto shown = game(game_id, "td");
    EXPECT_EQ(shown["initial_fen"], fen);
    // White moves first from the position: 6. Be3.
    play(game_id, g["white"], "Be3");
    const auto pgn = call("GET", "/api/v1/games/" + game_id + "/pgn", "td");
    ASSERT_EQ(pgn.status, 200);
    EXPECT_NE(pgn.body.find("[SetUp \"1\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("[FEN \"" + fen + "\"]"), std::string::npos) << pgn.body;
    EXPECT_NE(pgn.body.find("6. Be3"), std::string::npos) << pgn.body;
  }
  // A single thematic event works the same way; an opening that mates is refused.
  const auto thematic = ok("POST", "/api/v1/admin/events", "td",
                           {{"name", "Thematic event"},
                            {"time_control", time_control()},
                            {"players", {"ann", "ben"}},
                            {"opening", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"}},
                           201);
  EXPECT_EQ(thematic["settings"]["initial_fen"], fen);
  const std::string thematic_id = thematic["id"];
  const auto started = ok("POST", "/api/v1/admin/events/" + thematic_id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 1u);
  EXPECT_EQ(game(started["games"][0]["id"], "td")["initial_fen"], fen);
  EXPECT_EQ(
      problem(
          "POST", "/api/v1/admin/events", "td",
          {{"name", "Mated"}, {"time_control", time_control()}, {"opening", "1. f3 e5 2. g4 Qh4#"}},
          400),
      "validation_error");
}

// An Open class whose winner earns a credit, and a Higher class (1900 and above, no unrated
// players) that admits by that credit: only the winner gets in, the credit is used by the
// entry and given back when the entry is taken back.
TEST_F(Series, PromotionCreditAdmitsTheWinnerToTheClassAbove) {
  add_users({"ann", "ben", "cat"});
  const std::string open = create_series({{"name", "Open"},
                                          {"section_size", 3},
                                          {"promotion_max_place", 1},
                                          {"credit_valid_days", 100}})["id"];
  const auto higher_created = create_series({{"name", "Higher"},
                                             {"section_size", 3},
                                             {"min_rating", 1900},
                                             {"unrated_allowed", false},
                                             {"credit_from_series", open}});
  const std::string higher = higher_created["id"];
  EXPECT_EQ(higher_created["settings"]["credit_from_series"], open);
  EXPECT_EQ(problem("POST", "/api/v1/series/" + higher + "/join", "ann", nullptr, 409),
            "rating_out_of_range");

  join(open, "ann");
  join(open, "ben");
  const std::string event_id = join(open, "cat")["event_id"];
  // ann beats ben and cat; ben and cat draw by agreement after a move each. (The answer is
  // kept: a loop over a member of a temporary would outlive it.)
  const auto section = event(event_id);
  ASSERT_EQ(section["games"].size(), 3u);
  for (const auto& g : section["games"]) {
    const std::string gid = g["id"];
    const std::string white = g["white"], black = g["black"];
    if (white == "ann" || black == "ann") {
      ok("POST", "/api/v1/games/" + gid + "/resign", white == "ann" ? black : white);
    } else {
      play(gid, white, "e4");
      play(gid, black, "e5", true);
      ok("POST", "/api/v1/games/" + gid + "/draw/accept", white);
    }
  }
  // The last result wakes the scheduler, whose starter closes the section and hands out the
  // credit (POST /admin/competitions/run would do the same at once).
  ASSERT_TRUE(
      testing::wait_until([&] { return series(open)["sections"][0]["status"] == "finished"; },
                          std::chrono::seconds(20)))
      << series(open).dump();
  const auto anns = mine("ann");
  ASSERT_EQ(anns["credits"].size(), 1u) << anns.dump();
  EXPECT_EQ(anns["credits"][0]["status"], "available");
  EXPECT_EQ(anns["credits"][0]["place"], 1);
  EXPECT_EQ(anns["credits"][0]["score"], 2.0);
  EXPECT_EQ(anns["credits"][0]["series_id"], open);
  EXPECT_EQ(anns["credits"][0]["event_id"], event_id);
  EXPECT_EQ(mine("ben")["credits"].size(), 0u);
  const auto profile = ok("GET", "/api/v1/users/ann", "ben");
  ASSERT_EQ(profile["promotion_credits"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["promotion_credits"][0]["series_name"], "Open");
  EXPECT_EQ(run()["sections_closed"], 0);  // closed once

  const auto entry = join(higher, "ann");
  EXPECT_EQ(entry["admission"], "credit");
  EXPECT_EQ(mine("ann")["credits"][0]["status"], "used");
  EXPECT_EQ(ok("GET", "/api/v1/users/ann", "ben")["promotion_credits"].size(), 0u);
  EXPECT_EQ(problem("POST", "/api/v1/series/" + higher + "/join", "ben", nullptr, 409),
            "rating_out_of_range");
  ok("DELETE", "/api/v1/series/" + higher + "/join", "ann", nullptr, 204);
  EXPECT_EQ(mine("ann")["credits"][0]["status"], "available");
}

// The director pauses a series (entries wait, no section starts), reopens it, and takes an
// entry off the list with a reason, which is audited and told to the player.
TEST_F(Series, DirectorPausesReopensAndRemovesEntries) {
  add_users({"ann", "ben"});
  const std::string id = create_series({{"name", "Supervised"}, {"section_size", 3}})["id"];
  const std::string entry = join(id, "ann")["id"];
  EXPECT_EQ(
      ok("POST", "/api/v1/admin/series/" + id + "/pause", "td", {{"reason", "audit"}})["status"],
      "paused");
  add_users({"cat"});
  EXPECT_EQ(join(id, "ben")["status"], "waiting");
  EXPECT_EQ(join(id, "cat")["status"], "waiting");  // three wait, but the series is paused
  EXPECT_EQ(series(id)["sections"].size(), 0u);
  ok("DELETE", "/api/v1/series/" + id + "/join", "cat", nullptr, 204);
  EXPECT_EQ(problem("POST", "/api/v1/admin/series/" + id + "/pause", "td", json::object(), 409),
            "conflict");
  EXPECT_EQ(ok("POST", "/api/v1/admin/series/" + id + "/open", "td", json::object())["status"],
            "open");
  EXPECT_EQ(problem("POST", "/api/v1/admin/series/" + id + "/entries/" + entry + "/remove", "td",
                    {{"reason", " "}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/series/" + id + "/entries/" + entry + "/remove", "ann",
                    {{"reason", "mine"}}, 403),
            "forbidden");
  const auto after = ok("POST", "/api/v1/admin/series/" + id + "/entries/" + entry + "/remove",
                        "td", {{"reason", "duplicate account"}});
  EXPECT_EQ(after["waiting_count"], 1);  // ben still waits
  EXPECT_EQ(after["waiting"][0]["username"], "ben");
  EXPECT_EQ(problem("POST", "/api/v1/admin/series/" + id + "/entries/" + entry + "/remove", "td",
                    {{"reason", "again"}}, 409),
            "conflict");
  EXPECT_EQ(problem("POST", "/api/v1/admin/series/" + id + "/entries/999999/remove", "td",
                    {{"reason", "none"}}, 404),
            "not_found");
  const auto anns = mine("ann");
  EXPECT_EQ(anns["entries"][0]["status"], "removed");
  EXPECT_EQ(anns["entries"][0]["reason"], "duplicate account");
  const auto audit = ok("GET", "/api/v1/admin/audit?user=ann", "td");
  bool found = false;
  for (const auto& r : audit["records"]) {
    if (r["action"] == "series_entry_removed" && r["reason"] == "duplicate account") found = true;
  }
  EXPECT_TRUE(found) << audit.dump();
}

// Sections of three with compatriots apart: six players join a paused series, two each from
// Germany, France and Italy, compatriots one after the other; reopened, the series starts two
// sections together, each with one player of every country (entry order alone would seat
// the compatriots together).
TEST_F(Series, SectionsStartedTogetherSpreadCompatriots) {
  const std::vector<std::pair<std::string, std::string>> players{
      {"de1", "DE"}, {"de2", "DE"}, {"fr1", "FR"}, {"fr2", "FR"}, {"it1", "IT"}, {"it2", "IT"}};
  std::vector<std::string> names;
  for (const auto& [name, country] : players) names.push_back(name);
  add_users(names);
  for (const auto& [name, country] : players) {
    ok("PATCH", "/api/v1/me", name, {{"country", country}});
  }
  const std::string id =
      create_series({{"name", "Nations"}, {"section_size", 3}, {"country_spread", true}})["id"];
  ok("POST", "/api/v1/admin/series/" + id + "/pause", "td", {{"reason", "season start"}});
  for (const auto& name : names) EXPECT_EQ(join(id, name)["status"], "waiting");
  const auto opened = ok("POST", "/api/v1/admin/series/" + id + "/open", "td", json::object());
  EXPECT_EQ(opened["waiting_count"], 0);
  ASSERT_EQ(opened["sections"].size(), 2u);
  for (const auto& s : opened["sections"]) {
    const auto section = event(s["event_id"]);
    std::set<std::string> countries;
    for (const auto& p : section["players"]) {
      for (const auto& [name, country] : players) {
        if (p["username"] == name) countries.insert(country);
      }
    }
    EXPECT_EQ(countries, (std::set<std::string>{"DE", "FR", "IT"})) << section["players"].dump();
  }
}

// A playing period (rules.md 6.8): each section's event ends section_days after it starts and
// takes the series' auto_adjudicate; its games still in play then await adjudication. A series
// without one starts sections without an end date.
TEST_F(Series, SectionsEndAfterTheirPlayingPeriod) {
  add_users({"ann", "ben", "cat", "dan", "eve", "fay"});
  const auto created = create_series({{"name", "Timed class"},
                                      {"section_size", 3},
                                      {"section_days", 30},
                                      {"auto_adjudicate", true}});
  const std::string id = created["id"];
  EXPECT_EQ(created["settings"]["section_days"], 30);
  EXPECT_EQ(created["settings"]["auto_adjudicate"], true);
  const auto plain = create_series({{"name", "Open class"}, {"section_size", 3}});
  EXPECT_TRUE(plain["settings"]["section_days"].is_null()) << plain.dump();
  EXPECT_EQ(plain["settings"]["auto_adjudicate"], false);

  join(id, "ann");
  advance(3600);  // the section starts an hour after the series was made
  join(id, "ben");
  const std::string event_id = join(id, "cat")["event_id"];
  const auto section = event(event_id);
  const auto started = series(id)["sections"][0]["started_at"].get<std::string>();
  const auto start = game::parse_rfc3339(started);
  ASSERT_TRUE(start) << started;
  EXPECT_EQ(section["settings"]["end_at"], game::format_rfc3339(*start + game::days(30)))
      << section["settings"].dump();
  EXPECT_EQ(section["settings"]["auto_adjudicate"], true);

  const std::string plain_id = plain["id"];
  join(plain_id, "dan");
  join(plain_id, "eve");
  const std::string plain_event = join(plain_id, "fay")["event_id"];
  EXPECT_TRUE(event(plain_event)["settings"]["end_at"].is_null());

  // Day 30 less a second: still in play; at day 30 every unfinished game awaits adjudication.
  advance(30 * 86400 - 1);
  for (const auto& g : event(event_id)["games"]) EXPECT_EQ(g["status"], "ongoing") << g.dump();
  advance(1);
  const auto ended = event(event_id);
  ASSERT_EQ(ended["games"].size(), 3u);
  for (const auto& g : ended["games"]) {
    EXPECT_EQ(g["status"], "adjudication_pending") << g.dump();
  }
  for (const auto& g : event(plain_event)["games"]) EXPECT_EQ(g["status"], "ongoing");
}

// Bad definitions and entries get clear errors and change nothing.
TEST_F(Series, BadInputIsRefusedAndChangesNothing) {
  add_users({"ann"});
  const json base = {{"name", "Good"}, {"section_size", 5}};
  auto with = [&](const json& extra) {
    json body = base;
    body["time_control"] = time_control();
    body.update(extra);
    return body;
  };
  struct Case {
    json body;
    int status;
    std::string code;
    std::string mentions;
  };
  const std::vector<Case> cases = {
      {with({{"section_size", 2}}), 400, "validation_error", "section_size"},
      {with({{"section_size", 33}}), 400, "validation_error", "section_size"},
      {json{{"name", "No size"}, {"time_control", time_control()}}, 400, "validation_error",
       "section_size"},
      {with({{"min_section_size", 3}}), 400, "validation_error", "maximum wait"},
      {with({{"min_section_size", 6}, {"max_wait_days", 5}}), 400, "validation_error",
       "min_section_size"},
      {with({{"opening", "1. e4 e5 2. Ke3"}}), 400, "validation_error", "Ke3"},
      {with({{"opening", "1. f3 e5 2. g4 Qh4#"}}), 400, "validation_error", "opening"},
      {with({{"opening", "8/8/8/8/8/8/8/8 w - - 0 1"}}), 400, "validation_error", "opening"},
      {with({{"promotion_min_score_percent", 0}}), 400, "validation_error", "percent"},
      {with({{"promotion_max_place", 0}}), 400, "validation_error", "max_place"},
      {with({{"min_rating", 2000}, {"max_rating", 1900}}), 400, "validation_error", "min_rating"},
      {with({{"credit_from_series", "424242"}}), 400, "validation_error", "credit_from_series"},
      {with({{"start_position", 3}}), 400, "validation_error", "start_position"},
      {with({{"variant", "chess960"}, {"opening", "1. e4"}}), 400, "validation_error",
       "standard chess"},
      {with({{"section_days", 0}}), 400, "validation_error", "section_days"},
      {with({{"section_days", 3651}}), 400, "validation_error", "section_days"},
      {with({{"section_days", "30"}}), 400, "validation_error", "section_days"},
      {with({{"section_days", 1.5}}), 400, "validation_error", "section_days"},
      {with({{"auto_adjudicate", "yes"}}), 400, "validation_error", "auto_adjudicate"},
  };
  for (const auto& c : cases) {
    auto r = call("POST", "/api/v1/admin/series", "td", c.body);
    EXPECT_EQ(r.status, c.status) << c.body.dump() << " -> " << r.body;
    const auto problem_body = json::parse(r.body, nullptr, false);
    EXPECT_EQ(problem_body.value("code", ""), c.code) << r.body;
    EXPECT_NE(problem_body.value("detail", "").find(c.mentions), std::string::npos) << r.body;
  }
  EXPECT_EQ(problem("POST", "/api/v1/admin/series", "ann", with(json::object()), 403), "forbidden");
  EXPECT_EQ(ok("GET", "/api/v1/series", "ann")["series"].size(), 0u);

  const std::string id = create_series(base)["id"];
  EXPECT_EQ(problem("POST", "/api/v1/admin/series", "td", with({{"name", "GOOD"}}), 409),
            "conflict");
  join(id, "ann");
  EXPECT_EQ(problem("POST", "/api/v1/series/" + id + "/join", "ann", nullptr, 409), "conflict");
  EXPECT_EQ(problem("POST", "/api/v1/series/777/join", "ann", nullptr, 404), "not_found");
  EXPECT_EQ(problem("POST", "/api/v1/series/abc/join", "ann", nullptr, 404), "not_found");
  const auto listed = ok("GET", "/api/v1/series", "ann")["series"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["waiting_count"], 1);
}

// Two server instances on one database, twelve players joining a series of sections of
// three at once, half through each instance: four sections, nobody placed twice, nobody
// left waiting.
TEST(SeriesRace, TwoInstancesStartEachSectionOnce) {
  testing::TempDatabase db;
  testing::ServerProcess one(db.url(), testing::director_env());
  ASSERT_TRUE(one.started());
  testing::ServerProcess two(db.url(), testing::director_env());
  ASSERT_TRUE(two.started());
  const testing::ApiClient a(one), b(two);
  const auto td = a.login(testing::kDirector, testing::kDirectorPassword);
  const auto created =
      a.expect("POST", "/api/v1/admin/series", td,
               {{"name", "Race"}, {"section_size", 3}, {"time_control", time_control()}}, 201);
  const std::string id = created["id"];
  std::vector<std::string> tokens;
  for (int i = 0; i < 12; ++i) tokens.push_back(a.sign_up("racer" + std::to_string(i)));

  std::vector<std::thread> threads;
  std::vector<int> statuses(tokens.size(), 0);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    threads.emplace_back([&, i] {
      const auto& client = i % 2 == 0 ? a : b;
      statuses[i] = client.call("POST", "/api/v1/series/" + id + "/join", tokens[i]).status;
    });
  }
  for (auto& t : threads) t.join();
  for (std::size_t i = 0; i < statuses.size(); ++i) EXPECT_EQ(statuses[i], 201) << i;

  const auto shown = b.expect("GET", "/api/v1/series/" + id, td, nullptr, 200);
  EXPECT_EQ(shown["waiting_count"], 0) << shown.dump();
  ASSERT_EQ(shown["sections"].size(), 4u) << shown.dump();
  std::map<std::string, int> placed;
  for (const auto& s : shown["sections"]) {
    const auto event =
        a.expect("GET", "/api/v1/events/" + s["event_id"].get<std::string>(), td, nullptr, 200);
    EXPECT_EQ(event["players"].size(), 3u);
    EXPECT_EQ(event["games"].size(), 3u);
    for (const auto& p : event["players"]) ++placed[p["username"].get<std::string>()];
  }
  EXPECT_EQ(placed.size(), 12u);
  for (const auto& [name, times] : placed) EXPECT_EQ(times, 1) << name;
}

// The news of a series goes by mail to those who want `competition` mails: Wilma is told her
// section started (beside the mails of her new games); Björn, who switched series mails off,
// gets only his game mails.
class SeriesMail : public testing::MailTest {};

TEST_F(SeriesMail, SectionStartIsMailedToThoseWhoWantIt) {
  api_.expect("PUT", "/api/v1/me/notifications", black_,
              {{"channels", {{"email", {{"competition", false}}}}}});
  const auto third = api_.sign_up("third_player");
  const auto created = api_.expect(
      "POST", "/api/v1/admin/series", td_,
      {{"name", "Mailed series"}, {"section_size", 3}, {"time_control", time_control()}}, 201);
  const std::string id = created["id"];
  for (const auto& token : {white_, black_, third}) {
    api_.expect("POST", "/api/v1/series/" + id + "/join", token, nullptr, 201);
  }
  // Two new games each for Wilma and Björn, and Wilma's news of the section.
  const auto mails = exactly(5);
  const auto wilma = testing::to(mails, "wilma@example.org");
  const auto bjorn = testing::to(mails, "bjorn@example.org");
  ASSERT_EQ(wilma.size(), 3u) << mails.dump(1);
  ASSERT_EQ(bjorn.size(), 2u) << mails.dump(1);
  bool told = false;
  for (const auto& m : wilma) {
    if (m["subject"] == "Mailed series, section 1 has started") {
      told = true;
      EXPECT_TRUE(testing::contains(m["text"], std::string(testing::kPublicUrl) + "/events/"))
          << m["text"];
    }
  }
  EXPECT_TRUE(told) << wilma.dump(1);
  for (const auto& m : bjorn) {
    EXPECT_FALSE(testing::contains(m["subject"], "section 1 has started")) << m["subject"];
  }
}

}  // namespace
}  // namespace corrchess
