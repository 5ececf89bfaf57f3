// Ratings end to end (docs/ratings.md): real server processes on the manual test clock.
// Two monthly periods of games are published as rating lists whose values match a
// reimplementation of Glickman's steps (tests/support/glicko2_reference.h); only rated games count
// (not unrated challenges, double defaults, annulled games or wins by default without a move),
// Chess960 is its own pool; lists come as JSON and CSV and as each player's history. A director's
// result correction and recomputation publish new versions (the old ones stay) with audit
// records, and the corrected game is never counted twice. A second instance publishes
// nothing twice. Ratings in seeks and events: rating_entry_test.cpp; periods published late:
// ratings_catch_up_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/e2e/ratings_fixture.h"
#include "tests/support/glicko2_reference.h"

namespace corrchess {
namespace {

using nlohmann::json;
using ratings_testing::kFebruary;
using ratings_testing::kJanuary;
using ratings_testing::Ratings;
using ratings_testing::result_of;
using testing::kGlicko2Scale;
using testing::Ref;
using testing::ref_e;
using testing::ref_period;
using testing::ref_rate;
using testing::RefGame;

TEST_F(Ratings, TwoPeriodsArePublishedOnceWithTheValuesOfThePaper) {
  // A second instance on the same database: every list is still published exactly once.
  testing::ServerProcess second(db_.url(),
                                testing::director_env(true, {{"CORRCHESS_TIMEZONE", "UTC"}}));
  ASSERT_TRUE(second.started());
  EXPECT_TRUE(api_.expect("GET", "/api/v1/ratings/lists", td_)["lists"].empty());

  std::vector<std::string> january_ids;
  for (const auto& g : kJanuary) {
    january_ids.push_back(finish(g.white, g.black, result_of(g.white_score)));
  }
  // Games that do not count: an unrated challenge, a double default, an annulled game, a
  // win by default against a player who never moved.
  auto c = api_.expect("POST", "/api/v1/challenges", tokens_["anna"],
                       {{"opponent", "emil"},
                        {"color", "white"},
                        {"rated", false},
                        {"time_control", testing::iccf_control()}},
                       201);
  auto accepted =
      api_.expect("POST", "/api/v1/challenges/" + c["id"].get<std::string>() + "/accept",
                  tokens_["emil"], nullptr, 201);
  finish_game(accepted["game"]["id"], "anna", "emil", "0-1");
  const auto double_default = api_.create_game(td_, "boris", "emil");
  api_.expect("POST", "/api/v1/admin/games/" + double_default + "/result", td_,
              {{"result", "0-0"}, {"termination", "default"}, {"reason", "both absent"}});
  const auto annulled = finish("dmitri", "emil", "1-0");
  api_.expect("POST", "/api/v1/admin/games/" + annulled + "/annul", td_,
              {{"reason", "irregular pairing"}});
  const auto by_default = api_.create_game(td_, "emil", "clara");
  api_.expect("POST", "/api/v1/admin/games/" + by_default + "/result", td_,
              {{"result", "1-0"}, {"termination", "default"}, {"reason", "never started"}});
  // Chess960: its own pool.
  finish("emil", "boris", "1-0", {{"variant", "chess960"}});

  // Nothing is published before the month ends.
  api_.set_clock(td_, "2030-01-31T23:59:59Z");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(api_.expect("GET", "/api/v1/ratings/lists", td_)["lists"].empty());

  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  const auto january = await_list("2030-01");
  const auto ref_january = ref_period({}, kJanuary);
  EXPECT_EQ(january["period_kind"], "month");
  EXPECT_EQ(january["first_day"], "2030-01-01");
  EXPECT_EQ(january["last_day"], "2030-01-31");
  EXPECT_EQ(january["ends_at"], "2030-02-01T00:00:00Z");
  EXPECT_EQ(january["current"], true);
  EXPECT_TRUE(january["published_by"].is_null());
  expect_matches(january, ref_january, {{"anna", 2}, {"boris", 2}, {"clara", 2}, {"dmitri", 2}});
  const auto chess960 = await_list("2030-01", 1, "chess960");
  ASSERT_EQ(chess960["entries"].size(), 2u);
  EXPECT_EQ(chess960["entries"][0]["username"], "emil");
  expect_matches(chess960, ref_period({}, {{"emil", "boris", 1}}), {{"emil", 1}, {"boris", 1}});

  // February: emil's first rated standard game; boris plays only once, dmitri once.
  for (const auto& g : kFebruary) finish(g.white, g.black, result_of(g.white_score));
  api_.set_clock(td_, "2030-03-01T00:00:00Z");
  const auto february = await_list("2030-02");
  const auto ref_february = ref_period(ref_january, kFebruary);
  expect_matches(february, ref_february,
                 {{"anna", 3}, {"boris", 1}, {"clara", 2}, {"dmitri", 1}, {"emil", 1}});
  // chess960 had no games: the same players, only the deviations grew.
  const auto chess960_feb = await_list("2030-02", 1, "chess960");
  expect_matches(chess960_feb, ref_period(ref_period({}, {{"emil", "boris", 1}}), {}), {});

  // Every list once, whichever instance published it.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto index = api_.expect("GET", "/api/v1/ratings/lists", td_)["lists"];
  ASSERT_EQ(index.size(), 4u) << index.dump(1);
  EXPECT_EQ(index[0]["period"], "2030-02");
  EXPECT_EQ(index[3]["period"], "2030-01");
  EXPECT_EQ(api_.expect("GET", "/api/v1/ratings/lists?pool=chess960", td_)["lists"].size(), 2u);
  double published = 0;
  for (const auto& client : {api_, testing::ApiClient(second)}) {
    published += std::max(0.0, client.metric("corrchess_rating_lists_published_total"));
  }
  EXPECT_EQ(published, 4) << "the two instances together published each list once";

  // CSV, by query or by Accept.
  const auto csv = api_.call("GET", "/api/v1/ratings/lists/2030-02?format=csv", tokens_["emil"]);
  ASSERT_EQ(csv.status, 200);
  EXPECT_EQ(csv.headers.at("content-type"), "text/csv; charset=utf-8");
  EXPECT_TRUE(
      csv.body.starts_with("rank,username,rating,deviation,volatility,games_in_period,"
                           "total_games,provisional\r\n1,"))
      << csv.body;
  const auto& top = february["entries"][0];
  char line[160];
  std::snprintf(line, sizeof line, "1,%s,%.2f,%.2f,", top["username"].get<std::string>().c_str(),
                top["rating"].get<double>(), top["deviation"].get<double>());
  EXPECT_NE(csv.body.find(line), std::string::npos) << csv.body;
  auto accept_csv = second.request("GET", "/api/v1/ratings/lists/2030-02", "",
                                   {{"Accept", "text/csv"}, {"Authorization", "Bearer " + td_}});
  EXPECT_EQ(accept_csv.body, csv.body);
  // The Accept header's weights count: text/csv refused (q=0) or below JSON gives JSON.
  for (const std::string accept : {"text/csv;q=0", "application/json, text/csv;q=0.5",
                                   "text/csv; q=0.2, application/json; q=0.9"}) {
    const auto answer = second.request("GET", "/api/v1/ratings/lists/2030-02", "",
                                       {{"Accept", accept}, {"Authorization", "Bearer " + td_}});
    EXPECT_EQ(answer.status, 200) << accept;
    EXPECT_EQ(answer.headers.at("content-type"), "application/json") << accept;
  }
  const auto preferred = second.request(
      "GET", "/api/v1/ratings/lists/2030-02", "",
      {{"Accept", "application/json;q=0.5, TEXT/CSV"}, {"Authorization", "Bearer " + td_}});
  EXPECT_EQ(preferred.body, csv.body);
  EXPECT_EQ(api_.problem("GET", "/api/v1/ratings/lists/2030-02", "", nullptr, 401), "unauthorized");
  EXPECT_EQ(api_.problem("GET", "/api/v1/ratings/lists/2030-02?format=xml", td_, nullptr, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("GET", "/api/v1/ratings/lists/2031-01", td_, nullptr, 404), "not_found");
  EXPECT_EQ(api_.problem("GET", "/api/v1/ratings/lists/soon", td_, nullptr, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("GET", "/api/v1/ratings/lists/2030-01?pool=blitz", td_, nullptr, 400),
            "validation_error");

  // A player's history: one point per period and pool.
  const auto history = api_.expect("GET", "/api/v1/users/boris/ratings", tokens_["anna"]);
  const auto& standard = history["pools"]["standard"];
  ASSERT_EQ(standard["history"].size(), 2u);
  EXPECT_EQ(standard["history"][0]["period"], "2030-01");
  EXPECT_NEAR(standard["history"][0]["rating"].get<double>(), ref_january.at("boris").r, 1e-6);
  EXPECT_NEAR(standard["current"]["rating"].get<double>(), ref_february.at("boris").r, 1e-6);
  EXPECT_EQ(history["pools"]["chess960"]["history"].size(), 2u);
  EXPECT_EQ(api_.expect("GET", "/api/v1/users/emil/ratings",
                        tokens_["anna"])["pools"]["standard"]["history"]
                .size(),
            1u);
  EXPECT_EQ(api_.problem("GET", "/api/v1/users/boris/ratings", "", nullptr, 401), "unauthorized");
  EXPECT_EQ(api_.problem("GET", "/api/v1/users/nobody/ratings", tokens_["anna"], nullptr, 404),
            "not_found");
}

// A username that a spreadsheet would read as a formula ("-2-0582" computes -2582) is
// written into the CSV with a leading apostrophe (the OWASP rule), and read back as text.
// A cup or a team match created with `rated: false` keeps its games out of the rating lists,
// the archive's `rated` filter and the game's rating preview agree; the default (rated) puts
// them in, as before. January: anna beats boris in a rated cup, clara beats dmitri in an
// unrated cup, emil (club E) beats boris (club B) in an unrated team match and dmitri (club
// D) beats clara (club C) in a rated one. The list holds the players of the two rated games,
// with the results as in the reference.
TEST_F(Ratings, UnratedCupsAndTeamMatchesStayOutOfTheLists) {
  const auto cup = [&](const std::string& name, const std::string& a, const std::string& b,
                       std::optional<bool> rated) {
    json body = {{"name", name},
                 {"time_control", testing::iccf_control()},
                 {"players", {a, b}},
                 {"seeding", "entry"},
                 {"games_per_match", 1}};
    if (rated) body["rated"] = *rated;
    const auto c = api_.expect("POST", "/api/v1/admin/cups", td_, body, 201);
    EXPECT_EQ(c["settings"]["rated"], rated.value_or(true)) << c["settings"];
    return c["rounds"][0]["matches"][0]["games"][0];
  };
  const auto team = [&](const std::string& name, const std::string& member) {
    return api_
        .expect("POST", "/api/v1/teams", td_,
                {{"kind", "club"}, {"name", name}, {"country", "DE"}, {"members", {member}}},
                201)["id"]
        .get<std::string>();
  };
  const auto match = [&](const std::string& a, const std::string& b, std::optional<bool> rated) {
    const auto team_a = team("Club " + a, a);
    const auto team_b = team("Club " + b, b);
    json body = {{"name", a + " - " + b}, {"team_a", team_a},
                 {"team_b", team_b},      {"boards", 1},
                 {"games_per_board", 1},  {"time_control", testing::iccf_control()}};
    auto refused = body;
    refused["rated"] = "no";
    EXPECT_EQ(api_.problem("POST", "/api/v1/team-matches", td_, refused, 400), "validation_error");
    if (rated) body["rated"] = *rated;
    const auto m = api_.expect("POST", "/api/v1/team-matches", td_, body, 201);
    EXPECT_EQ(m["settings"]["rated"], rated.value_or(true)) << m["settings"];
    const std::string id = m["id"];
    for (const auto& [team_id, who] : {std::pair{team_a, a}, std::pair{team_b, b}}) {
      api_.expect("POST", "/api/v1/team-matches/" + id + "/nominations", td_,
                  {{"team_id", team_id}, {"board", 1}, {"username", who}});
    }
    return api_.expect("POST", "/api/v1/team-matches/" + id + "/start",
                       td_)["boards"][0]["games"][0];
  };
  struct Played {
    json game;
    bool rated;
  };
  const std::vector<Played> played = {{cup("Rated cup", "anna", "boris", std::nullopt), true},
                                      {cup("Friendly cup", "clara", "dmitri", false), false},
                                      {match("emil", "boris", false), false},
                                      {match("dmitri", "clara", true), true}};
  for (const auto& p : played) {
    const std::string id = p.game["game_id"];
    const std::string white = p.game["white"], black = p.game["black"];
    EXPECT_EQ(api_.expect("GET", "/api/v1/games/" + id + "/rating-preview", td_)["rated"], p.rated)
        << id;
    // The first listed player of each pairing wins.
    const bool first_white = white == "anna" || white == "clara" || white == "emil" ||
                             (white == "dmitri" && black == "clara");
    finish_game(id, white, black, first_white ? "1-0" : "0-1");
  }
  // The archive's `rated` filter (an ndjson export of boris's games).
  const auto filtered = [&](const std::string& who, const std::string& rated) {
    std::set<std::string> out;
    auto answer = server_.request(
        "GET", "/api/v1/users/" + who + "/games?rated=" + rated, "",
        {{"Authorization", "Bearer " + tokens_[who]}, {"Accept", "application/x-ndjson"}});
    EXPECT_EQ(answer.status, 200) << answer.body;
    for (std::size_t from = 0, end; from < answer.body.size(); from = end + 1) {
      end = answer.body.find('\n', from);
      if (end == std::string::npos) break;
      out.insert(json::parse(answer.body.substr(from, end - from))["id"].get<std::string>());
    }
    return out;
  };
  EXPECT_EQ(filtered("boris", "true"),
            std::set<std::string>{played[0].game["game_id"].get<std::string>()});
  EXPECT_EQ(filtered("boris", "false"),
            std::set<std::string>{played[2].game["game_id"].get<std::string>()});

  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  const auto january = await_list("2030-01");
  const auto ref = ref_period({}, {{"anna", "boris", 1}, {"dmitri", "clara", 1}});
  expect_matches(january, ref, {{"anna", 1}, {"boris", 1}, {"clara", 1}, {"dmitri", 1}});
}

TEST_F(Ratings, TheCsvNeutralisesCellsThatLookLikeFormulas) {
  tokens_["-2-0582"] = api_.sign_up("-2-0582");
  finish("-2-0582", "anna", "1-0");
  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  await_list("2030-01");
  const auto csv = api_.call("GET", "/api/v1/ratings/lists/2030-01?format=csv", td_);
  ASSERT_EQ(csv.status, 200);
  EXPECT_NE(csv.body.find(",'-2-0582,"), std::string::npos) << csv.body;
  EXPECT_EQ(csv.body.find(",-2-0582,"), std::string::npos) << csv.body;
  EXPECT_NE(csv.body.find(",anna,"), std::string::npos) << "plain names stay plain: " << csv.body;
}

// ratings.md: a player is provisional with fewer than 12 rated games *or* a deviation above
// 110. An imported line follows the same definition: the default number of games only keeps
// the games from making it provisional, a deviation above 110 still does.
TEST_F(Ratings, AnImportedLineIsProvisionalByItsDeviationAsWellAsByItsGames) {
  const auto imported = api_.expect(
      "POST", "/api/v1/admin/ratings/import", td_,
      {{"reason", "federation list"},
       {"ratings",
        {{{"username", "anna"}, {"rating", 2300}, {"deviation", 200}},
         {{"username", "boris"}, {"rating", 2200}, {"deviation", 40}},
         {{"username", "clara"}, {"rating", 2100}, {"games", 3}},
         {{"username", "dmitri"}, {"rating", 2000}, {"deviation", 110}, {"games", 12}}}}},
      201);
  const auto l = list(imported["period"].get<std::string>());
  std::map<std::string, json> line;
  for (const auto& e : l["entries"]) line[e["username"]] = e;
  ASSERT_EQ(line.size(), 4u) << l.dump(1);
  EXPECT_EQ(line["anna"]["deviation"], 200);
  EXPECT_EQ(line["anna"]["total_games"], 12);
  EXPECT_EQ(line["anna"]["provisional"], true) << "deviation 200 is above 110";
  EXPECT_EQ(line["boris"]["provisional"], false);
  EXPECT_EQ(line["clara"]["provisional"], true) << "3 games are fewer than 12";
  EXPECT_EQ(line["dmitri"]["provisional"], false) << "110 is not above 110, 12 not below 12";
  const auto history = api_.expect("GET", "/api/v1/users/anna/ratings", tokens_["boris"]);
  EXPECT_EQ(history["pools"]["standard"]["current"]["provisional"], true) << history.dump(1);
}

TEST_F(Ratings, ARecomputationAfterAResultCorrectionPublishesNewVersionsAndAuditsThem) {
  std::vector<std::string> ids;
  for (const auto& g : kJanuary) ids.push_back(finish(g.white, g.black, result_of(g.white_score)));
  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  const auto january_v1 = await_list("2030-01");
  for (const auto& g : kFebruary) finish(g.white, g.black, result_of(g.white_score));
  api_.set_clock(td_, "2030-03-10T00:00:00Z");
  const auto february_v1 = await_list("2030-02");

  // The director corrects January's first game (anna - boris 1-0 becomes 0-1).
  api_.expect("POST", "/api/v1/admin/games/" + ids[0] + "/result", td_,
              {{"result", "0-1"}, {"termination", "adjudication"}, {"reason", "appeal upheld"}});
  const std::string path = "/api/v1/admin/ratings/lists/2030-01/recompute";
  EXPECT_EQ(api_.problem("POST", path, tokens_["anna"], {{"reason", "x"}}, 403), "forbidden");
  EXPECT_EQ(api_.problem("POST", path, td_, {{"reason", " "}}, 400), "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/admin/ratings/lists/2029-12/recompute", td_,
                         {{"reason", "x"}}, 404),
            "not_found");
  // Nothing was published by the refusals.
  EXPECT_EQ(list("2030-01")["version"], 1);

  const auto done = api_.expect("POST", path, td_, {{"reason", "appeal upheld in game 1"}}, 201);
  ASSERT_EQ(done["lists"].size(), 2u) << "January and every later period";
  EXPECT_EQ(done["lists"][0]["period"], "2030-01");
  EXPECT_EQ(done["lists"][0]["version"], 2);
  EXPECT_EQ(done["lists"][1]["period"], "2030-02");
  EXPECT_EQ(done["lists"][1]["version"], 2);

  auto corrected = kJanuary;
  corrected[0].white_score = 0;
  const auto ref_january = ref_period({}, corrected);
  const auto january_v2 = list("2030-01");
  EXPECT_EQ(january_v2["version"], 2);
  EXPECT_EQ(january_v2["current"], true);
  EXPECT_EQ(january_v2["published_by"], testing::kDirector);
  EXPECT_EQ(january_v2["reason"], "appeal upheld in game 1");
  expect_matches(january_v2, ref_january, {{"anna", 2}, {"boris", 2}, {"clara", 2}, {"dmitri", 2}});
  expect_matches(list("2030-02"), ref_period(ref_january, kFebruary),
                 {{"anna", 3}, {"boris", 1}, {"clara", 2}, {"dmitri", 1}, {"emil", 1}});
  // The old versions stay as they were, marked superseded.
  const auto old = list("2030-01", "?version=1");
  EXPECT_EQ(old["current"], false);
  EXPECT_EQ(old["latest_version"], 2);
  EXPECT_EQ(old["entries"], january_v1["entries"]);
  EXPECT_EQ(list("2030-02", "?version=1")["entries"], february_v1["entries"]);
  EXPECT_EQ(api_.expect("GET", "/api/v1/ratings/lists", td_)["lists"].size(), 4u);

  // Audited: one record per new version.
  const auto audit = api_.expect("GET", "/api/v1/admin/audit", td_)["records"];
  int recomputed = 0;
  for (const auto& r : audit) {
    if (r["action"] != "rating_list_recomputed") continue;
    ++recomputed;
    EXPECT_EQ(r["actor"], testing::kDirector);
    EXPECT_EQ(r["reason"], "appeal upheld in game 1");
    EXPECT_EQ(r["detail"]["supersedes_version"], 1);
    EXPECT_EQ(r["detail"]["version"], 2);
  }
  EXPECT_EQ(recomputed, 2) << audit.dump(1);

  // The corrected game finished again in March, but it was rated in January: March's list
  // counts no game.
  api_.set_clock(td_, "2030-04-01T00:00:00Z");
  const auto march = await_list("2030-03");
  for (const auto& e : march["entries"]) EXPECT_EQ(e["games_in_period"], 0) << e.dump();
}

}  // namespace
}  // namespace corrchess
