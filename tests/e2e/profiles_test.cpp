// Players and profiles: a player edits their own profile (and only theirs), others see the
// public part with the player's record and whether they are on leave today, and players are
// found by the start of their username. Bad input changes nothing.
#include <gtest/gtest.h>

#include <ctime>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class Profiles : public testing::TwoPlayerTest {};

TEST_F(Profiles, APlayerEditsTheirProfileAndOthersSeeThePublicPart) {
  auto me = api_.expect("PATCH", "/api/v1/me", white_,
                        {{"display_name", "Wilma White"},
                         {"email", "wilma@example.org"},
                         {"country", "NL"},
                         {"time_zone", "America/Argentina/Buenos_Aires"},
                         {"language", "pt-BR"}});
  EXPECT_EQ(me["username"], kWhite);
  EXPECT_EQ(me["display_name"], "Wilma White");
  EXPECT_EQ(me["email"], "wilma@example.org");
  EXPECT_EQ(me["country"], "NL");
  EXPECT_EQ(me["time_zone"], "America/Argentina/Buenos_Aires");
  EXPECT_EQ(me["language"], "pt-BR");
  auto read = api_.expect("GET", "/api/v1/me", white_);
  EXPECT_EQ(read["country"], "NL");
  EXPECT_EQ(read["email"], "wilma@example.org");
  EXPECT_TRUE(read.contains("leave")) << "the leave balances stay in /me";

  // Left out keeps, null clears.
  me = api_.expect("PATCH", "/api/v1/me", white_, {{"email", nullptr}});
  EXPECT_TRUE(me["email"].is_null());
  EXPECT_EQ(me["country"], "NL");
  EXPECT_EQ(me["display_name"], "Wilma White");
  // A member the route does not name is ignored (docs/api.md "Conventions").
  me = api_.expect("PATCH", "/api/v1/me", white_, {{"displayName", "Anna"}});
  EXPECT_EQ(me["display_name"], "Wilma White");
  EXPECT_EQ(me["country"], "NL");

  // The public profile shows no email, time zone or language.
  auto profile = api_.expect("GET", std::string("/api/v1/users/") + kWhite, black_);
  EXPECT_EQ(profile["display_name"], "Wilma White");
  EXPECT_EQ(profile["country"], "NL");
  EXPECT_FALSE(profile.contains("email"));
  EXPECT_FALSE(profile.contains("time_zone"));
  EXPECT_EQ(profile["on_leave"], false);
  EXPECT_EQ(profile["games"],
            (json{{"played", 0}, {"current", 0}, {"wins", 0}, {"draws", 0}, {"losses", 0}}));
  EXPECT_EQ(api_.problem("GET", "/api/v1/users/nobody_here", black_, nullptr, 404), "not_found");
  EXPECT_EQ(api_.call("GET", std::string("/api/v1/users/") + kWhite, "").status, 401);
}

TEST_F(Profiles, TheRecordCountsFinishedGamesAndLeaveShows) {
  // A win, a draw and a loss for White, and one game still running.
  const auto won = create_game();
  api_.expect("POST", "/api/v1/games/" + won + "/resign", black_);
  const auto drawn = create_game();
  api_.play(drawn, white_, "e4");
  api_.play(drawn, black_, "e5", {{"offer_draw", true}});
  api_.expect("POST", "/api/v1/games/" + drawn + "/draw/accept", white_);
  const auto lost = create_game();
  api_.expect("POST", "/api/v1/games/" + lost + "/resign", white_);
  const auto annulled = create_game();
  api_.expect("POST", "/api/v1/admin/games/" + annulled + "/annul", td_, {{"reason", "test"}});
  create_game();
  auto profile = api_.expect("GET", std::string("/api/v1/users/") + kWhite, black_);
  EXPECT_EQ(profile["games"],
            (json{{"played", 3}, {"current", 1}, {"wins", 1}, {"draws", 1}, {"losses", 1}}));
  auto other = api_.expect("GET", std::string("/api/v1/users/") + kBlack, white_);
  EXPECT_EQ(other["games"]["wins"], 1);
  EXPECT_EQ(other["games"]["losses"], 1);

  // One day of leave the day after tomorrow (UTC): not on leave now, then on leave at noon of
  // that day. Whole days, whatever the time of day the test runs at (a day ahead and 26 hours
  // on once landed past the end of the leave when the test ran after 22:00) and whether the
  // server's zone is an hour ahead of UTC.
  const auto now = api_.expect("GET", "/api/v1/admin/clock", td_)["now"].get<std::string>();
  const std::int64_t now_seconds = testing::epoch_seconds(now);
  const std::int64_t leave_day = now_seconds - now_seconds % 86400 + 2 * 86400;
  char date[16];
  const std::time_t t = leave_day;
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&t));
  api_.expect("POST", "/api/v1/me/leave", black_, {{"start_date", date}, {"end_date", date}}, 201);
  EXPECT_EQ(api_.expect("GET", std::string("/api/v1/users/") + kBlack, white_)["on_leave"], false);
  api_.advance_clock(td_, leave_day + 12 * 3600 - now_seconds);
  EXPECT_EQ(api_.expect("GET", std::string("/api/v1/users/") + kBlack, white_)["on_leave"], true);
}

TEST_F(Profiles, PlayersAreFoundByTheStartOfTheirUsername) {
  for (const char* name : {"alfred", "Alfonso", "alice_b", "bob", "al_x"}) {
    api_.register_user(name);
  }
  auto found = api_.expect("GET", "/api/v1/users?prefix=AL", white_)["users"];
  std::vector<std::string> names;
  for (const auto& u : found) names.push_back(u["username"]);
  EXPECT_EQ(names, (std::vector<std::string>{"al_x", "Alfonso", "alfred", "alice_b"}))
      << "case-insensitive, in byte order of the lower-case names";
  found = api_.expect("GET", "/api/v1/users?prefix=al_&limit=5", white_)["users"];
  ASSERT_EQ(found.size(), 1u) << "'_' in a prefix is a character, not a wildcard";
  EXPECT_EQ(found[0]["username"], "al_x");
  EXPECT_TRUE(api_.expect("GET", "/api/v1/users?prefix=al%25", white_)["users"].empty());
  found = api_.expect("GET", "/api/v1/users?prefix=al&limit=2", white_)["users"];
  EXPECT_EQ(found.size(), 2u);
  for (const std::string query :
       {"", "?prefix=", "?prefix=al&limit=0", "?prefix=al&limit=51", "?prefix=al&limit=x"}) {
    EXPECT_EQ(api_.problem("GET", "/api/v1/users" + query, white_, nullptr, 400),
              "validation_error")
        << query;
  }
}

// The prefix has 1 to 32 characters (api.md "Players"), counted as characters, not bytes: a
// prefix of 32 non-ASCII letters is a search (that no username, ASCII alone, matches).
TEST_F(Profiles, APrefixIsCountedInCharacters) {
  api_.register_user("oscar");
  std::string umlauts;
  for (int i = 0; i < 32; ++i) umlauts += "%C3%B6";  // "ö" 32 times: 64 octets
  EXPECT_TRUE(api_.expect("GET", "/api/v1/users?prefix=" + umlauts, white_)["users"].empty());
  EXPECT_EQ(api_.problem("GET", "/api/v1/users?prefix=" + umlauts + "o", white_, nullptr, 400),
            "validation_error");
  EXPECT_EQ(
      api_.problem("GET", "/api/v1/users?prefix=" + std::string(33, 'o'), white_, nullptr, 400),
      "validation_error");
  EXPECT_EQ(api_.expect("GET", "/api/v1/users?prefix=OSC", white_)["users"][0]["username"],
            "oscar");
}

TEST_F(Profiles, BadProfileChangesAreRefusedAndChangeNothing) {
  api_.expect("PATCH", "/api/v1/me", white_, {{"country", "NL"}, {"display_name", "W"}});
  for (const json& body :
       {json{{"country", "nl"}}, json{{"country", "NLD"}}, json{{"country", 31}},
        json{{"time_zone", "Europe/../etc"}}, json{{"time_zone", "Europe Berlin"}},
        json{{"language", "english"}}, json{{"language", "EN"}}, json{{"email", "nobody"}},
        json{{"email", "a@b@c"}}, json{{"display_name", ""}}, json{{"display_name", nullptr}},
        json{{"display_name", std::string(65, 'x')}}, json{{"display_name", std::string("a\nb")}},
        json{{"country", "DE"}, {"language", "x"}}}) {
    EXPECT_EQ(api_.problem("PATCH", "/api/v1/me", white_, body, 400), "validation_error")
        << body.dump();
  }
  const auto me = api_.expect("GET", "/api/v1/me", white_);
  EXPECT_EQ(me["country"], "NL");
  EXPECT_EQ(me["display_name"], "W");
  EXPECT_TRUE(me["language"].is_null());
}

}  // namespace
}  // namespace corrchess
