// Ratings where players meet: seeks limited by rating, the game page's preview of what a result
// would change, events that limit entry by rating and seed by it (ratings beside the players
// and in the crosstable, unrated players last), and an unrated event whose games do not count.
// One server on the manual test clock (tests/e2e/ratings_fixture.h).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/e2e/ratings_fixture.h"
#include "tests/support/glicko2_reference.h"

namespace corrchess {
namespace {

using nlohmann::json;
using ratings_testing::Ratings;
using ratings_testing::result_of;
using testing::kGlicko2Scale;
using testing::Ref;
using testing::ref_e;
using testing::ref_period;
using testing::ref_rate;
using testing::RefGame;

TEST_F(Ratings, EventsLimitEntryByRatingSeedByRatingShowRatingsAndMayBeUnrated) {
  // January: anna beats boris and clara, clara beats boris; dmitri and emil stay unrated.
  const std::vector<RefGame> games = {
      {"anna", "boris", 1}, {"anna", "clara", 1}, {"clara", "boris", 1}};
  for (const auto& g : games) finish(g.white, g.black, result_of(g.white_score));
  api_.set_clock(td_, "2030-02-01T00:00:00Z");
  await_list("2030-01");
  const auto ref = ref_period({}, games);
  ASSERT_GT(ref.at("anna").r, 1600);
  ASSERT_EQ(std::lround(ref.at("clara").r), 1500);
  ASSERT_LT(ref.at("boris").r, 1400);

  // An open challenge (a seek) for players rated 1450 to 1600: boris (about 1330) and the
  // unrated dmitri may not take it, clara (1500) may; a named challenge takes no range.
  const auto seek = api_.expect(
      "POST", "/api/v1/challenges", tokens_["anna"],
      {{"time_control", testing::iccf_control()}, {"min_rating", 1450}, {"max_rating", 1600}}, 201);
  EXPECT_EQ(seek["min_rating"], 1450);
  EXPECT_EQ(seek["max_rating"], 1600);
  const auto accept = "/api/v1/challenges/" + seek["id"].get<std::string>() + "/accept";
  // Only those who may take it see it among the open challenges.
  const auto sees_seek = [&](const std::string& who) {
    const auto lists = api_.expect("GET", "/api/v1/challenges", tokens_[who]);
    for (const auto& c : lists["open"]) {
      if (c["id"] == seek["id"]) return true;
    }
    return false;
  };
  EXPECT_FALSE(sees_seek("boris"));
  EXPECT_FALSE(sees_seek("dmitri"));
  EXPECT_TRUE(sees_seek("clara"));
  EXPECT_EQ(api_.problem("POST", accept, tokens_["boris"], nullptr, 409), "rating_out_of_range");
  EXPECT_EQ(api_.problem("POST", accept, tokens_["dmitri"], nullptr, 409), "rating_out_of_range");
  EXPECT_EQ(api_.expect("POST", accept, tokens_["clara"], nullptr, 201)["challenge"]["status"],
            "accepted");
  EXPECT_EQ(
      api_.problem(
          "POST", "/api/v1/challenges", tokens_["anna"],
          {{"opponent", "boris"}, {"time_control", testing::iccf_control()}, {"min_rating", 1450}},
          400),
      "validation_error");

  // The game page's preview: expected scores and the changes a result would bring.
  const auto next = api_.create_game(td_, "anna", "emil");
  const auto preview =
      api_.expect("GET", "/api/v1/games/" + next + "/rating-preview", tokens_["clara"]);
  EXPECT_EQ(preview["pool"], "standard");
  EXPECT_EQ(preview["rated"], true);
  EXPECT_EQ(preview["white"]["rated_before"], true);
  EXPECT_EQ(preview["black"]["rated_before"], false);
  EXPECT_NEAR(preview["white"]["rating"].get<double>(), ref.at("anna").r, 1e-6);
  EXPECT_EQ(preview["black"]["rating"], 1500);
  const Ref newcomer;
  const double mu = (ref.at("anna").r - 1500) / kGlicko2Scale;
  EXPECT_NEAR(preview["white"]["expected_score"].get<double>(),
              ref_e(mu, 0, newcomer.rd / kGlicko2Scale), 1e-9);
  for (const auto& [result, score] :
       std::vector<std::pair<std::string, double>>{{"win", 1}, {"draw", 0.5}, {"loss", 0}}) {
    EXPECT_NEAR(preview["white"]["change"][result].get<double>(),
                ref_rate(ref.at("anna"), {{newcomer, score}}).r - ref.at("anna").r, 1e-6);
    EXPECT_NEAR(preview["black"]["change"][result].get<double>(),
                ref_rate(newcomer, {{ref.at("anna"), score}}).r - 1500, 1e-6);
  }
  EXPECT_GT(preview["black"]["change"]["win"].get<double>(), 100) << "a newcomer moves a lot";

  const auto event = [&](json extra) {
    json body = {{"name", "Rated open " + std::to_string(++events_)},
                 {"time_control", testing::iccf_control()},
                 {"open_for_entry", true}};
    body.update(extra);
    return api_.expect("POST", "/api/v1/admin/events", td_, body, 201);
  };
  const auto join = [&](const json& e, const std::string& who) {
    return api_.call("POST", "/api/v1/events/" + e["id"].get<std::string>() + "/join",
                     tokens_[who]);
  };
  EXPECT_EQ(api_.problem("POST", "/api/v1/admin/events", td_,
                         {{"name", "Bad range"},
                          {"time_control", testing::iccf_control()},
                          {"min_rating", 1800},
                          {"max_rating", 1700}},
                         400),
            "validation_error");

  // At least 1450: boris (about 1330) and the unrated dmitri are refused with a stable code.
  const auto masters = event({{"min_rating", 1450}});
  EXPECT_EQ(masters["settings"]["min_rating"], 1450);
  EXPECT_TRUE(masters["settings"]["max_rating"].is_null());
  EXPECT_EQ(masters["settings"]["rated"], true);
  EXPECT_EQ(masters["settings"]["seeding"], "rating") << "no players listed: seeded by rating";
  EXPECT_EQ(join(masters, "clara").status, 201);
  EXPECT_EQ(join(masters, "anna").status, 201);
  for (const char* refused : {"boris", "dmitri"}) {
    const auto r = join(masters, refused);
    EXPECT_EQ(r.status, 409) << refused;
    EXPECT_EQ(json::parse(r.body)["code"], "rating_out_of_range") << r.body;
  }
  // At most 1600: anna is refused, the unrated emil may enter.
  const auto juniors = event({{"max_rating", 1600}});
  EXPECT_EQ(json::parse(join(juniors, "anna").body)["code"], "rating_out_of_range");
  EXPECT_EQ(join(juniors, "emil").status, 201);
  EXPECT_EQ(join(juniors, "boris").status, 201);

  // Seeded by rating at the start: anna (entered second) gets seat 1; ratings are shown
  // beside the players and in the crosstable.
  const auto path = "/api/v1/admin/events/" + masters["id"].get<std::string>() + "/start";
  const auto started = api_.expect("POST", path, td_);
  ASSERT_EQ(started["players"].size(), 2u);
  for (const auto& p : started["players"]) {
    EXPECT_EQ(p["seat"], p["username"] == "anna" ? 1 : 2) << p.dump();
    EXPECT_EQ(p["rating"], std::lround(ref.at(p["username"]).r));
  }
  for (const auto& row : started["crosstable"]["rows"]) {
    EXPECT_EQ(row["rating"], std::lround(ref.at(row["player"]).r)) << row.dump();
  }
  // Unrated players come after the rated ones (emil entered first).
  const auto juniors_started = api_.expect(
      "POST", "/api/v1/admin/events/" + juniors["id"].get<std::string>() + "/start", td_);
  for (const auto& p : juniors_started["players"]) {
    EXPECT_EQ(p["seat"], p["username"] == "boris" ? 1 : 2) << p.dump();
    if (p["username"] == "emil") {
      EXPECT_TRUE(p["rating"].is_null());
    }
  }
  // The director's order stands when the director lists the players.
  const auto listed = api_.expect("POST", "/api/v1/admin/events", td_,
                                  {{"name", "Listed"},
                                   {"time_control", testing::iccf_control()},
                                   {"players", {"boris", "anna"}}},
                                  201);
  EXPECT_EQ(listed["settings"]["seeding"], "entry");
  const auto listed_started = api_.expect(
      "POST", "/api/v1/admin/events/" + listed["id"].get<std::string>() + "/start", td_);
  EXPECT_EQ(listed_started["players"][0]["username"], "boris");

  // An unrated event: its games do not count.
  const auto friendly = api_.expect("POST", "/api/v1/admin/events", td_,
                                    {{"name", "Friendly"},
                                     {"time_control", testing::iccf_control()},
                                     {"rated", false},
                                     {"players", {"clara", "dmitri"}}},
                                    201);
  EXPECT_EQ(friendly["settings"]["rated"], false);
  const auto friendly_games = api_.expect(
      "POST", "/api/v1/admin/events/" + friendly["id"].get<std::string>() + "/start", td_)["games"];
  ASSERT_EQ(friendly_games.size(), 1u);
  const std::string game_id = friendly_games[0]["id"];
  const auto g = api_.game(game_id, td_);
  finish_game(game_id, g["white"]["username"], g["black"]["username"], "1-0");
  api_.set_clock(td_, "2030-03-01T00:00:00Z");
  const auto february = await_list("2030-02");
  for (const auto& e : february["entries"]) {
    EXPECT_NE(e["username"], "dmitri");
    EXPECT_EQ(e["games_in_period"], 0) << e.dump();
  }
}
}  // namespace
}  // namespace corrchess
