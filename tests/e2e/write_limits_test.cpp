// Abuse limits on writes (docs/operations.md "Security"): per sign-in and per address rate
// limits answer 429 with Retry-After and change nothing; conditional lines are capped.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ApiClient;
using testing::ServerProcess;

testing::ServerEnv limits(const std::string& per_token, const std::string& per_address) {
  return testing::director_env(true, {{"CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN", per_token},
                                      {"CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS", per_address}});
}

TEST(WriteLimits, ASignInOverItsRateIsRefusedAndNothingChanges) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), limits("5", "0"));
  ASSERT_TRUE(server.started());
  const ApiClient api(server);
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api.sign_up("alice");
  const auto bob = api.sign_up("bob");
  const auto game = api.create_game(td, "alice", "bob");
  const auto note = "/api/v1/games/" + game + "/note";
  for (int i = 1; i <= 5; ++i) {
    EXPECT_EQ(api.call("PUT", note, alice, {{"text", "note " + std::to_string(i)}}).status, 200);
  }
  const auto refused = api.call("PUT", note, alice, {{"text", "one too many"}});
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(json::parse(refused.body)["code"], "rate_limited");
  ASSERT_TRUE(refused.headers.contains("retry-after"));
  const int wait = std::stoi(refused.headers.at("retry-after"));
  EXPECT_GE(wait, 1);
  EXPECT_LE(wait, 12);  // 5 a minute: one every 12 s
  // Nothing changed, reads go on, and others are not affected.
  EXPECT_EQ(api.expect("GET", note, alice)["text"], "note 5");
  EXPECT_EQ(api.call("PUT", note, bob, {{"text", "mine"}}).status, 200);
  // A new sign-in is a new bucket; logging in is not a counted write.
  const auto again = api.login("alice");
  EXPECT_EQ(api.call("PUT", note, again, {{"text", "note 6"}}).status, 200);
}

TEST(WriteLimits, AnAddressOverItsRateIsRefusedWhoeverSignedIn) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), limits("0", "6"));
  ASSERT_TRUE(server.started());
  const ApiClient api(server);
  // Sign-ups and logins have their own limits; they do not spend write tokens.
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api.sign_up("alice");
  const auto bob = api.sign_up("bob");
  const auto game = api.create_game(td, "alice", "bob");  // write 1
  const auto note = "/api/v1/games/" + game + "/note";
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(api.call("PUT", note, i % 2 ? alice : bob, {{"text", "x"}}).status, 200) << i;
  }
  const auto refused = api.call("PUT", note, alice, {{"text", "refused"}});
  EXPECT_EQ(refused.status, 429);
  EXPECT_TRUE(refused.headers.contains("retry-after"));
  EXPECT_EQ(api.call("POST", "/api/v1/games/" + game + "/moves", bob, {{"move", "e5"}}).status,
            429);
  EXPECT_EQ(api.call("GET", "/api/v1/games/" + game, alice).status, 200);
}

TEST(WriteLimits, ConditionalLinesAreCappedInCountAndLength) {
  testing::TempDatabase db;
  ServerProcess server(db.url(), testing::director_env());
  ASSERT_TRUE(server.started());
  const ApiClient api(server);
  const auto td = api.login(testing::kDirector, testing::kDirectorPassword);
  const auto alice = api.sign_up("alice");
  api.sign_up("bob");
  const auto game = api.create_game(td, "alice", "bob");
  ASSERT_NO_FATAL_FAILURE(api.play(game, alice, "e4"));
  const auto path = "/api/v1/games/" + game + "/conditional";
  json many = json::array();
  for (int i = 0; i < 101; ++i) many.push_back(json::array({"e5", "Nf3"}));
  EXPECT_EQ(api.problem("PUT", path, alice, {{"lines", many}}, 400), "validation_error");
  json deep = json::array();
  for (int i = 0; i < 50; ++i) {
    for (const char* m : {"Nf6", "Nf3", "Ng8", "Ng1"}) deep.push_back(m);
  }
  deep.push_back("Nf6");  // 201 plies
  EXPECT_EQ(api.problem("PUT", path, alice, {{"lines", json::array({deep})}}, 400),
            "validation_error");
  EXPECT_EQ(api.expect("GET", path, alice)["lines"], json::array());  // nothing stored
  deep.erase(deep.end() - 1);                                         // 200 plies: accepted
  const auto stored = api.expect("PUT", path, alice, {{"lines", json::array({deep})}});
  EXPECT_EQ(stored["lines"].size(), 1U);
}

}  // namespace
}  // namespace corrchess
