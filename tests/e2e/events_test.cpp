// Events end to end: a real server process with the manual test clock, over HTTP.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Events : public testing::EventServer {
 protected:
  // Creates an event as the director; returns it.
  json create_event(const json& body) {
    return ok("POST", "/api/v1/admin/events", "td", body, 201);
  }
  json event(const std::string& id, const std::string& who = "td") {
    return ok("GET", "/api/v1/events/" + id, who);
  }
  // The games of an event by the unordered pair of usernames.
  static std::map<std::set<std::string>, json> games_by_pair(const json& event) {
    std::map<std::set<std::string>, json> out;
    for (const auto& g : event["games"]) {
      out[{g["white"].get<std::string>(), g["black"].get<std::string>()}] = g;
    }
    return out;
  }
  static json row_of(const json& crosstable, const std::string& player) {
    for (const auto& r : crosstable["rows"]) {
      if (r["player"] == player) return r;
    }
    return json();
  }

  // Ends a game with `result` ("1-0", "0-1", "1/2-1/2") by `method`: "play" (checkmate, or a
  // draw agreed after a move each), "resign" (decisive results; draws are agreed), or
  // "adjudicate" (the director's decision).
  void finish(const json& g, const std::string& result, const std::string& method) {
    const std::string id = g["id"];
    const std::string white = g["white"], black = g["black"];
    if (method == "adjudicate") {
      ok("POST", "/api/v1/admin/games/" + id + "/result", "td",
         {{"result", result}, {"termination", "adjudication"}, {"reason", "position assessed"}});
      return;
    }
    if (result == "1/2-1/2") {
      play(id, white, "e4");
      play(id, black, "e5", true);
      ok("POST", "/api/v1/games/" + id + "/draw/accept", white);
    } else if (method == "resign") {
      ok("POST", "/api/v1/games/" + id + "/resign", result == "1-0" ? black : white);
    } else if (result == "1-0") {  // scholar's mate
      for (auto [who, move] : {std::pair{white, "e4"},
                               {black, "e5"},
                               {white, "Bc4"},
                               {black, "Nc6"},
                               {white, "Qh5"},
                               {black, "Nf6"},
                               {white, "Qxf7#"}}) {
        play(id, who, move);
      }
    } else {  // fool's mate
      for (auto [who, move] :
           {std::pair{white, "f3"}, {black, "e5"}, {white, "g4"}, {black, "Qh4#"}}) {
        play(id, who, move);
      }
    }
    const auto over = game(id, "td");
    ASSERT_EQ(over["status"], "finished") << over.dump();
    ASSERT_EQ(over["result"], result);
  }
};

// Seven players, 21 games started at once with balanced colours; results by play, by the
// director's decisions and by a withdrawal; the crosstable against values computed by hand,
// with a three-way tie (score, wins and SB equal) resolved by the games among the three.
TEST_F(Events, SevenPlayerSectionCrosstableAndTieBreaks) {
  const std::vector<std::string> names{"ann", "ben", "cat", "dan", "eve", "fay", "gus"};
  add_users(names);
  auto created = create_event({{"name", "Section A <7>"},
                               {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                               {"players", names},
                               {"start_at", kStart}});
  const std::string id = created["id"];
  EXPECT_EQ(created["status"], "registration");
  EXPECT_EQ(created["players"].size(), 7u);
  EXPECT_EQ(created["games"].size(), 0u);

  auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  EXPECT_EQ(started["status"], "running");
  ASSERT_EQ(started["games"].size(), 21u);
  std::map<std::string, int> whites, games_played;
  for (const auto& g : started["games"]) {
    ++whites[g["white"]];
    ++games_played[g["white"]];
    ++games_played[g["black"]];
    EXPECT_EQ(g["status"], "ongoing");
  }
  auto pairs = games_by_pair(started);
  EXPECT_EQ(pairs.size(), 21u);  // every pair meets exactly once
  for (const auto& n : names) {
    EXPECT_EQ(games_played[n], 6) << n;
    EXPECT_GE(whites[n], 3) << n;  // (n-1)/2 = 3 whites for everyone in an odd section
    EXPECT_LE(whites[n], 4) << n;
  }
  EXPECT_EQ(problem("POST", "/api/v1/admin/events/" + id + "/start", "td", nullptr, 409),
            "conflict");

  // Points of the lower seed in halves, for every pair not involving gus's defaults.
  const std::vector<std::tuple<int, int, int>> results = {
      {0, 1, 1}, {0, 2, 1}, {0, 3, 2}, {0, 4, 0}, {0, 5, 1}, {0, 6, 1},
      {1, 2, 0}, {1, 3, 0}, {1, 4, 2}, {1, 5, 2}, {1, 6, 2}, {2, 3, 2},
      {2, 4, 1}, {2, 5, 0}, {3, 4, 2}, {3, 5, 0}, {4, 5, 2}};
  const std::vector<std::string> methods{"play", "resign", "adjudicate"};
  int n = 0;
  for (const auto& [a, b, halves] : results) {
    const auto& g = pairs.at({names[a], names[b]});
    const bool a_white = g["white"] == names[a];
    const int white_halves = a_white ? halves : 2 - halves;
    const std::string result = white_halves == 2 ? "1-0" : white_halves == 0 ? "0-1" : "1/2-1/2";
    finish(g, result, methods[n++ % methods.size()]);
  }

  // gus withdraws: the director decides his four unfinished games, opponents win by default.
  auto withdrawn = ok("POST", "/api/v1/admin/events/" + id + "/withdraw", "td",
                      {{"username", "gus"}, {"reason", "stopped replying"}});
  for (const auto& p : withdrawn["players"]) {
    if (p["username"] == "gus") {
      EXPECT_EQ(p["status"], "withdrawn");
      EXPECT_EQ(p["reason"], "stopped replying");
    }
  }
  EXPECT_EQ(withdrawn["status"], "finished");
  for (const auto& other : {"cat", "dan", "eve", "fay"}) {
    const auto g = games_by_pair(withdrawn).at({other, "gus"});
    EXPECT_EQ(g.value("termination", ""), "default") << g.dump();
    EXPECT_EQ(g.value("result", ""), g["white"] == "gus" ? "0-1" : "1-0");
  }
  EXPECT_EQ(problem("POST", "/api/v1/admin/events/" + id + "/withdraw", "td",
                    {{"username", "gus"}, {"reason", "again"}}, 409),
            "conflict");
  // Recorded with actor, time and reason.
  const auto withdrawals = audit_records(id, "player_withdrawn");
  EXPECT_FALSE(withdrawals.empty());
  for (const auto& r : withdrawals) {
    EXPECT_EQ(r["actor"], "td");
    EXPECT_EQ(r["target"], "gus");
    EXPECT_EQ(r["reason"], "stopped replying");
    EXPECT_EQ(r["detail"]["games_defaulted"].size(), 4u);
    EXPECT_FALSE(r["at"].get<std::string>().empty());
  }

  // Hand-computed (points / wins / Sonneborn-Berger):
  //   cat 4 / 3 / 10.25   ben, eve, fay 3½ / 3 / 9   dan 3 / 3 / 7.5   ann 3 / 1 / 8.75
  //   gus ½ / 0 / 1.5
  // ben, eve and fay tie on points, wins and SB; among them ben beat eve and fay, eve beat
  // fay: ben 2nd, eve 3rd, fay 4th. dan and ann tie on points; dan has more wins.
  auto table = ok("GET", "/api/v1/events/" + id + "/crosstable", "ann");
  ASSERT_EQ(table["rows"].size(), 7u);
  const std::vector<std::tuple<std::string, double, int, double, int>> expected = {
      {"cat", 4.0, 3, 10.25, 1}, {"ben", 3.5, 3, 9.0, 2}, {"eve", 3.5, 3, 9.0, 3},
      {"fay", 3.5, 3, 9.0, 4},   {"dan", 3.0, 3, 7.5, 5}, {"ann", 3.0, 1, 8.75, 6},
      {"gus", 0.5, 0, 1.5, 7}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto& [player, score, wins, sb, place] = expected[i];
    const auto& row = table["rows"][i];
    EXPECT_EQ(row["player"], player) << i;
    EXPECT_DOUBLE_EQ(row["score"].get<double>(), score) << player;
    EXPECT_EQ(row["wins"], wins) << player;
    EXPECT_DOUBLE_EQ(row["sb"].get<double>(), sb) << player;
    EXPECT_EQ(row["place"], place) << player;
    EXPECT_EQ(row["shared_place"], false) << player;
  }
  EXPECT_EQ(row_of(table, "cat")["results"]["gus"], "+");
  EXPECT_EQ(row_of(table, "gus")["results"]["cat"], "-");
  EXPECT_EQ(row_of(table, "ben")["results"]["gus"], "1");
  EXPECT_EQ(row_of(table, "gus")["results"]["ann"],
            "\xC2\xBD"
            "a");
  EXPECT_EQ(row_of(table, "gus")["status"], "withdrawn");
  EXPECT_EQ(row_of(table, "ann")["score_text"], "3");
  // Pairs 2 (ann-dan, ann won) and 5 (ann-gus, drawn) were decided by the director; ann-cat
  // was agreed.
  EXPECT_EQ(row_of(table, "ann")["results"]["dan"], "1a");
  EXPECT_EQ(row_of(table, "dan")["results"]["ann"], "0a");
  EXPECT_EQ(row_of(table, "ann")["results"]["cat"], "\xC2\xBD");

  // The same table inside GET /events/{id}, and the readable renders.
  EXPECT_EQ(event(id, "eve")["crosstable"]["rows"], table["rows"]);
  auto text = call("GET", "/api/v1/events/" + id + "/crosstable?format=text", "ann");
  ASSERT_EQ(text.status, 200);
  EXPECT_EQ(text.headers["content-type"], "text/plain; charset=utf-8");
  EXPECT_NE(text.body.find("Section A <7>"), std::string::npos) << text.body;
  EXPECT_LT(text.body.find("cat"), text.body.find("ben")) << text.body;
  EXPECT_NE(text.body.find("10.25"), std::string::npos) << text.body;
  EXPECT_NE(text.body.find("double default"), std::string::npos);  // the legend
  auto html = call("GET", "/api/v1/events/" + id + "/crosstable?format=html", "ann");
  ASSERT_EQ(html.status, 200);
  EXPECT_EQ(html.headers["content-type"], "text/html; charset=utf-8");
  EXPECT_NE(html.body.find("<table class=\"crosstable\""), std::string::npos) << html.body;
  EXPECT_NE(html.body.find("Section A &lt;7&gt;"), std::string::npos);
  EXPECT_EQ(problem("GET", "/api/v1/events/" + id + "/crosstable?format=xml", "ann", nullptr, 400),
            "validation_error");

  // All 21 games in one PGN file, tagged with the event and the Berger round.board.
  auto pgn = call("GET", "/api/v1/events/" + id + "/pgn", "dan");
  ASSERT_EQ(pgn.status, 200);
  EXPECT_EQ(pgn.headers["content-type"], "application/x-chess-pgn");
  std::size_t count = 0;
  for (auto at = pgn.body.find("[Event \"Section A <7>\"]"); at != std::string::npos;
       at = pgn.body.find("[Event \"Section A <7>\"]", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 21u) << pgn.body;
  EXPECT_NE(pgn.body.find("[Round \"1.1\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("[Termination \"default\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("Qxf7#"), std::string::npos);

  auto list = ok("GET", "/api/v1/events?status=finished", "ann");
  ASSERT_EQ(list["events"].size(), 1u);
  EXPECT_EQ(list["events"][0]["players"], 7);
  EXPECT_EQ(ok("GET", "/api/v1/events?status=registration", "ann")["events"].size(), 0u);
}

TEST_F(Events, OnlyDirectorsCreateAndStartAndSettingsAreValidated) {
  add_users({"p1", "p2"});
  const json tc = {{"type", "iccf"}, {"moves", 10}, {"days", 50}};
  EXPECT_EQ(
      problem("POST", "/api/v1/admin/events", "p1", {{"name", "x"}, {"time_control", tc}}, 403),
      "forbidden");
  EXPECT_EQ(problem("POST", "/api/v1/admin/events", "td", {{"name", "x"}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/events", "td",
                    {{"name", "x"}, {"time_control", tc}, {"players", {"p1", "nobody"}}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/events", "td",
                    {{"name", "x"}, {"time_control", tc}, {"visibility", "delayed"}}, 400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/events", "td",
                    {{"name", "x"},
                     {"time_control", tc},
                     {"start_at", "2030-02-01T00:00:00Z"},
                     {"end_at", "2030-01-15T00:00:00Z"}},
                    400),
            "validation_error");
  EXPECT_EQ(problem("POST", "/api/v1/admin/events", "td",
                    {{"name", "x"}, {"time_control", tc}, {"start_position", 3}}, 400),
            "validation_error");
  // A Chess960 section draws one start position (never 518 unless allowed) for all games.
  auto e = create_event(
      {{"name", "960"},
       {"variant", "chess960"},
       {"time_control", {{"type", "fischer"}, {"initial_days", 30}, {"increment_days", 1}}},
       {"players", {"p1", "p2"}},
       {"double_round", true},
       {"draw_min_moves", 25},
       {"silence_rule", false}});
  const std::string id = e["id"];
  EXPECT_TRUE(e["settings"]["start_position"].is_null());
  EXPECT_EQ(problem("POST", "/api/v1/admin/events/" + id + "/start", "p1", nullptr, 403),
            "forbidden");
  auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  const int position = started["settings"]["start_position"];
  EXPECT_NE(position, 518);
  ASSERT_EQ(started["games"].size(), 2u);  // double round: once with each colour
  EXPECT_NE(started["games"][0]["white"], started["games"][1]["white"]);
  for (const auto& g : started["games"]) {
    auto full = game(g["id"], "td");
    EXPECT_EQ(full["variant"], "chess960");
    EXPECT_EQ(full["start_position"], position);
    EXPECT_EQ(full["event_id"], id);
  }
  EXPECT_EQ(problem("GET", "/api/v1/events/999", "p1", nullptr, 404), "not_found");
  EXPECT_EQ(problem("GET", "/api/v1/events/abc", "p1", nullptr, 404), "not_found");
  EXPECT_EQ(call("GET", "/api/v1/events", "").status, 401);
}

// Open events take entries until the start; a player who lost on time is barred for 30
// days, 90 when the loss came while already barred (rules.md §5.6).
TEST_F(Events, OpenEntryAndTheTimeForfeitEntryBar) {
  add_users({"slow", "quick", "third"});
  auto single = [&](const std::string& white, int days) {
    return ok("POST", "/api/v1/admin/games", "td",
              {{"white", white},
               {"black", "quick"},
               {"time_control", {{"type", "per_move"}, {"days", days}}}},
              201)["id"]
        .get<std::string>();
  };
  // A flag fall shows at once; the entry bar reads the stored verdict (version bumped).
  auto stored_finished = [](const json& g) {
    return g["status"] == "finished" && g["version"] > 0;
  };
  const auto first = single("slow", 3);    // slow's flag falls on 2030-01-04
  const auto second = single("slow", 10);  // and again on 2030-01-11, while barred
  auto open = create_event({{"name", "Open"},
                            {"time_control", {{"type", "iccf"}}},
                            {"open_for_entry", true},
                            {"max_players", 3},
                            {"start_at", "2030-06-01T00:00:00Z"}});
  const std::string id = open["id"];
  auto closed = create_event({{"name", "Invitational"}, {"time_control", {{"type", "iccf"}}}});
  EXPECT_EQ(problem("POST", "/api/v1/events/" + closed["id"].get<std::string>() + "/join", "quick",
                    nullptr, 403),
            "forbidden");

  advance(3 * 86400 + 3600);
  EXPECT_EQ(wait_for_game(first, stored_finished)["termination"], "time_forfeit");
  auto barred = call("POST", "/api/v1/events/" + id + "/join", "slow");
  ASSERT_EQ(barred.status, 409) << barred.body;
  auto body = json::parse(barred.body);
  EXPECT_EQ(body["code"], "conflict");
  EXPECT_EQ(body["barred_until"], "2030-02-03T00:00:00Z");
  EXPECT_NE(body["detail"].get<std::string>().find("2030-02-03T00:00:00Z"), std::string::npos);

  auto joined = ok("POST", "/api/v1/events/" + id + "/join", "quick", nullptr, 201);
  EXPECT_EQ(joined["players"][0]["username"], "quick");
  EXPECT_EQ(problem("POST", "/api/v1/events/" + id + "/join", "quick", nullptr, 409), "conflict");

  advance(7 * 86400);  // 2030-01-11T01:00: the second flag fell while slow was barred
  EXPECT_EQ(wait_for_game(second, stored_finished)["result"], "0-1");
  barred = call("POST", "/api/v1/events/" + id + "/join", "slow");
  ASSERT_EQ(barred.status, 409);
  EXPECT_EQ(json::parse(barred.body)["barred_until"], "2030-04-11T00:00:00Z")
      << game(second, "td").dump();
  ASSERT_EQ(call("POST", "/api/v1/admin/clock", "td", {{"now", "2030-04-10T23:59:59Z"}}).status,
            200);
  EXPECT_EQ(problem("POST", "/api/v1/events/" + id + "/join", "slow", nullptr, 409), "conflict");
  advance(1);
  ok("POST", "/api/v1/events/" + id + "/join", "slow", nullptr, 201);
  ok("POST", "/api/v1/events/" + id + "/join", "third", nullptr, 201);
  EXPECT_EQ(problem("POST", "/api/v1/events/" + id + "/join", "td", nullptr, 409),
            "conflict");  // full

  EXPECT_EQ(problem("DELETE", "/api/v1/events/" + id + "/join", "td", nullptr, 409), "conflict");
  // An entry may be taken back before the start; the seats close up.
  EXPECT_EQ(call("DELETE", "/api/v1/events/" + id + "/join", "slow").status, 204);
  auto after = event(id);
  ASSERT_EQ(after["players"].size(), 2u);
  EXPECT_EQ(after["players"][1]["username"], "third");
  EXPECT_EQ(after["players"][1]["seat"], 2);
  auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  EXPECT_EQ(started["games"].size(), 1u);
  EXPECT_EQ(game(started["games"][0]["id"], "td")["status"], "not_started");  // start_at is June
  EXPECT_EQ(problem("POST", "/api/v1/events/" + id + "/join", "slow", nullptr, 409), "conflict");
}

// At a standard event's end date unfinished games become adjudication pending; players
// file claims within 14 days (none = a draw claim); the director decides (rules.md §5.4).
TEST_F(Events, EndDateAdjudicationFlow) {
  add_users({"wa", "wb", "wc"});
  auto e = create_event({{"name", "Short"},
                         {"time_control", {{"type", "iccf"}, {"moves", 10}, {"days", 50}}},
                         {"players", {"wa", "wb", "wc"}},
                         {"end_at", "2030-01-11T00:00:00Z"}});
  const std::string id = e["id"];
  EXPECT_EQ(e["settings"]["adjudication_at"], "2030-01-11T00:00:00Z");
  auto tb = create_event(
      {{"name", "Triple Block"},
       {"time_control", {{"type", "triple_block"}, {"increment_days", 5}, {"bank_days", 50}}},
       {"players", {"wa", "wb"}},
       {"end_at", "2030-01-11T00:00:00Z"}});
  EXPECT_TRUE(tb["settings"]["adjudication_at"].is_null());  // Triple Block: no adjudication
  const auto tb_game = ok("POST", "/api/v1/admin/events/" + tb["id"].get<std::string>() + "/start",
                          "td")["games"][0]["id"]
                           .get<std::string>();

  auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  ASSERT_EQ(started["games"].size(), 3u);
  std::vector<json> games(started["games"].begin(), started["games"].end());
  // Game 0 is played a little, game 1 ends before the end date, game 2 is never touched.
  play(games[0]["id"], games[0]["white"], "d4");
  play(games[0]["id"], games[0]["black"], "d5");
  ok("POST", "/api/v1/games/" + games[1]["id"].get<std::string>() + "/resign", games[1]["black"]);

  advance(10 * 86400 + 60);  // past the end date
  for (int i : {0, 2}) {
    auto g = wait_for_game(games[i]["id"],
                           [](const json& g) { return g["status"] == "adjudication_pending"; });
    EXPECT_EQ(g["status"], "adjudication_pending");
  }
  EXPECT_EQ(game(games[1]["id"], "td")["status"], "finished");
  EXPECT_EQ(game(tb_game, "td")["status"], "ongoing");  // same scheduler pass: never claimed
  const std::string g0 = games[0]["id"], white = games[0]["white"], black = games[0]["black"];
  std::string outsider;
  for (const char* name : {"wa", "wb", "wc"}) {
    if (white != name && black != name) outsider = name;
  }
  auto submit = call("POST", "/api/v1/games/" + g0 + "/moves", white, {{"move", "Nf3"}});
  EXPECT_EQ(submit.status, 409);
  EXPECT_EQ(json::parse(submit.body)["code"], "game_over");

  // The director sees the window and the implied draw claims.
  auto view = games_by_pair(event(id)).at({white, black});
  ASSERT_TRUE(view.contains("adjudication")) << view.dump();
  EXPECT_EQ(view["adjudication"]["pending_since"], "2030-01-11T00:00:00Z");
  EXPECT_EQ(view["adjudication"]["claims_due"], "2030-01-25T00:00:00Z");
  EXPECT_EQ(view["adjudication"]["window_open"], true);
  EXPECT_EQ(view["adjudication"]["claims"]["black"],
            json({{"filed", false}, {"claim", "draw"}, {"implied", true}}));

  const std::string claims = "/api/v1/events/" + id + "/adjudication-claims";
  EXPECT_EQ(problem("POST", claims, white, {{"game_id", g0}, {"claim", "win"}}, 400),
            "validation_error");  // a win claim needs analysis
  EXPECT_EQ(problem("POST", claims, outsider, {{"game_id", g0}, {"claim", "draw"}}, 403),
            "forbidden");
  EXPECT_EQ(problem("POST", claims, white, {{"game_id", tb_game}, {"claim", "draw"}}, 400),
            "validation_error");  // a game of another event
  EXPECT_EQ(problem("POST", claims, games[1]["white"],
                    {{"game_id", games[1]["id"]}, {"claim", "draw"}}, 409),
            "conflict");  // that game is over
  auto filed =
      ok("POST", claims, white,
         {{"game_id", g0}, {"claim", "win"}, {"analysis", "1. c4! wins a pawn by force"}}, 201);
  EXPECT_EQ(filed["side"], "white");
  EXPECT_EQ(filed["claims_due"], "2030-01-25T00:00:00Z");

  auto director_view = games_by_pair(event(id)).at({white, black})["adjudication"]["claims"];
  EXPECT_EQ(director_view["white"]["claim"], "win");
  EXPECT_EQ(director_view["white"]["analysis"], "1. c4! wins a pawn by force");
  EXPECT_EQ(director_view["black"]["implied"], true);
  auto opponent_view = games_by_pair(event(id, black)).at({white, black})["adjudication"]["claims"];
  EXPECT_EQ(opponent_view["white"], json({{"filed", true}}));  // not the analysis

  advance(14 * 86400);  // the window closed
  EXPECT_EQ(problem("POST", claims, black, {{"game_id", g0}, {"claim", "draw"}}, 409), "conflict");
  const std::set<std::string> pair{white, black};
  EXPECT_EQ(games_by_pair(event(id))[pair]["adjudication"]["window_open"], false);

  ok("POST", "/api/v1/admin/games/" + g0 + "/result", "td",
     {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "white's claim is sound"}});
  auto decided = game(g0, black);
  EXPECT_EQ(decided["status"], "finished");
  EXPECT_EQ(decided["termination"], "adjudication");
  auto table = ok("GET", "/api/v1/events/" + id + "/crosstable", black);
  EXPECT_EQ(row_of(table, white)["results"][black], "1a");
  EXPECT_EQ(row_of(table, black)["results"][white], "0a");
}

TEST_F(Events, ReplacementTakesOverTheSeatAndTheUnfinishedGames) {
  add_users({"ra", "rb", "rc", "sub"});
  auto e = create_event(
      {{"name", "R"}, {"time_control", {{"type", "iccf"}}}, {"players", {"ra", "rb", "rc"}}});
  const std::string id = e["id"];
  auto started = ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  // Finish one of rc's games first: it stays rc's.
  json finished_game, open_game;
  for (const auto& g : started["games"]) {
    if (g["white"] != "rc" && g["black"] != "rc") continue;
    (finished_game.is_null() ? finished_game : open_game) = g;
  }
  ok("POST", "/api/v1/games/" + finished_game["id"].get<std::string>() + "/resign", "rc");

  EXPECT_EQ(problem("POST", "/api/v1/admin/events/" + id + "/replace", "td",
                    {{"username", "rc"}, {"replacement", "ra"}, {"reason", "x"}}, 409),
            "conflict");  // already in the event
  EXPECT_EQ(problem("POST", "/api/v1/admin/events/" + id + "/replace", "td",
                    {{"username", "rc"}, {"replacement", "sub"}}, 400),
            "validation_error");  // a reason is required
  auto replaced = ok("POST", "/api/v1/admin/events/" + id + "/replace", "td",
                     {{"username", "rc"}, {"replacement", "sub"}, {"reason", "illness"}});
  int rc_seat = 0, sub_seat = -1;
  for (const auto& p : replaced["players"]) {
    if (p["username"] == "rc") {
      EXPECT_EQ(p["status"], "replaced");
      EXPECT_EQ(p["replaced_by"], "sub");
      rc_seat = p["seat"];
    }
    if (p["username"] == "sub") sub_seat = p["seat"];
  }
  EXPECT_EQ(rc_seat, sub_seat);
  const std::string open_id = open_game["id"];
  auto g = game(open_id, "sub");
  const bool sub_white = g["white"]["username"] == "sub";
  EXPECT_TRUE(sub_white || g["black"]["username"] == "sub");
  if (sub_white) {
    play(open_id, "sub", "e4");
  } else {
    play(open_id, g["white"]["username"], "e4");
    play(open_id, "sub", "e5");
  }
  EXPECT_EQ(problem("POST", "/api/v1/games/" + open_id + "/resign", "rc", nullptr, 403),
            "forbidden");
  EXPECT_EQ(game(finished_game["id"],
                 "td")[finished_game["white"] == "rc" ? "white" : "black"]["username"],
            "rc");
  auto table = ok("GET", "/api/v1/events/" + id + "/crosstable", "sub");
  EXPECT_FALSE(row_of(table, "sub").is_null());
  EXPECT_TRUE(row_of(table, "rc").is_null());
  EXPECT_EQ(row_of(table, "sub")["score"], 0.0);  // rc's loss stays with the seat
  const auto replacements = audit_records(id, "player_replaced");
  EXPECT_FALSE(replacements.empty());
  for (const auto& r : replacements) {
    EXPECT_EQ(r["reason"], "illness");
    EXPECT_EQ(r["actor"], "td");
  }
}

// What others see of the games (event setting `visibility`).
TEST_F(Events, VisibilityLiveDelayedAndAfterTheEnd) {
  add_users({"va", "vb", "vc"});
  auto make = [&](const std::string& name, const json& extra) {
    json body = {
        {"name", name}, {"time_control", {{"type", "iccf"}}}, {"players", {"va", "vb", "vc"}}};
    body.update(extra);
    const std::string id = create_event(body)["id"];
    return ok("POST", "/api/v1/admin/events/" + id + "/start", "td");
  };
  auto first_game = [](const json& event) {
    for (const auto& g : event["games"]) {
      if (g["white"] != "vc" && g["black"] != "vc") return g;
    }
    return json();
  };
  // Delayed by 2 plies: vc (not in va-vb) sees the game as it stood 2 plies ago.
  const auto delayed = first_game(make("Delayed", {{"visibility", "delayed"}, {"delay_moves", 2}}));
  const std::string d = delayed["id"], dw = delayed["white"], db = delayed["black"];
  play(d, dw, "e4");
  play(d, db, "e5");
  play(d, dw, "Nf3", true);  // with a draw offer
  auto seen = game(d, "vc");
  EXPECT_EQ(seen["ply"], 1);
  ASSERT_EQ(seen["moves"].size(), 1u);
  EXPECT_EQ(seen["moves"][0]["san"], "e4");
  EXPECT_EQ(seen["to_move"], "black");
  EXPECT_FALSE(seen.contains("draw_offer"));
  EXPECT_EQ(seen["legal_moves"].size(), 0u);
  EXPECT_EQ(seen["clocks"]["white"]["running"], false);
  EXPECT_EQ(seen["clocks"]["black"]["running"], false);
  auto pgn = call("GET", "/api/v1/games/" + d + "/pgn", "vc");
  ASSERT_EQ(pgn.status, 200);
  EXPECT_EQ(pgn.body.find("Nf3"), std::string::npos) << pgn.body;
  auto player_view = game(d, db);
  EXPECT_EQ(player_view["ply"], 3);
  EXPECT_TRUE(player_view.contains("draw_offer"));
  EXPECT_EQ(game(d, "td")["ply"], 3);

  // After the end: nothing until the game is over.
  const auto hidden = first_game(make("Closed", {{"visibility", "after_end"}}));
  const std::string h = hidden["id"];
  play(h, hidden["white"], "d4");
  EXPECT_EQ(problem("GET", "/api/v1/games/" + h, "vc", nullptr, 403), "forbidden");
  EXPECT_EQ(problem("GET", "/api/v1/games/" + h + "/pgn", "vc", nullptr, 403), "forbidden");
  EXPECT_EQ(game(h, hidden["black"])["ply"], 1);
  ok("POST", "/api/v1/games/" + h + "/resign", hidden["black"]);
  EXPECT_EQ(game(h, "vc")["moves"].size(), 1u);

  // Live: everything.
  const auto live = first_game(make("Live", json::object()));
  play(live["id"], live["white"], "c4");
  play(live["id"], live["black"], "c5", true);
  auto all = game(live["id"], "vc");
  EXPECT_EQ(all["ply"], 2);
  EXPECT_TRUE(all.contains("draw_offer"));
}

}  // namespace
}  // namespace corrchess
