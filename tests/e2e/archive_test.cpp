// The archive end to end (docs/api.md "Archive"): GET /api/v1/users/{username}/games streams
// every game of a player the caller may see, in chunks, as PGN or ndjson, with each filter
// (since, until, opponent, color, result, event, rated, ongoing) giving exactly the games
// counted by hand below; a game an event's visibility hides from the caller stays hidden.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/event_fixture.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::kDirector;
using Ids = std::set<std::string>;

class Archive : public testing::EventServer {
 protected:
  // The game ids of an ndjson export of `user`'s games with `query`, as `who`.
  Ids exported(const std::string& user, const std::string& query, const std::string& who) {
    auto answer = server_.request(
        "GET", "/api/v1/users/" + user + "/games" + query, "",
        {{"Authorization", "Bearer " + token(who)}, {"Accept", "application/x-ndjson"}});
    EXPECT_EQ(answer.status, 200) << query << ": " << answer.body;
    EXPECT_EQ(answer.headers["content-type"], "application/x-ndjson");
    EXPECT_EQ(answer.headers["transfer-encoding"], "chunked");
    Ids ids;
    std::size_t from = 0;
    while (from < answer.body.size()) {
      const auto end = answer.body.find('\n', from);
      EXPECT_NE(end, std::string::npos) << "every line ends with a newline";
      if (end == std::string::npos) break;
      const json g = json::parse(answer.body.substr(from, end - from), nullptr, false);
      EXPECT_TRUE(g.is_object() && g.contains("id") && g.contains("moves")) << g;
      if (g.is_object()) {
        EXPECT_TRUE(ids.insert(g.value("id", "")).second) << "twice: " << g["id"];
      }
      from = end + 1;
    }
    return ids;
  }

  void resign(const std::string& id, const std::string& who) {
    ok("POST", "/api/v1/games/" + id + "/resign", who);
  }
};

TEST_F(Archive, EachFilterGivesTheHandCountedGames) {
  add_users({"anna", "boris", "carl"});
  const auto td = token(kDirector);
  // 2030-01-01: two games with boris, both decided.
  const auto g1 = api_.create_game(td, "anna", "boris");  // anna White, wins
  resign(g1, "boris");
  const auto g2 = api_.create_game(td, "boris", "anna");  // anna Black, loses
  resign(g2, "anna");
  advance(10 * 86400);                                   // 2030-01-11
  const auto g3 = api_.create_game(td, "anna", "carl");  // anna White, ongoing
  // An unrated challenge game, anna White, that carl resigns.
  const json c = ok("POST", "/api/v1/challenges", "anna",
                    {{"opponent", "carl"},
                     {"color", "white"},
                     {"rated", false},
                     {"time_control", testing::iccf_control()}},
                    201);
  const std::string g4 = ok("POST", "/api/v1/challenges/" + c["id"].get<std::string>() + "/accept",
                            "carl", nullptr, 201)["game"]["id"];
  resign(g4, "carl");
  // An event whose games others see only once over: its one game, ongoing.
  const json e = ok("POST", "/api/v1/admin/events", kDirector,
                    {{"name", "Closed"},
                     {"time_control", testing::iccf_control()},
                     {"visibility", "after_end"},
                     {"players", {"anna", "boris"}}},
                    201);
  const std::string event = e["id"];
  const json g5_entry =
      ok("POST", "/api/v1/admin/events/" + event + "/start", kDirector)["games"][0];
  const std::string g5 = g5_entry["id"];
  const bool anna_white_in_g5 = g5_entry["white"] == "anna";

  // An event game in the archive's PGN is its own PGN (rules.md §8): Round "-", GameId last.
  const auto event_pgn = server_.request("GET", "/api/v1/users/anna/games?event=" + event, "",
                                         {{"Authorization", "Bearer " + token("anna")}});
  EXPECT_EQ(event_pgn.body.find("[Event \"corrchess event " + event + "\"]"), 0u) << event_pgn.body;
  EXPECT_NE(event_pgn.body.find("[Round \"-\"]"), std::string::npos) << event_pgn.body;
  EXPECT_NE(event_pgn.body.find("[GameId \"" + g5 + "\"]\n\n"), std::string::npos)
      << event_pgn.body;

  EXPECT_EQ(exported("anna", "", "anna"), (Ids{g1, g2, g3, g4, g5}));
  EXPECT_EQ(exported("anna", "?since=2030-01-11", "anna"), (Ids{g3, g4, g5}));
  EXPECT_EQ(exported("anna", "?since=2030-01-10T23:59:59Z", "anna"), (Ids{g3, g4, g5}));
  EXPECT_EQ(exported("anna", "?until=2030-01-11", "anna"), (Ids{g1, g2}));
  EXPECT_EQ(exported("anna", "?opponent=boris", "anna"), (Ids{g1, g2, g5}));
  EXPECT_EQ(exported("anna", "?opponent=carl", "anna"), (Ids{g3, g4}));
  EXPECT_EQ(exported("anna", "?color=white", "anna"),
            anna_white_in_g5 ? (Ids{g1, g3, g4, g5}) : (Ids{g1, g3, g4}));
  EXPECT_EQ(exported("anna", "?color=black", "anna"), anna_white_in_g5 ? (Ids{g2}) : (Ids{g2, g5}));
  EXPECT_EQ(exported("anna", "?result=win", "anna"), (Ids{g1, g4}));
  EXPECT_EQ(exported("anna", "?result=loss", "anna"), (Ids{g2}));
  EXPECT_EQ(exported("anna", "?result=draw", "anna"), Ids{});
  EXPECT_EQ(exported("boris", "?result=win", "anna"), (Ids{g2}));
  EXPECT_EQ(exported("anna", "?event=" + event, "anna"), (Ids{g5}));
  EXPECT_EQ(exported("anna", "?rated=false", "anna"), (Ids{g4}));
  EXPECT_EQ(exported("anna", "?rated=true", "anna"), (Ids{g1, g2, g3, g5}));
  EXPECT_EQ(exported("anna", "?ongoing=true", "anna"), (Ids{g3, g5}));
  EXPECT_EQ(exported("anna", "?ongoing=false", "anna"), (Ids{g1, g2, g4}));
  EXPECT_EQ(exported("anna", "?opponent=carl&ongoing=true&color=white", "anna"), (Ids{g3}));
  EXPECT_EQ(exported("anna", "?opponent=carl&result=loss", "anna"), Ids{});

  // The game of the closed event is hidden from carl until it is over, as GET /games/{id}
  // hides it; its players and the director see it.
  EXPECT_EQ(problem("GET", "/api/v1/games/" + g5, "carl", nullptr, 403), "forbidden");
  EXPECT_EQ(exported("anna", "", "carl"), (Ids{g1, g2, g3, g4}));
  EXPECT_EQ(exported("anna", "?event=" + event, "carl"), Ids{});
  EXPECT_EQ(exported("anna", "", "boris"), (Ids{g1, g2, g3, g4, g5}));
  EXPECT_EQ(exported("anna", "", kDirector), (Ids{g1, g2, g3, g4, g5}));
  resign(g5, "boris");
  EXPECT_EQ(exported("anna", "", "carl"), (Ids{g1, g2, g3, g4, g5}));
}

TEST_F(Archive, PgnByDefaultAndFilterErrors) {
  add_users({"dora", "emil"});
  const auto td = token(kDirector);
  const auto a = api_.create_game(td, "dora", "emil");
  play(a, "dora", "e4");
  play(a, "emil", "c5");
  const auto b = api_.create_game(td, "emil", "dora");
  const auto pgn = server_.request("GET", "/api/v1/users/dora/games", "",
                                   {{"Authorization", "Bearer " + token("dora")}});
  ASSERT_EQ(pgn.status, 200) << pgn.body;
  EXPECT_EQ(pgn.headers.at("content-type"), "application/x-chess-pgn");
  EXPECT_EQ(pgn.headers.at("transfer-encoding"), "chunked");
  EXPECT_NE(pgn.headers.at("content-disposition").find("dora.pgn"), std::string::npos);
  // The same PGN as the single-game route, with the game's id added.
  const auto single = server_.request("GET", "/api/v1/games/" + a + "/pgn", "",
                                      {{"Authorization", "Bearer " + token("dora")}});
  ASSERT_EQ(single.status, 200);
  EXPECT_EQ(pgn.body.find("[Event \"corrchess game " + a + "\"]"), 0u) << pgn.body;
  EXPECT_NE(pgn.body.find("[GameId \"" + a + "\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("[GameId \"" + b + "\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("1. e4 {"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("1... c5 {"), std::string::npos) << pgn.body;
  const auto movetext = single.body.substr(single.body.find("\n\n"));
  EXPECT_NE(pgn.body.find(movetext), std::string::npos) << single.body;
  // ?format= instead of Accept.
  const auto ndjson = server_.request("GET", "/api/v1/users/dora/games?format=ndjson", "",
                                      {{"Authorization", "Bearer " + token("dora")}});
  EXPECT_EQ(ndjson.headers.at("content-type"), "application/x-ndjson");

  // The Accept header's weights count: ndjson only when it is acceptable (q above 0) and
  // preferred to PGN.
  for (const auto& [accept, type] : std::vector<std::pair<std::string, std::string>>{
           {"application/x-ndjson", "application/x-ndjson"},
           {"application/x-ndjson, */*;q=0.1", "application/x-ndjson"},
           {"application/x-chess-pgn;q=0.5, application/x-ndjson", "application/x-ndjson"},
           {"application/x-ndjson;q=0", "application/x-chess-pgn"},
           {"application/x-chess-pgn, application/x-ndjson;q=0.5", "application/x-chess-pgn"},
           {"application/x-ndjson; q=0.3, application/x-chess-pgn; Q=0.9",
            "application/x-chess-pgn"},
           {"*/*", "application/x-chess-pgn"}}) {
    const auto answer =
        server_.request("GET", "/api/v1/users/dora/games", "",
                        {{"Authorization", "Bearer " + token("dora")}, {"Accept", accept}});
    EXPECT_EQ(answer.status, 200) << accept;
    EXPECT_EQ(answer.headers.at("content-type"), type) << accept;
  }

  for (const char* bad :
       {"?color=green", "?result=won", "?rated=yes", "?ongoing=1", "?since=yesterday",
        "?until=2030-13-01", "?event=abc", "?opponent=nobody", "?format=xml"}) {
    EXPECT_EQ(problem("GET", std::string("/api/v1/users/dora/games") + bad, "dora", nullptr, 400),
              "validation_error")
        << bad;
  }
  EXPECT_EQ(problem("GET", "/api/v1/users/nobody/games", "dora", nullptr, 404), "not_found");
  // An unknown player answers 404 even when a filter is also wrong (api.md "Errors").
  for (const char* bad : {"?color=green", "?since=yesterday", "?format=xml", "?event=abc"}) {
    const auto refused = server_.request("GET", std::string("/api/v1/users/nobody/games") + bad, "",
                                         {{"Authorization", "Bearer " + token("dora")}});
    EXPECT_EQ(refused.status, 404) << bad;
    EXPECT_NE(refused.body.find("no user 'nobody'"), std::string::npos) << refused.body;
  }
  EXPECT_EQ(problem("GET", "/api/v1/users/dora/games", "", nullptr, 401), "unauthorized");
}

}  // namespace
}  // namespace corrchess
