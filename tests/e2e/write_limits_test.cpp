// Abuse limits on writes (docs/operations.md "Security"): per sign-in and per address rate
// limits answer 429 with Retry-After and change nothing; conditional lines are capped.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

testing::ServerEnv limits(const std::string& per_token, const std::string& per_address) {
  return testing::director_env(true, {{"CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN", per_token},
                                      {"CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS", per_address}});
}

// Two players (sign-ups and logins have their own limits; they do not spend write tokens)
// on a server allowing 5 writes a minute to each sign-in.
class PerSignInLimit : public testing::TwoPlayerTest {
 protected:
  PerSignInLimit() : TwoPlayerTest(limits("5", "0")) {}
};

// Two players on a server allowing 6 writes a minute from each address.
class PerAddressLimit : public testing::TwoPlayerTest {
 protected:
  PerAddressLimit() : TwoPlayerTest(limits("0", "6")) {}
};

using ConditionalLineLimits = testing::TwoPlayerTest;

// The path of the note of game `id`.
std::string note_of(const std::string& id) { return "/api/v1/games/" + id + "/note"; }

TEST_F(PerSignInLimit, ASignInOverItsRateIsRefusedAndNothingChanges) {
  const auto note = note_of(create_game());
  for (int i = 1; i <= 5; ++i) {
    EXPECT_EQ(api_.call("PUT", note, white_, {{"text", "note " + std::to_string(i)}}).status, 200);
  }
  const auto refused = api_.call("PUT", note, white_, {{"text", "one too many"}});
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(json::parse(refused.body)["code"], "rate_limited");
  ASSERT_TRUE(refused.headers.contains("retry-after"));
  const int wait = std::stoi(refused.headers.at("retry-after"));
  EXPECT_GE(wait, 1);
  EXPECT_LE(wait, 12);  // 5 a minute: one every 12 s
  // Nothing changed, reads go on, and others are not affected.
  EXPECT_EQ(api_.expect("GET", note, white_)["text"], "note 5");
  EXPECT_EQ(api_.call("PUT", note, black_, {{"text", "mine"}}).status, 200);
  // A new sign-in is a new bucket; logging in is not a counted write.
  const auto again = api_.login(kWhite);
  EXPECT_EQ(api_.call("PUT", note, again, {{"text", "note 6"}}).status, 200);
}

TEST_F(PerAddressLimit, AnAddressOverItsRateIsRefusedWhoeverSignedIn) {
  const auto game = create_game();  // write 1
  const auto note = note_of(game);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(api_.call("PUT", note, i % 2 ? white_ : black_, {{"text", "x"}}).status, 200) << i;
  }
  const auto refused = api_.call("PUT", note, white_, {{"text", "refused"}});
  EXPECT_EQ(refused.status, 429);
  EXPECT_TRUE(refused.headers.contains("retry-after"));
  EXPECT_EQ(api_.call("POST", "/api/v1/games/" + game + "/moves", black_, {{"move", "e5"}}).status,
            429);
  EXPECT_EQ(api_.call("GET", "/api/v1/games/" + game, white_).status, 200);
}

TEST_F(ConditionalLineLimits, ConditionalLinesAreCappedInCountAndLength) {
  const auto game = create_game();
  ASSERT_NO_FATAL_FAILURE(api_.play(game, white_, "e4"));
  const auto path = "/api/v1/games/" + game + "/conditional";
  json many = json::array();
  for (int i = 0; i < 101; ++i) many.push_back(json::array({"e5", "Nf3"}));
  EXPECT_EQ(api_.problem("PUT", path, white_, {{"lines", many}}, 400), "validation_error");
  json deep = json::array();
  for (int i = 0; i < 50; ++i) {
    for (const char* m : {"Nf6", "Nf3", "Ng8", "Ng1"}) deep.push_back(m);
  }
  deep.push_back("Nf6");  // 201 plies
  EXPECT_EQ(api_.problem("PUT", path, white_, {{"lines", json::array({deep})}}, 400),
            "validation_error");
  EXPECT_EQ(api_.expect("GET", path, white_)["lines"], json::array());  // nothing stored
  deep.erase(deep.end() - 1);                                           // 200 plies: accepted
  const auto stored = api_.expect("PUT", path, white_, {{"lines", json::array({deep})}});
  EXPECT_EQ(stored["lines"].size(), 1U);
}

}  // namespace
}  // namespace corrchess
