// The competition routes as docs/api.md and the served OpenAPI document describe them (series,
// championships, cups): a real server process with the manual test clock, over HTTP. The
// list of cups answers the fields both documents name, and the definitions' documents list
// only the fields those routes accept.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

json routes_time_control() { return {{"type", "iccf"}, {"moves", 10}, {"days", 50}}; }

class CompetitionRoutes : public testing::EventServer {
 protected:
  json run() { return ok("POST", "/api/v1/admin/competitions/run", "td"); }
};

// GET /api/v1/cups: {cups: [{id, name, status, players, winner}]}: how many players the cup
// seeded, and its winner (null until the final is decided).
TEST_F(CompetitionRoutes, TheListOfCupsShowsPlayersAndWinner) {
  add_users({"ann", "ben", "cat"});
  const auto created = ok("POST", "/api/v1/admin/cups", "td",
                          {{"name", "Listed"},
                           {"time_control", routes_time_control()},
                           {"players", {"ann", "ben"}},
                           {"seeding", "entry"},
                           {"games_per_match", 1}},
                          201);
  const std::string id = created["id"];
  auto listed = ok("GET", "/api/v1/cups", "cat");
  ASSERT_EQ(listed["cups"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["cups"][0], json({{"id", id},
                                     {"name", "Listed"},
                                     {"status", "running"},
                                     {"players", 2},
                                     {"winner", nullptr}}));
  // The final's one game: ben (Black) wins.
  const auto& game = created["rounds"][0]["matches"][0]["games"][0];
  finish_game(game["game_id"], game["white"], game["black"], "0-1");
  run();
  listed = ok("GET", "/api/v1/cups", "cat");
  ASSERT_EQ(listed["cups"].size(), 1u);
  EXPECT_EQ(listed["cups"][0]["status"], "finished");
  EXPECT_EQ(listed["cups"][0]["players"], 2);
  EXPECT_EQ(listed["cups"][0]["winner"], "ben");
}

// The served document of the three definitions lists what they accept: never start_position
// nor start_at, which each refuses with 400 validation_error (a section or match draws its
// Chess960 position and starts when its players are there). A paused series still takes
// entries, and its document says so.
TEST_F(CompetitionRoutes, TheDocumentListsOnlyTheFieldsTheDefinitionsAccept) {
  add_users({"ann", "ben", "cat", "dan"});
  const auto doc = ok("GET", "/api/v1/openapi.json", "");
  const std::vector<std::string> routes = {"/api/v1/admin/series", "/api/v1/admin/championships",
                                           "/api/v1/admin/cups"};
  for (const auto& path : routes) {
    SCOPED_TRACE(path);
    const auto& schema =
        doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
    ASSERT_TRUE(schema["properties"].is_object()) << schema.dump();
    EXPECT_TRUE(schema["properties"].contains("time_control"));
    EXPECT_TRUE(schema["properties"].contains("variant"));
    EXPECT_FALSE(schema["properties"].contains("start_position"));
    EXPECT_FALSE(schema["properties"].contains("start_at"));
  }
  const json stages = {{{"name", "Prelims"}, {"section_size", 2}, {"per_section", 1}},
                       {{"name", "Final"}, {"section_size", 2}}};
  const std::vector<std::pair<std::string, json>> bodies = {
      {"/api/v1/admin/series",
       {{"name", "S"}, {"time_control", routes_time_control()}, {"section_size", 3}}},
      {"/api/v1/admin/championships",
       {{"name", "C"},
        {"time_control", routes_time_control()},
        {"players", {"ann", "ben", "cat", "dan"}},
        {"stages", stages}}},
      {"/api/v1/admin/cups",
       {{"name", "K"}, {"time_control", routes_time_control()}, {"players", {"ann", "ben"}}}},
  };
  for (const auto& [path, body] : bodies) {
    for (const json& extra : {json{{"start_at", "2030-02-01T00:00:00Z"}},
                              json{{"variant", "chess960"}, {"start_position", 7}}}) {
      json refused = body;
      refused.update(extra);
      EXPECT_EQ(problem("POST", path, "td", refused, 400), "validation_error")
          << path << " " << extra.dump();
    }
  }
  EXPECT_EQ(ok("GET", "/api/v1/series", "ann")["series"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/championships", "ann")["championships"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/cups", "ann")["cups"].size(), 0u);
  EXPECT_EQ(ok("GET", "/api/v1/games", "ann")["games"].size(), 0u);

  const std::string pause = doc["paths"]["/api/v1/admin/series/{id}/pause"]["post"]["summary"];
  EXPECT_EQ(pause.find("no entries"), std::string::npos) << pause;
  EXPECT_NE(pause.find("may still join"), std::string::npos) << pause;
  // As it says: a paused series takes entries, and starts their section when reopened.
  const std::string id =
      ok("POST", "/api/v1/admin/series", "td",
         {{"name", "Paused"}, {"time_control", routes_time_control()}, {"section_size", 3}},
         201)["id"];
  ok("POST", "/api/v1/admin/series/" + id + "/pause", "td", {{"reason", "new season"}});
  for (const auto* who : {"ann", "ben", "cat"}) {
    EXPECT_EQ(ok("POST", "/api/v1/series/" + id + "/join", who, nullptr, 201)["status"], "waiting");
  }
  EXPECT_EQ(ok("GET", "/api/v1/series/" + id, "ann")["waiting_count"], 3);
  const auto reopened = ok("POST", "/api/v1/admin/series/" + id + "/open", "td", json::object());
  EXPECT_EQ(reopened["status"], "open");
  EXPECT_EQ(reopened["sections"].size(), 1u);
  EXPECT_EQ(reopened["waiting_count"], 0);
}

// "Plays in one of its sections that is not over": a player whose own games are over still
// sits in a section whose other games are in play, and enters the series again only when the
// whole section is over (409 conflict before, and nothing changes).
TEST_F(CompetitionRoutes, APlayerEntersTheSeriesAgainOnlyWhenTheWholeSectionIsOver) {
  add_users({"ann", "ben", "cat"});
  const std::string id = ok(
      "POST", "/api/v1/admin/series", "td",
      {{"name", "Again"}, {"time_control", routes_time_control()}, {"section_size", 3}}, 201)["id"];
  json entry;
  for (const auto* who : {"ann", "ben", "cat"}) {
    entry = ok("POST", "/api/v1/series/" + id + "/join", who, nullptr, 201);
  }
  ASSERT_EQ(entry["status"], "started") << entry.dump();
  const auto games = ok("GET", "/api/v1/events/" + entry["event_id"].get<std::string>(), "td");
  std::string open_game;
  for (const auto& g : games["games"]) {
    const std::string white = g["white"];
    const std::string black = g["black"];
    if (white != "ann" && black != "ann") {
      open_game = g["id"];
      continue;
    }
    finish_game(g["id"], white, black, "1-0");  // ann's two games are over
  }
  ASSERT_FALSE(open_game.empty());
  const auto refused =
      api_.expect("POST", "/api/v1/series/" + id + "/join", token("ann"), nullptr, 409);
  EXPECT_EQ(refused["code"], "conflict");
  EXPECT_NE(refused["detail"].get<std::string>().find("not over"), std::string::npos);
  EXPECT_EQ(ok("GET", "/api/v1/series/" + id, "td")["waiting_count"], 0);
  EXPECT_EQ(ok("GET", "/api/v1/me/series", "ann")["entries"].size(), 1u);

  const auto last = ok("GET", "/api/v1/games/" + open_game, "td");
  finish_game(open_game, last["white"]["username"], last["black"]["username"], "1/2-1/2");
  EXPECT_EQ(ok("POST", "/api/v1/series/" + id + "/join", "ann", nullptr, 201)["status"], "waiting");
}

// The two ids of /admin/series/{id}/entries/{entry}/remove are checked in path order, before
// the body: an unknown series answers its 404 whatever the entry and the body, then an entry
// that is not one of the series (malformed, unknown, another series'), then the body.
TEST_F(CompetitionRoutes, RemovingAnEntryChecksTheSeriesThenTheEntryThenTheBody) {
  add_users({"ann"});
  const std::string id =
      ok("POST", "/api/v1/admin/series", "td",
         {{"name", "Checked"}, {"time_control", routes_time_control()}, {"section_size", 3}},
         201)["id"];
  const std::string entry = ok("POST", "/api/v1/series/" + id + "/join", "ann", nullptr, 201)["id"];
  const auto detail = [&](const std::string& path, const json& body, int status) {
    const auto p = api_.expect("POST", path, token("td"), body, status);
    EXPECT_EQ(p["status"], status) << p.dump();
    return p["detail"].get<std::string>();
  };
  const json good = {{"reason", "duplicate account"}};
  EXPECT_EQ(detail("/api/v1/admin/series/999/entries/abc/remove", json::object(), 404),
            "no series 999");
  EXPECT_EQ(detail("/api/v1/admin/series/999/entries/" + entry + "/remove", good, 404),
            "no series 999");
  EXPECT_EQ(detail("/api/v1/admin/series/" + id + "/entries/abc/remove", json::object(), 404),
            "no entry abc");
  EXPECT_EQ(detail("/api/v1/admin/series/" + id + "/entries/999/remove", json::object(), 404),
            "no entry 999 in series " + id);
  EXPECT_EQ(
      detail("/api/v1/admin/series/" + id + "/entries/" + entry + "/remove", {{"reason", 5}}, 400),
      "field 'reason' must be a string");
  EXPECT_EQ(ok("GET", "/api/v1/series/" + id, "td")["waiting_count"], 1);
  EXPECT_EQ(ok("POST", "/api/v1/admin/series/" + id + "/entries/" + entry + "/remove", "td",
               good)["waiting_count"],
            0);
}

}  // namespace
}  // namespace corrchess
