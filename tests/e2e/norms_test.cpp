// Title norms end to end (rules.md 6.12): ratings imported by the director, fixed when a
// section starts, the section's category and each player's norm targets in GET
// /api/v1/events/{id}, and the norms a finished score reaches; against values computed by
// hand from the FIDE dp table.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Norms : public testing::EventServer {
 protected:
  Norms() = default;
  explicit Norms(const testing::ServerEnv& env) : EventServer(env) {}

  // Fifteen players n01..n15.
  static std::vector<std::string> norm_players() {
    std::vector<std::string> names;
    for (int i = 1; i <= 15; ++i)
      names.push_back(std::string(i < 10 ? "n0" : "n") + std::to_string(i));
    return names;
  }

  // Imports `rating` for every name; returns the new list.
  json import_ratings(const std::vector<std::string>& names, int rating) {
    json ratings = json::array();
    for (const auto& n : names) ratings.push_back({{"username", n}, {"rating", rating}});
    return ok("POST", "/api/v1/admin/ratings/import", "td",
              {{"reason", "federation list"}, {"ratings", ratings}}, 201);
  }

  // A started single-round section of `names`; its id.
  std::string started_section(const std::string& name, const std::vector<std::string>& names) {
    const json created = ok("POST", "/api/v1/admin/events", "td",
                            {{"name", name},
                             {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                             {"players", names},
                             {"start_at", kStart}},
                            201);
    const std::string id = created["id"];
    ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
    return id;
  }

  json event(const std::string& id) { return ok("GET", "/api/v1/events/" + id, "td"); }

  // Polls `read` (bounded, no fixed sleeps: the scheduler may run the starter too) until
  // `done` holds; returns the last value.
  json wait_value(const std::function<json()>& read, const std::function<bool(const json&)>& done) {
    json v;
    testing::wait_until(
        [&] {
          v = read();
          return done(v);
        },
        std::chrono::seconds(20));
    return v;
  }

  static json norm_row(const json& event, const std::string& player) {
    for (const auto& r : event["norms"]["rows"]) {
      if (r["player"] == player) return r;
    }
    return json();
  }
  static json target(const json& row, const std::string& title) {
    for (const auto& t : row["targets"]) {
      if (t["title"] == title) return t;
    }
    return json();
  }

  // The director decides every game of `player` in the event: wins against `beaten`, losses
  // against everyone else, with `termination`.
  void decide_games_of(const json& event, const std::string& player,
                       const std::set<std::string>& beaten,
                       const std::string& termination = "adjudication") {
    for (const auto& g : event["games"]) {
      const std::string white = g["white"], black = g["black"];
      if (white != player && black != player) continue;
      const std::string opponent = white == player ? black : white;
      const bool wins = beaten.contains(opponent);
      const std::string result = (white == player) == wins ? "1-0" : "0-1";
      ok("POST", "/api/v1/admin/games/" + g["id"].get<std::string>() + "/result", "td",
         {{"result", result}, {"termination", termination}, {"reason", "position assessed"}});
    }
  }
};

// The issue's worked example: a category-7 section of 15 players (every rating 2401) needs
// 8.0 of 14 for an IM norm: 8/14 = 57.14% -> 57%, dp 50, 2401 + 50 = 2451 >= 2450, while
// 7.5/14 = 53.57% -> 54%, dp 29, 2430 does not. SIM (2525) needs dp >= 124: 9/14 -> 64%
// (dp 102) does not, 9.5/14 -> 68% (dp 133) does: 9.5. GM (2600) needs dp >= 199: 10.5/14 =
// 75% (dp 193) does not, 11/14 -> 79% (dp 230) does: 11.0.
TEST_F(Norms, CategorySevenNeedsEightOfFourteenForAnIMNormAndTheNormIsReached) {
  const auto names = norm_players();
  add_users(names);
  import_ratings(names, 2401);
  const auto id = started_section("Title section A", names);

  json e = event(id);
  ASSERT_TRUE(e["norms"].is_object()) << e.dump();
  EXPECT_EQ(e["norms"]["average_rating"], 2401);
  EXPECT_EQ(e["norms"]["category"], 7);
  EXPECT_EQ(e["norms"]["min_games"], 8);
  EXPECT_EQ(e["norms"]["levels"]["IM"], 2450);
  EXPECT_EQ(e["norms"]["rows"].size(), 15u);
  for (const auto& p : e["players"]) EXPECT_EQ(p["start_rating"], 2401) << p.dump();

  json row = norm_row(e, "n01");
  EXPECT_EQ(row["games"], 14);
  EXPECT_EQ(row["finished"], 0);
  EXPECT_EQ(row["opponents_average"], 2401);
  EXPECT_EQ(row["category"], 7);
  EXPECT_EQ(row["eligible"], true);
  EXPECT_EQ(row["performance"], nullptr);
  ASSERT_EQ(row["targets"].size(), 3u) << row.dump();  // GM, SIM, IM (no ladies' titles)
  EXPECT_EQ(target(row, "IM")["points_needed"], 8.0);
  EXPECT_EQ(target(row, "IM")["text"], "needs 8.0 of 14 for IM");
  EXPECT_EQ(target(row, "SIM")["points_needed"], 9.5);
  EXPECT_EQ(target(row, "GM")["points_needed"], 11.0);
  EXPECT_EQ(target(row, "IM")["secured"], false);
  EXPECT_EQ(target(row, "IM")["reachable"], true);

  // n01 beats n02..n09 and loses to n10..n15: 8.0 of 14.
  decide_games_of(e, "n01", {"n02", "n03", "n04", "n05", "n06", "n07", "n08", "n09"});
  e = event(id);
  row = norm_row(e, "n01");
  EXPECT_EQ(row["finished"], 14);
  EXPECT_EQ(row["points"], 8.0);
  EXPECT_EQ(row["performance"], 2451);
  EXPECT_EQ(row["norms"], json::array({"IM"}));
  EXPECT_EQ(target(row, "IM")["secured"], true);
  EXPECT_EQ(target(row, "SIM")["reachable"], false);
  EXPECT_EQ(target(row, "GM")["reachable"], false);
  // n02 lost to n01 and has 13 games to play: 8.0 of 14 is still the IM target.
  EXPECT_EQ(target(norm_row(e, "n02"), "IM")["points_needed"], 8.0);
  EXPECT_EQ(target(norm_row(e, "n02"), "IM")["reachable"], true);
}

// Ratings are fixed when a section starts: a later import does not move a running section's
// category, and a section started after it is of the new category. A category-5 section
// (every rating 2351) needs 9.0 of 14 for IM: 9/14 -> 64%, dp 102, 2453; 8.5/14 -> 61%, dp
// 80, 2431. A game decided by default leaves both players' counts (rules.md 6.12).
TEST_F(Norms, StartRatingsStayAndDefaultsDoNotCount) {
  const auto names = norm_players();
  add_users(names);
  import_ratings(names, 2401);
  const auto first = started_section("Title section A", names);
  import_ratings(names, 2351);
  const auto second = started_section("Title section B", names);

  EXPECT_EQ(event(first)["norms"]["category"], 7);
  json e = event(second);
  EXPECT_EQ(e["norms"]["average_rating"], 2351);
  EXPECT_EQ(e["norms"]["category"], 5);
  EXPECT_EQ(target(norm_row(e, "n01"), "IM")["points_needed"], 9.0);

  // n15's games in section B all end by default (n15 withdrew): they no longer count for
  // n15 nor for the opponents, whose targets are computed over 13 games: 8/13 = 61.5% -> 62%,
  // dp 87, 2438; 8.5/13 = 65.4% -> 65%, dp 110, 2461: 8.5 of 13.
  decide_games_of(e, "n15", {}, "default");
  e = event(second);
  const json n15 = norm_row(e, "n15");
  EXPECT_EQ(n15["games"], 0);
  EXPECT_EQ(n15["eligible"], false);
  EXPECT_EQ(n15["targets"], json::array());
  const json n01 = norm_row(e, "n01");
  EXPECT_EQ(n01["games"], 13);
  EXPECT_EQ(target(n01, "IM")["points_needed"], 8.5);
  EXPECT_EQ(target(n01, "IM")["text"], "needs 8.5 of 13 for IM");
}

// A replacement brings the rating of the day they take the seat; the others keep theirs, and
// a player unrated at the start stays unrated in the section whatever lists come later.
TEST_F(Norms, AReplacementBringsTheRatingOfTheDayAndUnratedPlayersStayUnrated) {
  const auto all = norm_players();
  add_users(all);
  const std::vector<std::string> section(all.begin(), all.begin() + 9);  // n01..n09
  const std::vector<std::string> rated(all.begin(), all.begin() + 8);    // n09 unrated
  import_ratings(rated, 2401);
  const auto id = started_section("Title section C", section);
  import_ratings({"n09", "n10"}, 2300);
  ok("POST", "/api/v1/admin/events/" + id + "/replace", "td",
     {{"username", "n08"}, {"replacement", "n10"}, {"reason", "illness"}});
  const json e = event(id);
  std::map<std::string, json> start;
  for (const auto& p : e["players"]) start[p["username"]] = p["start_rating"];
  EXPECT_EQ(start["n01"], 2401);
  EXPECT_EQ(start["n10"], 2300);
  EXPECT_EQ(start["n09"], nullptr);  // rated 2300 only after the start
  // Seated: n01..n07 (2401), n09 (unrated), n10 (2300): (7 x 2401 + 2300) / 8 = 2388.4 -> 2388.
  EXPECT_EQ(e["norms"]["average_rating"], 2388);
  EXPECT_EQ(e["norms"]["category"], 6);
  // Games against the unrated n09 do not count: n01 has 7 countable games (n02..n07, n10),
  // fewer than 8, so no norm is possible in this section.
  const json n01 = norm_row(e, "n01");
  EXPECT_EQ(n01["games"], 7);
  EXPECT_EQ(n01["eligible"], false);
  EXPECT_EQ(n01["targets"], json::array());
}

// A game finished before a replacement stays the replaced player's (rules.md 6.12): n01..n04
// beat n09 (1600), who is then replaced by n10 (2600). n01 met 1600 in that game, not 2600:
// Ra = (7 x 2400 + 1600) / 8 = 2300 (category 2), and IM (2450) needs dp >= 150: 5.5 of 8 =
// 68.75% -> 69% (dp 141) is short, 6 of 8 = 75% (dp 193) -> 2493: 6.0. n05 still has to play
// the seat, now n10's: Ra = (7 x 2400 + 2600) / 8 = 2425, IM 4.5 (56%, dp 43 -> 2468). n10
// plays 4 games (n05..n08), the other 4 are n09's losses: too few for a norm, no points.
TEST_F(Norms, AGameFinishedBeforeAReplacementCountsForThePlayerWhoPlayedIt) {
  const auto all = norm_players();
  const std::vector<std::string> section(all.begin(), all.begin() + 9);  // n01..n09
  add_users(all);
  import_ratings({all.begin(), all.begin() + 8}, 2400);
  import_ratings({"n09"}, 1600);
  import_ratings({"n10"}, 2600);
  const auto id = started_section("Title section R", section);
  const json started = event(id);
  for (const auto& g : started["games"]) {
    const std::string white = g["white"], black = g["black"];
    const std::string other = white == "n09" ? black : black == "n09" ? white : "";
    if (other.empty() || other > "n04") continue;
    ok("POST", "/api/v1/admin/games/" + g["id"].get<std::string>() + "/result", "td",
       {{"result", white == "n09" ? "0-1" : "1-0"},
        {"termination", "resignation"},
        {"reason", "resigned"}});
  }
  ok("POST", "/api/v1/admin/events/" + id + "/replace", "td",
     {{"username", "n09"}, {"replacement", "n10"}, {"reason", "illness"}});
  const json e = event(id);
  // The section: the seated n01..n08 (2400) and n10 (2600): 21800 / 9 = 2422.2 -> 2422.
  EXPECT_EQ(e["norms"]["average_rating"], 2422);
  const json n01 = norm_row(e, "n01");
  EXPECT_EQ(n01["games"], 8);
  EXPECT_EQ(n01["finished"], 1);
  EXPECT_EQ(n01["points"], 1.0);
  EXPECT_EQ(n01["opponents_average"], 2300) << n01.dump();
  EXPECT_EQ(n01["category"], 2);
  EXPECT_EQ(target(n01, "IM")["points_needed"], 6.0);
  const json n05 = norm_row(e, "n05");
  EXPECT_EQ(n05["opponents_average"], 2425) << n05.dump();
  EXPECT_EQ(target(n05, "IM")["points_needed"], 4.5);
  const json n10 = norm_row(e, "n10");
  EXPECT_EQ(n10["seed"], 9);
  EXPECT_EQ(n10["games"], 4) << n10.dump();
  EXPECT_EQ(n10["finished"], 0);
  EXPECT_EQ(n10["points"], 0.0);
  EXPECT_EQ(n10["opponents_average"], 2400);
  EXPECT_EQ(n10["eligible"], false);
  EXPECT_EQ(n10["targets"], json::array());
  // The replaced n09 has no line of their own; the crosstable still shows the seat's games
  // under n10 (rules.md 6.4).
  EXPECT_EQ(norm_row(e, "n09"), nullptr);
  EXPECT_EQ(e["norms"]["rows"].size(), 9u);
}

// The username of the ladies' titles route is checked before the body (docs/api.md "Errors"):
// an unknown user answers 404 whatever the body, a known one the body's 400; nothing changes.
TEST_F(Norms, AnUnknownUserOfTheLadiesTitlesRouteAnswersNotFoundBeforeTheBody) {
  add_users({"n01"});
  const auto before = ok("GET", "/api/v1/admin/audit", "td")["records"].size();
  const std::string unknown = "/api/v1/admin/users/nobody/ladies-titles";
  for (const std::string body : {"{}", R"({"eligible": "yes", "reason": "x"})", "{\"unclosed"}) {
    SCOPED_TRACE(body);
    expect_problem(send("POST", unknown, "td", body), 404, "not_found", "no user 'nobody'");
    expect_problem(send("POST", "/api/v1/admin/users/n01/ladies-titles", "td", body), 400,
                   "validation_error");
  }
  expect_problem(send("POST", unknown, "n01", "{}"), 403, "forbidden");
  EXPECT_EQ(ok("GET", "/api/v1/admin/audit", "td")["records"].size(), before);
}

// Two IM norms over 24 games earn the IM title (rules.md 6.12). Thirteen players rated 2401
// (12 games each): 7 of 12 = 58.3% -> 58%, dp 57, 2458 >= 2450 (6.5 of 12 -> 54%, dp 29,
// falls short), so n01 beating n02..n08 and losing to n09..n13 makes an IM norm; every other
// game is drawn (n09, with 6.5 of 12, makes none). The first section's norm (12 games) earns
// nothing; the second (24 games in all) earns IM, once, audited.
TEST_F(Norms, TwoNormsOverTwentyFourGamesEarnTheTitle) {
  const auto all = norm_players();
  const std::vector<std::string> names(all.begin(), all.begin() + 13);
  add_users(names);
  import_ratings(names, 2401);
  const std::set<std::string> beaten{"n02", "n03", "n04", "n05", "n06", "n07", "n08"};
  const auto play_out = [&](const std::string& name) {
    const auto id = started_section(name, names);
    const json e = event(id);
    for (const auto& g : e["games"]) {
      const std::string white = g["white"], black = g["black"];
      std::string result = "1/2-1/2";
      if (white == "n01" || black == "n01") {
        const bool wins = beaten.contains(white == "n01" ? black : white);
        result = (white == "n01") == wins ? "1-0" : "0-1";
      }
      ok("POST", "/api/v1/admin/games/" + g["id"].get<std::string>() + "/result", "td",
         {{"result", result}, {"termination", "adjudication"}, {"reason", "assessed"}});
    }
    ok("POST", "/api/v1/admin/competitions/run", "td");
    return id;
  };
  const auto profile = [&](const std::string& who) {
    return ok("GET", "/api/v1/users/" + who, "n02");
  };

  const auto first = play_out("Title section 1");
  json p = wait_value([&] { return profile("n01"); },
                      [](const json& v) { return v["norms"].size() == 1; });
  EXPECT_EQ(p["norms"][0]["title"], "IM");
  EXPECT_EQ(p["norms"][0]["event_id"], first);
  EXPECT_EQ(p["norms"][0]["games"], 12);
  EXPECT_EQ(p["norms"][0]["performance"], 2458);
  EXPECT_EQ(p["norms"][0]["category"], 7);
  EXPECT_EQ(p["titles"], json::array());
  EXPECT_EQ(profile("n09")["norms"], json::array());

  play_out("Title section 2");
  p = wait_value([&] { return profile("n01"); },
                 [](const json& v) { return v["titles"].size() == 1; });
  EXPECT_EQ(p["titles"][0]["title"], "IM");
  EXPECT_EQ(p["norms"].size(), 2u);
  EXPECT_EQ(profile("n02")["titles"], json::array());
  // Another run awards nothing twice.
  ok("POST", "/api/v1/admin/competitions/run", "td");
  const json audit = ok("GET", "/api/v1/admin/audit", "td");
  int awards = 0;
  for (const auto& r : audit["records"]) {
    if (r["action"] != "title_awarded") continue;
    ++awards;
    EXPECT_EQ(r["target"], "n01") << r.dump();
    EXPECT_EQ(r["actor"], nullptr) << r.dump();
  }
  EXPECT_EQ(awards, 1);

  // The title is in the PGN of the player's games, of one game and of the section; a player
  // without a title gets no tag.
  const json section = event(first);
  for (const auto& g : section["games"]) {
    const std::string white = g["white"], black = g["black"];
    if (white != "n01" && black != "n01") continue;
    const auto text =
        call("GET", "/api/v1/games/" + g["id"].get<std::string>() + "/pgn", "n02").body;
    const std::string tag = white == "n01" ? "[WhiteTitle \"IM\"]" : "[BlackTitle \"IM\"]";
    EXPECT_NE(text.find(tag), std::string::npos) << text;
    EXPECT_EQ(text.find(white == "n01" ? "BlackTitle" : "WhiteTitle"), std::string::npos) << text;
    break;
  }
  const auto section_pgn = call("GET", "/api/v1/events/" + first + "/pgn", "n02").body;
  std::size_t tagged = 0;
  for (auto at = section_pgn.find("Title \"IM\"]"); at != std::string::npos;
       at = section_pgn.find("Title \"IM\"]", at + 1)) {
    ++tagged;
  }
  EXPECT_EQ(tagged, 12u) << section_pgn;  // n01's 12 games of the 13-player section
  const auto archive = call("GET", "/api/v1/users/n01/games?format=pgn", "n02").body;
  EXPECT_NE(archive.find("Title \"IM\"]"), std::string::npos);
}

// The reason of an import is 1 to 500 characters, in any script (docs/api.md "Ratings").
TEST_F(Norms, AnImportReasonOf500CharactersInAnyScriptIsTaken) {
  add_users({"n01"});
  const auto import = [](const std::string& reason) {
    return json{{"reason", reason},
                {"ratings", json::array({{{"username", "n01"}, {"rating", 2200}}})}};
  };
  std::string reason;
  for (int i = 0; i < 500; ++i) reason += "é";
  EXPECT_EQ(problem("POST", "/api/v1/admin/ratings/import", "td", import(reason + "é"), 400),
            "validation_error");
  EXPECT_EQ(ok("GET", "/api/v1/ratings/lists", "td")["lists"], json::array());
  const json list = ok("POST", "/api/v1/admin/ratings/import", "td", import(reason), 201);
  EXPECT_EQ(list["reason"], reason);
}

TEST_F(Norms, OnlyDirectorsImportAndBadImportsChangeNothing) {
  add_users({"n01", "n02"});
  const json valid = {{"reason", "federation list"},
                      {"ratings", json::array({{{"username", "n01"}, {"rating", 2200}}})}};
  EXPECT_EQ(problem("POST", "/api/v1/admin/ratings/import", "n01", valid, 403), "forbidden");
  for (const json& bad : {
           json{{"reason", "x"},
                {"ratings", json::array({{{"username", "nobody"}, {"rating", 2200}}})}},
           json{{"reason", "x"},
                {"ratings", json::array({{{"username", "n01"}, {"rating", 5000}}})}},
           json{{"reason", "x"}, {"ratings", json::array({{{"username", "n01"}}})}},
           json{{"reason", "x"}, {"ratings", json::array()}},
           json{{"reason", "x"},
                {"ratings", json::array({{{"username", "n01"}, {"rating", 2200}},
                                         {{"username", "n01"}, {"rating", 2300}}})}},
           json{{"ratings", json::array({{{"username", "n01"}, {"rating", 2200}}})}},
           json{{"reason", "x"},
                {"pool", "blitz"},
                {"ratings", json::array({{{"username", "n01"}, {"rating", 2200}}})}},
       }) {
    EXPECT_EQ(problem("POST", "/api/v1/admin/ratings/import", "td", bad, 400), "validation_error")
        << bad.dump();
  }
  EXPECT_EQ(ok("GET", "/api/v1/ratings/lists", "td")["lists"], json::array());

  // A valid import publishes a list with the imported line, audited.
  const json list = ok("POST", "/api/v1/admin/ratings/import", "td", valid, 201);
  EXPECT_EQ(list["version"], 1);
  EXPECT_EQ(list["reason"], "federation list");
  const json history = ok("GET", "/api/v1/users/n01/ratings", "n02");
  EXPECT_EQ(history["pools"]["standard"]["current"]["rating"], 2200.0);
  EXPECT_EQ(history["pools"]["standard"]["current"]["provisional"], false);
  // A second import is a new version of the same list that keeps n01's line.
  const json second = ok("POST", "/api/v1/admin/ratings/import", "td",
                         {{"reason", "late entry"},
                          {"ratings", json::array({{{"username", "n02"}, {"rating", 1900}}})}},
                         201);
  EXPECT_EQ(second["period"], list["period"]);
  EXPECT_EQ(second["version"], 2);
  const json current =
      ok("GET", "/api/v1/ratings/lists/" + second["period"].get<std::string>(), "n01");
  ASSERT_EQ(current["entries"].size(), 2u) << current.dump();
  EXPECT_EQ(current["entries"][0]["username"], "n01");
  EXPECT_EQ(current["entries"][1]["username"], "n02");
  const json audit = ok("GET", "/api/v1/admin/audit", "td");
  int imports = 0;
  for (const auto& r : audit["records"]) imports += r["action"] == "ratings_imported";
  EXPECT_EQ(imports, 2);
}

// A server with its own levels (CORRCHESS_NORMS): IM at 2425 and LIM at 2200 against a field
// averaging 2401. IM needs dp >= 24: 7/14 is 50% (dp 0), 7.5/14 -> 54% (dp 29): 7.5. LGM
// (2300, unchanged) needs dp >= -101: 5/14 -> 36% (dp -102) does not, 5.5/14 -> 39% (dp -80)
// does: 5.5. LIM (2200) needs dp >= -201: 3/14 -> 21% (dp -230) does not, 3.5/14 = 25%
// (dp -193) does: 3.5. A player a director marked for ladies' titles gets the LGM and LIM
// targets too; the others do not.
class ConfiguredNorms : public Norms {
 protected:
  ConfiguredNorms() : Norms(testing::ServerEnv{{"CORRCHESS_NORMS", "IM=2425,LIM=2200"}}) {}
};

TEST_F(ConfiguredNorms, ServerLevelsAndLadiesTitles) {
  const auto names = norm_players();
  add_users(names);
  import_ratings(names, 2401);
  // Only directors mark a player; a bad body changes nothing.
  const std::string path = "/api/v1/admin/users/n02/ladies-titles";
  EXPECT_EQ(problem("POST", path, "n02", {{"eligible", true}, {"reason", "me"}}, 403), "forbidden");
  EXPECT_EQ(problem("POST", path, "td", {{"reason", "no flag"}}, 400), "validation_error");
  EXPECT_EQ(problem("POST", path, "td", {{"eligible", "yes"}, {"reason", "x"}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/users/nobody/ladies-titles", "td",
                    {{"eligible", true}, {"reason", "x"}}, 404),
            "not_found");
  EXPECT_EQ(ok("POST", path, "td", {{"eligible", true}, {"reason", "confirmed by the federation"}}),
            json({{"username", "n02"}, {"ladies_titles", true}}));
  const json audit = ok("GET", "/api/v1/admin/audit?user=n02", "td");
  ASSERT_FALSE(audit["records"].empty());
  EXPECT_EQ(audit["records"][0]["action"], "ladies_titles_changed");
  EXPECT_EQ(audit["records"][0]["reason"], "confirmed by the federation");

  const auto e = event(started_section("Configured section", names));
  EXPECT_EQ(e["norms"]["levels"]["IM"], 2425);
  EXPECT_EQ(e["norms"]["levels"]["LIM"], 2200);
  EXPECT_EQ(e["norms"]["levels"]["GM"], 2600);
  const auto n01 = norm_row(e, "n01");
  EXPECT_EQ(target(n01, "IM")["points_needed"], 7.5);
  EXPECT_EQ(target(n01, "LIM"), nullptr);  // not marked: no ladies' targets
  ASSERT_EQ(n01["targets"].size(), 3u) << n01.dump();
  const auto n02 = norm_row(e, "n02");
  ASSERT_EQ(n02["targets"].size(), 5u) << n02.dump();  // GM, SIM, IM, LGM, LIM
  EXPECT_EQ(target(n02, "IM")["points_needed"], 7.5);
  EXPECT_EQ(target(n02, "LGM")["points_needed"], 5.5);
  EXPECT_EQ(target(n02, "LIM")["points_needed"], 3.5);
}

}  // namespace
}  // namespace corrchess
