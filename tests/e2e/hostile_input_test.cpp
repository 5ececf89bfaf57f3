// Hostile request bodies against a real server: NUL and control characters in names,
// credentials and messages, and a message whose live notification would not fit PostgreSQL's
// NOTIFY limit (which once made every accept of that move fail while the clock ran).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class HostileInput : public testing::TwoPlayerTest {};

TEST_F(HostileInput, NulAndControlCharactersInNamesAndCredentialsAreRefused) {
  api_.register_user("alice");
  // "alice\0x" must not log in as alice (libpq would cut the name at the NUL).
  EXPECT_EQ(
      api_.problem(
          "POST", "/api/v1/auth/login", "",
          {{"username", std::string("alice\0x", 7)}, {"password", testing::kPlayerPassword}}, 400),
      "validation_error");
  EXPECT_EQ(
      api_.problem(
          "POST", "/api/v1/auth/login", "",
          {{"username", "alice"}, {"password", std::string(testing::kPlayerPassword) + '\0'}}, 400),
      "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/register", "",
                         {{"username", "bob"},
                          {"password", testing::kPlayerPassword},
                          {"display_name", std::string("a\0b", 3)}},
                         400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/auth/register", "",
                         {{"username", "bob"},
                          {"password", testing::kPlayerPassword},
                          {"display_name", "line\nbreak"}},
                         400),
            "validation_error");
  // Nothing was created by the refused registrations.
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", "bob"}, {"password", testing::kPlayerPassword}})
                .status,
            401);
}

// One text rule (core/text.h) for every name and text: C1 controls such as NEL (U+0085),
// the Unicode line and paragraph separators and the direction overrides are refused like
// C0 controls; ordinary non-ASCII text is kept.
TEST_F(HostileInput, UnicodeSeparatorsAndControlsAreRefusedInNamesAndTexts) {
  const std::vector<std::string> refused = {"a\u0085b",          "a\u2028b", "a\u2029b",
                                            "evil\u202egnp.exe", "a\u2066b", "\ufeffname",
                                            "a\u009fb"};
  for (const auto& name : refused) {
    const auto r = api_.call("PATCH", "/api/v1/me", white_, {{"display_name", name}});
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_NE(r.body.find("U+"), std::string::npos)
        << "the answer names the code point: " << r.body;
  }
  EXPECT_EQ(api_.expect("GET", "/api/v1/me", white_)["display_name"], kWhite)
      << "nothing was stored";
  const auto id = create_game();
  EXPECT_EQ(api_.try_play(id, white_, "e4", {{"message", "hi\u2028there"}}).status, 400);
  EXPECT_EQ(api_.game(id, white_)["ply"], 0);
  // Accents, other scripts and emoji (with a zero-width joiner) are text.
  const std::string fine = "Jos\u00e9 \u674e \U0001F469\u200D\U0001F4BB";
  EXPECT_EQ(api_.expect("PATCH", "/api/v1/me", white_, {{"display_name", fine}})["display_name"],
            fine);
  api_.play(id, white_, "e4", {{"message", "line one\nline two \u00e9"}});
}

TEST_F(HostileInput, MessagesKeepLineBreaksButRefuseOtherControlCharacters) {
  const auto id = create_game();
  // 1,400 control characters: refused, and the game is unchanged.
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + id + "/moves", white_,
                         {{"move", "e4"}, {"message", std::string(1400, '\x01')}}, 400),
            "validation_error");
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + id + "/moves", white_,
                         {{"move", "e4"}, {"message", std::string("cut\0here", 8)}}, 400),
            "validation_error");
  EXPECT_EQ(api_.game(id, white_)["moves"].size(), 0u);
  EXPECT_FALSE(api_.game(id, white_).contains("pending_move"));
  // Line breaks and tabs are a person's text: kept exactly.
  const std::string letter = "Dear opponent,\n\tgood luck!\r\nYours";
  api_.play(id, white_, "e4", {{"message", letter}});
  EXPECT_EQ(api_.game(id, black_)["moves"][0]["message"], letter);
}

TEST_F(HostileInput, ALongMessageNeverBlocksTheMoveAndReachesTheOpponent) {
  const auto id = create_game();
  testing::WsClient black_socket(server_.port(), "/api/v1/ws?token=" + black_);
  ASSERT_TRUE(black_socket.read_type("hello"));
  // 2,000 characters of four bytes each: 8,000 bytes, more than one NOTIFY may carry.
  std::string longest;
  for (int i = 0; i < 2000; ++i) longest += "\xF0\x9F\x98\x80";  // U+1F600
  api_.play(id, white_, "e4", {{"message", longest}});
  // The move is stored with the whole message...
  const auto game = api_.game(id, black_);
  ASSERT_EQ(game["moves"].size(), 1u);
  EXPECT_EQ(game["moves"][0]["message"], longest);
  // ...and the opponent hears of it at once, told to read the message from the game.
  auto live = black_socket.read_type("move", std::chrono::seconds(10));
  ASSERT_TRUE(live.has_value());
  EXPECT_EQ((*live)["move"]["san"], "e4") << live->dump();
  EXPECT_EQ((*live)["message_omitted"], true) << live->dump();
  EXPECT_FALSE(live->contains("message"));
  // Black replies as usual.
  api_.play(id, black_, "e5");
  EXPECT_EQ(api_.game(id, white_)["moves"].size(), 2u);
}

// Games decided before their first move were refused by a database constraint (500).
TEST_F(HostileInput, DirectorGamesDecidedBeforeTheFirstMoveAreClearErrors) {
  const std::vector<json> decided = {
      {{"initial_fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"}},   // K v K: dead
      {{"initial_fen", "8/8/8/4k3/8/8/8/3BK3 w - - 0 1"}},  // K+B v K: dead
      {{"start_at", "1990-01-01T00:00:00Z"}},               // White's time ran out long ago
      {{"start_at", "0000-01-01T00:00:00Z"}},
  };
  for (const auto& extra : decided) {
    json body = {{"white", kWhite}, {"black", kBlack}, {"time_control", testing::iccf_control()}};
    body.update(extra);
    auto r = api_.call("POST", "/api/v1/admin/games", td_, body);
    EXPECT_EQ(r.status, 400) << extra.dump() << " " << r.body;
    EXPECT_EQ(json::parse(r.body)["code"], "validation_error") << extra.dump();
  }
  // Nothing was created.
  EXPECT_EQ(api_.expect("GET", "/api/v1/games?status=all", white_)["games"].size(), 0u);
}

TEST_F(HostileInput, BodiesThatAreNotJsonAre415) {
  for (const char* type :
       {"application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"}) {
    auto r =
        server_.request("POST", "/api/v1/auth/login",
                        json{{"username", kWhite}, {"password", testing::kPlayerPassword}}.dump(),
                        {{"Content-Type", type}});
    EXPECT_EQ(r.status, 415) << type;
    EXPECT_EQ(json::parse(r.body)["code"], "unsupported_media_type") << type;
  }
  // application/json with a charset, and +json types, are JSON.
  for (const char* type : {"application/json; charset=utf-8", "application/merge-patch+json"}) {
    auto r =
        server_.request("POST", "/api/v1/auth/login",
                        json{{"username", kWhite}, {"password", testing::kPlayerPassword}}.dump(),
                        {{"Content-Type", type}});
    EXPECT_EQ(r.status, 200) << type << " " << r.body;
  }
}

// docs/api.md "Conventions": a request with a body must say it is JSON. A route that takes no
// body (block, unblock, deleting a webhook or a leave period) takes an empty one or a JSON
// object, ignored; a text or form body is 415, JSON that is not an object 400, and the
// request changes nothing. The checks keep their order: an unknown username or id is 404.
TEST_F(HostileInput, RoutesWithoutABodyRefuseBodiesThatAreNotJson) {
  const auto send = [&](const std::string& method, const std::string& path, const std::string& body,
                        const std::string& type) {
    return server_.request(method, path, body,
                           {{"Authorization", "Bearer " + black_}, {"Content-Type", type}});
  };
  const auto code = [](const testing::HttpResult& r) {
    return json::parse(r.body).value("code", std::string());
  };
  const std::string block = std::string("/api/v1/me/blocks/") + kWhite;
  auto r = send("PUT", block, "please", "text/plain");
  EXPECT_EQ(r.status, 415) << r.body;
  EXPECT_EQ(code(r), "unsupported_media_type");
  EXPECT_EQ(r.headers["content-type"], "application/problem+json");
  r = send("PUT", block, "a=b", "application/x-www-form-urlencoded");
  EXPECT_EQ(r.status, 415) << r.body;
  r = send("PUT", block, "[1]", "application/json");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(code(r), "validation_error");
  r = send("PUT", block, "{", "application/json");
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_TRUE(api_.expect("GET", "/api/v1/me/blocks", black_)["blocks"].empty())
      << "a refused block blocks nobody";
  // The unknown username is named first.
  r = send("PUT", "/api/v1/me/blocks/nobody_here", "please", "text/plain");
  EXPECT_EQ(r.status, 404) << r.body;
  EXPECT_EQ(code(r), "not_found");
  // An empty body or a JSON object is no body.
  EXPECT_EQ(send("PUT", block, "{}", "application/json").status, 200);
  EXPECT_EQ(send("DELETE", block, "please", "text/plain").status, 415);
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/blocks", black_)["blocks"].size(), 1u)
      << "a refused unblock unblocks nobody";
  EXPECT_EQ(server_.request("DELETE", block, "", {{"Authorization", "Bearer " + black_}}).status,
            204);

  // Deleting a webhook, a leave period.
  const auto hook = api_.expect("POST", "/api/v1/me/webhooks", black_,
                                {{"url", "https://hooks.example.org/x"}}, 201)["id"]
                        .get<std::string>();
  r = send("DELETE", "/api/v1/me/webhooks/" + hook, "bye", "text/plain");
  EXPECT_EQ(r.status, 415) << r.body;
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/webhooks", black_)["webhooks"].size(), 1u);
  EXPECT_EQ(send("DELETE", "/api/v1/me/webhooks/999999", "bye", "text/plain").status, 404);
  const auto leave =
      api_.expect("POST", "/api/v1/me/leave", black_,
                  {{"start_date", "2099-03-01"}, {"end_date", "2099-03-02"}}, 201)["id"]
          .get<std::string>();
  r = send("DELETE", "/api/v1/me/leave/" + leave, "bye", "text/plain");
  EXPECT_EQ(r.status, 415) << r.body;
  EXPECT_EQ(api_.expect("GET", "/api/v1/me/leave", black_)["periods"][0]["status"], "approved");
}

class ProtectedMetrics : public testing::ApiServerTest {
 protected:
  ProtectedMetrics()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_METRICS_TOKEN", "scrape-secret"}})) {
  }
};

TEST_F(ProtectedMetrics, MetricsNeedTheConfiguredToken) {
  EXPECT_EQ(server_.request("GET", "/metrics").status, 401);
  EXPECT_EQ(server_.request("GET", "/metrics", "", testing::bearer("wrong")).status, 401);
  auto ok = server_.request("GET", "/metrics", "", testing::bearer("scrape-secret"));
  EXPECT_EQ(ok.status, 200);
  EXPECT_NE(ok.body.find("corrchess_http_requests_total"), std::string::npos);
}

}  // namespace
}  // namespace corrchess
