// Bad input over HTTP: malformed JSON, wrong field types, unknown routes, wrong methods,
// oversized bodies, illegal moves in every notation and contradictory director results.
// Each answer is a problem+json with its stable code, and the game is unchanged afterwards.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::HttpResult;

class BadInput : public testing::TwoPlayerTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(TwoPlayerTest::SetUp());
    id_ = create_game();
    ASSERT_FALSE(id_.empty());
    // 1. Nf3 Nf6 2. d4 d5: white has knights on b1 and f3, both reaching d2.
    for (const char* move : {"Nf3", "Nf6", "d4", "d5"}) {
      ASSERT_NO_FATAL_FAILURE(api_.play(id_, game()["to_move"] == "white" ? white_ : black_, move));
    }
    before_ = game();
  }

  // Raw body: tests here send text that is not JSON on purpose.
  HttpResult call(const std::string& method, const std::string& path, const std::string& token,
                  const std::string& body = "") {
    return api_.call_text(method, path, token, body);
  }

  json game() { return api_.game(id_, white_); }

  // Checks the answer is a problem+json with `status` and `code`, and the game unchanged.
  void expect_problem(const HttpResult& r, int status, const std::string& code,
                      const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_EQ(r.headers.at("content-type"), "application/problem+json");
    auto body = json::parse(r.body, nullptr, false);
    ASSERT_TRUE(body.is_object()) << r.body;
    EXPECT_EQ(body.value("code", ""), code);
    EXPECT_EQ(body.value("status", 0), status);
    EXPECT_FALSE(body.value("title", "").empty());
    EXPECT_FALSE(body.value("detail", "").empty());
    EXPECT_EQ(body.value("type", ""), "https://corrchess.org/problems/" + code);
    const auto now = game();
    EXPECT_EQ(now["version"], before_["version"]);
    EXPECT_EQ(now["moves"], before_["moves"]);
    EXPECT_EQ(now["fen"], before_["fen"]);
    EXPECT_EQ(now.contains("pending_move"), before_.contains("pending_move"));
    EXPECT_EQ(now["status"], "ongoing");
  }

  std::string path(const std::string& rest = "") { return "/api/v1/games/" + id_ + rest; }

  std::string id_;
  json before_;
};

TEST_F(BadInput, MalformedJsonAndWrongTypesAreValidationErrors) {
  const std::string moves = path("/moves");
  for (const std::string& body :
       std::vector<std::string>{"{\"move\": \"e4\"", "not json", "[\"e4\"]", "\"e4\"", "42",
                                "{\"move\": e4}", "{\"move\": \"e4\",}"}) {
    expect_problem(call("POST", moves, white_, body), 400, "validation_error", body);
  }
  expect_problem(call("POST", moves, white_, ""), 400, "validation_error", "empty body");
  for (const json& body :
       {json{{"move", 5}}, json{{"move", json::array({"e4"})}},
        json{{"move", "e4"}, {"offer_draw", "yes"}}, json{{"move", "e4"}, {"message", 7}},
        json{{"move", "e4"}, {"use_40_plus_days", 1}}, json::object()}) {
    expect_problem(call("POST", moves, white_, body.dump()), 400, "validation_error", body.dump());
  }
  expect_problem(call("POST", path("/claims"), white_, json{{"type", "perpetual"}}.dump()), 400,
                 "validation_error", "claim type");
  expect_problem(call("PUT", path("/conditional"), black_, json{{"lines", "e5 Nf3"}}.dump()), 400,
                 "validation_error", "conditional lines not a list");
  expect_problem(call("POST", path("/clock/refill"), white_, json{{"seconds", "all"}}.dump()), 400,
                 "validation_error", "refill seconds");
  expect_problem(
      call("POST", "/api/v1/admin/games", td_,
           json{{"white", "white_player"}, {"black", "black_player"}, {"time_control", "fast"}}
               .dump()),
      400, "validation_error", "time control string");
  expect_problem(call("POST", "/api/v1/admin/games", td_,
                      json{{"white", 1}, {"black", "black_player"}}.dump()),
                 400, "validation_error", "white not a string");
  expect_problem(call("POST", path("/moves/accept"), white_, "{"), 400, "validation_error",
                 "accept malformed");
  expect_problem(call("POST", "/api/v1/auth/register", "", json{{"username", 12}}.dump()), 400,
                 "validation_error", "register username number");
  expect_problem(
      call("PATCH", "/api/v1/admin/users/black_player", td_, json{{"role", "grandmaster"}}.dump()),
      400, "validation_error", "role");
  expect_problem(
      call("POST", "/api/v1/auth/login", "",
           json{{"username", "white_player"}, {"password", "x"}, {"cookie", "yes"}}.dump()),
      400, "validation_error", "login cookie not a boolean");
  expect_problem(call("POST", "/api/v1/auth/logout", white_, json{{"everywhere", 1}}.dump()), 400,
                 "validation_error", "logout everywhere not a boolean");
  for (const json& body :
       {json::object(), json{{"current_password", testing::kPlayerPassword}},
        json{{"current_password", testing::kPlayerPassword}, {"new_password", "short"}},
        json{{"current_password", 1}, {"new_password", "long-enough-1"}}}) {
    expect_problem(call("POST", "/api/v1/me/password", white_, body.dump()), 400,
                   "validation_error", body.dump());
  }
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 200) << "still signed in";
}

// The player routes (challenges, profile, game lists, notes, messages, the event stream):
// malformed bodies and queries are validation errors and change nothing.
TEST_F(BadInput, PlayerRoutesRefuseMalformedBodiesAndQueries) {
  const auto me_before = api_.expect("GET", "/api/v1/me", white_, nullptr, 200);
  const auto challenge = [](json extra) {
    json body = {{"opponent", "black_player"},
                 {"time_control", {{"type", "per_move"}, {"days", 3}}}};
    body.update(extra);
    return body.dump();
  };
  for (const auto& [body, what] : std::vector<std::pair<std::string, std::string>>{
           {"{\"opponent\": ", "challenge malformed json"},
           {challenge({{"opponent", 7}}), "challenge opponent number"},
           {challenge({{"color", "purple"}}), "challenge colour"},
           {challenge({{"rated", "yes"}}), "challenge rated string"},
           {challenge({{"time_control", "slow"}}), "challenge time control string"},
           {challenge({{"expires_at", "next week"}}), "challenge expiry"},
           {challenge({{"min_finished_games", -1}}), "challenge min games"},
           {challenge({{"start_at", "2030-01-01T00:00:00Z"}}), "challenge start_at"},
           {challenge({{"message", json::array()}}), "challenge message list"}}) {
    expect_problem(call("POST", "/api/v1/challenges", white_, body), 400, "validation_error", what);
  }
  const auto lists = api_.expect("GET", "/api/v1/challenges", white_, nullptr, 200);
  EXPECT_TRUE(lists["outgoing"].empty()) << lists.dump();

  for (const auto& [body, what] : std::vector<std::pair<std::string, std::string>>{
           {json{{"country", 5}}.dump(), "country number"},
           {json{{"time_zone", "Europe Berlin"}}.dump(), "time zone not a zone name"},
           {json{{"time_zone", "Mars/Olympus_Mons"}}.dump(), "time zone not in the tz database"},
           {json{{"display_name", std::string("a\0b", 3)}}.dump(), "NUL in display name"},
           {json{{"language", json::object()}}.dump(), "language object"},
           {"[]", "profile not an object"}}) {
    expect_problem(call("PATCH", "/api/v1/me", white_, body), 400, "validation_error", what);
  }
  EXPECT_EQ(api_.expect("GET", "/api/v1/me", white_, nullptr, 200), me_before);

  for (const char* query : {"?status=won", "?to_move=you", "?limit=0", "?limit=100000",
                            "?cursor=abc", "?variant=crazyhouse", "?event=x"}) {
    expect_problem(call("GET", std::string("/api/v1/games") + query, white_), 400,
                   "validation_error", query);
  }
  expect_problem(call("GET", "/api/v1/users?prefix=a&limit=0", white_), 400, "validation_error",
                 "user search limit");
  expect_problem(call("PUT", path("/note"), white_, json{{"text", 12}}.dump()), 400,
                 "validation_error", "note text number");
  expect_problem(call("PUT", path("/note"), white_, "{"), 400, "validation_error",
                 "note malformed");
  expect_problem(call("POST", path("/messages"), white_, json{{"text", true}}.dump()), 400,
                 "validation_error", "message text bool");
  expect_problem(call("GET", "/api/v1/stream?since=-1", white_), 400, "validation_error",
                 "stream since negative");
  expect_problem(call("GET", "/api/v1/stream?since=abc", white_), 400, "validation_error",
                 "stream since text");
}

// The player routes with ids: a decline whose reason is not text, ids that are not ids or
// name nothing (challenges, a rematch), an unknown user, and a `since` that is not a seq on
// the WebSocket (refused before the upgrade). Each answer is a problem+json with its code,
// and the challenge, the lists and the games are unchanged.
TEST_F(BadInput, PlayerRoutesRefuseUnknownIdsBadReasonsAndBadSince) {
  const auto created = api_.expect("POST", "/api/v1/challenges", white_,
                                   {{"opponent", kBlack},
                                    {"time_control", {{"type", "per_move"}, {"days", 3}}},
                                    {"message", "a game?"}},
                                   201);
  const std::string challenge = "/api/v1/challenges/" + created["id"].get<std::string>();
  const auto challenge_before = api_.expect("GET", challenge, black_);
  ASSERT_EQ(challenge_before["status"], "open");
  const auto lists_before = api_.expect("GET", "/api/v1/challenges", black_);
  const auto games_before = api_.expect("GET", "/api/v1/games", white_);

  for (const auto& [body, what] : std::vector<std::pair<std::string, std::string>>{
           {json{{"reason", 5}}.dump(), "decline reason number"},
           {json{{"reason", true}}.dump(), "decline reason boolean"},
           {json{{"reason", json::array({"busy"})}}.dump(), "decline reason list"},
           {json{{"reason", json::object()}}.dump(), "decline reason object"},
           {"{\"reason\": ", "decline malformed json"},
           {"[]", "decline body not an object"}}) {
    expect_problem(call("POST", challenge + "/decline", black_, body), 400, "validation_error",
                   what);
  }
  EXPECT_EQ(api_.expect("GET", challenge, black_), challenge_before);

  for (const std::string id : {"abc", "-1", "0", "12x", "%2012", "1.5", "99999999"}) {
    const std::string base = "/api/v1/challenges/" + id;
    expect_problem(call("GET", base, white_), 404, "not_found", "GET challenge " + id);
    expect_problem(call("POST", base + "/accept", black_), 404, "not_found", "accept " + id);
    expect_problem(call("POST", base + "/decline", black_, json{{"reason", "no"}}.dump()), 404,
                   "not_found", "decline " + id);
    expect_problem(call("POST", base + "/cancel", white_), 404, "not_found", "cancel " + id);
    expect_problem(call("POST", "/api/v1/games/" + id + "/rematch", white_), 404, "not_found",
                   "rematch " + id);
  }
  for (const char* name : {"nobody_here", "white_player_", "ghost"}) {
    expect_problem(call("GET", std::string("/api/v1/users/") + name, white_), 404, "not_found",
                   std::string("unknown user ") + name);
  }

  // The WebSocket refuses a `since` that is not a seq with a problem, before the upgrade.
  const std::map<std::string, std::string> upgrade = {
      {"Connection", "Upgrade"},
      {"Upgrade", "websocket"},
      {"Sec-WebSocket-Version", "13"},
      {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
      {"Authorization", "Bearer " + white_}};
  for (const char* since : {"-1", "abc", "", "1e3", "99999999999999999999"}) {
    auto r = server_.request("GET", std::string("/api/v1/ws?since=") + since, "", upgrade);
    EXPECT_NE(r.status, 101) << since;
    expect_problem(r, 400, "validation_error", std::string("ws since ") + since);
  }
  // A good `since` is upgraded.
  testing::WsClient resumed(server_.port(), "/api/v1/ws?since=0&token=" + white_);
  EXPECT_TRUE(resumed.connected());

  EXPECT_EQ(api_.expect("GET", challenge, black_), challenge_before);
  EXPECT_EQ(api_.expect("GET", "/api/v1/challenges", black_), lists_before);
  EXPECT_EQ(api_.expect("GET", "/api/v1/games", white_), games_before);
}

TEST_F(BadInput, RatingRoutesRefuseMalformedQueriesAndBodies) {
  for (const char* target :
       {"/api/v1/ratings/lists?pool=blitz", "/api/v1/ratings/lists/2030-13x",
        "/api/v1/ratings/lists/2030-01?pool=", "/api/v1/ratings/lists/2030-01?version=0",
        "/api/v1/ratings/lists/2030-01?version=x", "/api/v1/ratings/lists/2030-01?format=pdf"}) {
    expect_problem(call("GET", target, white_), 400, "validation_error", target);
  }
  const std::string recompute = "/api/v1/admin/ratings/lists/2030-01/recompute";
  for (const auto& [body, what] : std::vector<std::pair<std::string, std::string>>{
           {"{", "recompute malformed json"},
           {"{}", "recompute without reason"},
           {json{{"reason", 5}}.dump(), "recompute reason number"},
           {json{{"reason", "  "}}.dump(), "recompute blank reason"},
           {json{{"reason", "x"}, {"pool", 960}}.dump(), "recompute pool number"},
           {json{{"reason", "x"}, {"pool", "bughouse"}}.dump(), "recompute unknown pool"}}) {
    expect_problem(call("POST", recompute, td_, body), 400, "validation_error", what);
  }
  expect_problem(call("POST", "/api/v1/admin/ratings/lists/next-month/recompute", td_,
                      json{{"reason", "x"}}.dump()),
                 400, "validation_error", "recompute period not a period");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/ratings/lists", td_)["lists"].empty());
}

TEST_F(BadInput, UnknownRoutesAre404AndWrongMethods405WithAllow) {
  for (const std::string& p : std::vector<std::string>{
           "/api/v1/nothing", "/api/v1/games/" + id_ + "/teleport", "/api/v2/games", "/api",
           "/api/v1/games/" + id_ + "/moves/pending/extra"}) {
    expect_problem(call("GET", p, white_), 404, "not_found", p);
  }
  // Ids that are not ids, and games that do not exist.
  for (const std::string& p : std::vector<std::string>{
           "/api/v1/games/abc", "/api/v1/games/-1", "/api/v1/games/0", "/api/v1/games/%2012",
           "/api/v1/games/99999999", "/api/v1/games/0" + id_, "/api/v1/games/00" + id_ + "/pgn"}) {
    expect_problem(call("GET", p, white_), 404, "not_found", p);
  }
  expect_problem(call("POST", "/api/v1/games/99999999/moves", white_, json{{"move", "e4"}}.dump()),
                 404, "not_found", "move in a missing game");

  struct WrongMethod {
    std::string method, path, allow;
  };
  const WrongMethod wrong[] = {
      {"DELETE", path(), "GET"},
      {"POST", path(), "GET"},
      {"GET", path("/moves"), "POST"},
      {"PUT", "/healthz", "GET"},
      {"PATCH", path("/conditional"), "PUT, GET, DELETE"},
      {"GET", "/api/v1/admin/games/" + id_ + "/result", "POST"},
      {"POST", "/api/v1/openapi.json", "GET"},
  };
  for (const auto& w : wrong) {
    auto r = call(w.method, w.path, white_, w.method == "GET" ? "" : "{}");
    expect_problem(r, 405, "method_not_allowed", w.method + " " + w.path);
    EXPECT_EQ(r.headers["allow"], w.allow) << w.method << " " << w.path;
  }
}

TEST_F(BadInput, HugeBodiesAre413) {
  // Just over the 1 MiB limit, so the client has written it all when the server answers.
  const std::string huge = json{{"move", std::string(1024 * 1024 + 100, 'a')}}.dump();
  expect_problem(call("POST", path("/moves"), white_, huge), 413, "payload_too_large", "huge");
  // The server still answers afterwards.
  EXPECT_EQ(call("GET", "/healthz", "").status, 200);
}

TEST_F(BadInput, IllegalMovesInEveryNotationAreRefused) {
  // White to move after 1. Nf3 Nf6 2. d4 d5.
  struct Bad {
    std::string move, code;
    int status;
  };
  const Bad bad[] = {
      {"Ke2", "illegal_move", 422},       // SAN, no such legal move
      {"Qxd5", "illegal_move", 422},      // SAN through a pawn
      {"d4d6", "illegal_move", 422},      // UCI
      {"e1g1", "illegal_move", 422},      // UCI castling through pieces
      {"e2e5", "illegal_move", 422},      // UCI pawn three squares
      {"5255", "illegal_move", 422},      // ICCF numeric e2-e5
      {"4144", "illegal_move", 422},      // ICCF numeric d1-d4 onto own pawn
      {"Nd2", "ambiguous_move", 422},     // Nbd2 or Nfd2
      {"Zz9", "invalid_notation", 400},   // nothing
      {"e9e4", "invalid_notation", 400},  // off the board
  };
  for (const auto& b : bad) {
    expect_problem(call("POST", path("/moves"), white_, json{{"move", b.move}}.dump()), b.status,
                   b.code, "submit " + b.move);
  }
  // Black is not to move.
  expect_problem(call("POST", path("/moves"), black_, json{{"move", "e6"}}.dump()), 409,
                 "not_your_turn", "black out of turn");
  // Accepting without a pending move, and accepting a different move than submitted.
  expect_problem(call("POST", path("/moves/accept"), white_, json{{"move", "e3"}}.dump()), 409,
                 "no_pending_move", "accept with nothing pending");
  ASSERT_EQ(call("POST", path("/moves"), white_, json{{"move", "e3"}}.dump()).status, 200);
  before_ = game();
  expect_problem(call("POST", path("/moves/accept"), white_, json{{"move", "e4"}}.dump()), 409,
                 "pending_mismatch", "accept another move");
  EXPECT_EQ(game()["pending_move"]["move"]["san"], "e3");
  // Nd2 in full SAN is fine.
  ASSERT_EQ(call("POST", path("/moves"), white_, json{{"move", "Nbd2"}}.dump()).status, 200);
}

TEST_F(BadInput, DirectorResultContradictingTheTerminationIsRefused) {
  const auto result = "/api/v1/admin/games/" + id_ + "/result";
  for (const json& body :
       {json{{"result", "1-0"}, {"termination", "agreement"}, {"reason", "x"}},
        json{{"result", "1/2-1/2"}, {"termination", "checkmate"}, {"reason", "x"}},
        json{{"result", "0-0"}, {"termination", "resignation"}, {"reason", "x"}},
        json{{"result", "0-1"}, {"termination", "time_draw"}, {"reason", "x"}},
        json{{"result", "1-0"}, {"termination", "annulled"}, {"reason", "x"}}}) {
    expect_problem(call("POST", result, td_, body.dump()), 400, "validation_error", body.dump());
  }
  expect_problem(call("POST", result, td_, "{\"result\":"), 400, "validation_error", "malformed");
  expect_problem(
      call("POST", "/api/v1/admin/games/" + id_ + "/clock", td_,
           json{{"side", "white"}, {"remaining_seconds", 5}, {"bank_seconds", 5}, {"reason", "x"}}
               .dump()),
      400, "validation_error", "two clock values");
}

// POST /admin/games and POST /admin/events read their shared rule settings with one parser
// and one set of bounds (api/rule_settings.h): numbers out of range are refused by both,
// never truncated, and nothing is created.
TEST_F(BadInput, RuleSettingsOutOfBoundsAreRefusedForGamesAndEvents) {
  const auto games = "/api/v1/admin/games";
  const auto events = "/api/v1/admin/events";
  const json players = {{"white", "white_player"}, {"black", "black_player"}};
  const json event = {{"name", "Bounds"}};
  for (const json& settings : {
           json{{"variant", "chess960"}, {"start_position", 960}},
           json{{"variant", "chess960"}, {"start_position", -1}},
           json{{"variant", "chess960"}, {"start_position", (std::int64_t{1} << 32) + 5}},
           json{{"start_position", 5}},  // standard chess
           json{{"variant", "atomic"}},
           json{{"draw_min_moves", -1}},
           json{{"draw_min_moves", 1001}},
           json{{"draw_min_moves", std::int64_t{1} << 32}},
           json{{"ten_moves_rule", "no"}},
           json{{"start_at", "soon"}},
       }) {
    for (json body : {players, event}) {
      body["time_control"] = testing::iccf_control();
      body.update(settings);
      const auto path = body.contains("name") ? events : games;
      expect_problem(call("POST", path, td_, body.dump()), 400, "validation_error",
                     std::string(path) + " " + settings.dump());
    }
  }
  expect_problem(call("POST", games, td_, players.dump()), 400, "validation_error",
                 "no time control");
  // The bounds themselves are fine for both.
  const json edge = {{"variant", "chess960"},
                     {"start_position", 959},
                     {"draw_min_moves", 1000},
                     {"time_control", testing::iccf_control()}};
  for (json body : {players, event}) {
    body.update(edge);
    const auto path = body.contains("name") ? events : games;
    auto created = api_.call("POST", path, td_, body);
    ASSERT_EQ(created.status, 201) << path << ": " << created.body;
    const auto settings =
        body.contains("name") ? json::parse(created.body)["settings"] : json::parse(created.body);
    EXPECT_EQ(settings["start_position"], 959) << path;
  }
  EXPECT_EQ(api_.expect("GET", "/api/v1/events", td_)["events"].size(), 1u);
  EXPECT_EQ(api_.expect("GET", "/api/v1/games", white_)["games"].size(), 2u);
}

}  // namespace
}  // namespace corrchess
