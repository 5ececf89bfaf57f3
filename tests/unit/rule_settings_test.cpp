// The one parser of the rule settings POST /admin/games and POST /admin/events share.
#include "api/rule_settings.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::api {
namespace {

using nlohmann::json;

json with_control(json body = json::object()) {
  body["time_control"] = {{"type", "iccf"}, {"moves", 10}, {"days", 50}};
  return body;
}

// The parse must fail with validation_error, its detail naming `field`.
void expect_refused(const json& body, const std::string& field) {
  auto parsed = parse_rule_settings(body);
  ASSERT_FALSE(parsed.has_value()) << body.dump();
  EXPECT_EQ(parsed.error().code, ErrorCode::kValidationError) << body.dump();
  EXPECT_NE(parsed.error().detail.find(field), std::string::npos)
      << body.dump() << ": " << parsed.error().detail;
}

TEST(RuleSettings, AbsentFieldsKeepTheRulesDefaults) {
  auto s = parse_rule_settings(with_control());
  ASSERT_TRUE(s.has_value()) << s.error().detail;
  EXPECT_EQ(s->variant, game::Variant::kStandard);
  EXPECT_FALSE(s->start_position.has_value());
  EXPECT_EQ(s->time_control, (game::TimeControl{game::IccfStandard{10, 50, std::nullopt}}));
  EXPECT_EQ(s->rules, game::EventRules{});
  EXPECT_EQ(s->rules.no_draw_before_move, 0);  // rules.md §3.2: default no limit
  EXPECT_TRUE(s->rules.ten_moves_rule);        // §3.2: default on
  EXPECT_TRUE(s->rules.silence_rule);          // §4.6: default on
  EXPECT_TRUE(s->rules.messages_allowed);
  EXPECT_FALSE(s->start_at.has_value());

  // null counts as absent.
  auto nulls = parse_rule_settings(with_control({{"variant", nullptr},
                                                 {"start_position", nullptr},
                                                 {"draw_min_moves", nullptr},
                                                 {"silence_rule", nullptr},
                                                 {"start_at", nullptr}}));
  ASSERT_TRUE(nulls.has_value()) << nulls.error().detail;
  EXPECT_EQ(nulls->rules, game::EventRules{});
}

TEST(RuleSettings, ReadsEveryField) {
  auto s = parse_rule_settings({{"variant", "chess960"},
                                {"start_position", 137},
                                {"time_control", {{"type", "per_move"}, {"days", 3}}},
                                {"draw_min_moves", 25},
                                {"ten_moves_rule", false},
                                {"silence_rule", false},
                                {"messages_allowed", false},
                                {"start_at", "2030-01-02T03:04:05Z"}});
  ASSERT_TRUE(s.has_value()) << s.error().detail;
  EXPECT_EQ(s->variant, game::Variant::kChess960);
  EXPECT_EQ(s->start_position, 137);
  EXPECT_TRUE(std::holds_alternative<game::DaysPerMove>(s->time_control));
  EXPECT_EQ(s->rules.no_draw_before_move, 25);
  EXPECT_FALSE(s->rules.ten_moves_rule);
  EXPECT_FALSE(s->rules.silence_rule);
  EXPECT_FALSE(s->rules.messages_allowed);
  const auto start = game::utc_instant(game::CivilDate{2030, 1, 2}, 3, 4, 5);
  EXPECT_EQ(s->start_at, start);

  const auto setup = s->game_setup(game::utc_instant(game::CivilDate{2029, 1, 1}, 0));
  EXPECT_EQ(setup.variant, game::Variant::kChess960);
  EXPECT_EQ(setup.start_position, 137);
  EXPECT_EQ(setup.time_control, s->time_control);
  EXPECT_EQ(setup.rules, s->rules);
  EXPECT_EQ(setup.start_at, start);
  EXPECT_TRUE(setup.initial_fen.empty());
  EXPECT_TRUE(game::validate_setup(setup).has_value());
}

TEST(RuleSettings, StartDefaultsToTheCallersNow) {
  auto s = parse_rule_settings(with_control());
  ASSERT_TRUE(s.has_value());
  const auto now = game::utc_instant(game::CivilDate{2031, 6, 1}, 12);
  EXPECT_EQ(s->game_setup(now).start_at, now);
}

TEST(RuleSettings, TimeControlIsRequiredAndValidated) {
  expect_refused(json::object(), "time_control");
  expect_refused({{"time_control", nullptr}}, "time_control");
  expect_refused({{"time_control", "fast"}}, "time_control");
  expect_refused({{"time_control", {{"type", "blitz"}}}}, "time_control");
}

TEST(RuleSettings, VariantIsStandardOrChess960) {
  for (const char* v : {"standard", "chess960"}) {
    EXPECT_TRUE(parse_rule_settings(with_control({{"variant", v}})).has_value()) << v;
  }
  expect_refused(with_control({{"variant", 960}}), "variant");
  expect_refused(with_control({{"variant", std::string(17, 'x')}}), "variant");
  auto crazy = parse_rule_settings(with_control({{"variant", "crazyhouse"}}));
  ASSERT_FALSE(crazy.has_value());
  EXPECT_EQ(crazy.error().code, ErrorCode::kValidationError);
}

// rules.md §1.3: Scharnagl numbers 0..959, for Chess960 only.
TEST(RuleSettings, StartPositionIsAChess960NumberInRange) {
  for (int n : {0, 518, 959}) {
    auto s = parse_rule_settings(with_control({{"variant", "chess960"}, {"start_position", n}}));
    ASSERT_TRUE(s.has_value()) << n << ": " << s.error().detail;
    EXPECT_EQ(s->start_position, n);
  }
  for (const json& n : {json(-1), json(960), json(std::int64_t{1} << 32),
                        json((std::int64_t{1} << 32) + 5), json(5.5), json("5")}) {
    expect_refused(with_control({{"variant", "chess960"}, {"start_position", n}}),
                   "start_position");
  }
  expect_refused(with_control({{"start_position", 5}}), "start_position");
  expect_refused(with_control({{"variant", "standard"}, {"start_position", 518}}),
                 "start_position");
}

// rules.md §3.2: no agreed draw before move N; default 0, bounded 0..kMaxDrawMinMoves.
TEST(RuleSettings, DrawMinMovesIsBounded) {
  for (int n : {0, 25, kMaxDrawMinMoves}) {
    auto s = parse_rule_settings(with_control({{"draw_min_moves", n}}));
    ASSERT_TRUE(s.has_value()) << n << ": " << s.error().detail;
    EXPECT_EQ(s->rules.no_draw_before_move, n);
  }
  for (const json& n : {json(-1), json(kMaxDrawMinMoves + 1), json((std::int64_t{1} << 32) + 3),
                        json(std::int64_t{-1} << 40), json(true), json("3"), json(2.0)}) {
    expect_refused(with_control({{"draw_min_moves", n}}), "draw_min_moves");
  }
}

TEST(RuleSettings, RuleSwitchesAreBooleans) {
  for (const char* field : {"ten_moves_rule", "silence_rule", "messages_allowed"}) {
    for (const json& v : {json(1), json("false"), json::array()}) {
      expect_refused(with_control({{field, v}}), field);
    }
  }
}

TEST(RuleSettings, StartAtIsAnRfc3339Instant) {
  for (const json& v : {json("tomorrow"), json("2030-13-01T00:00:00Z"), json(20300101),
                        json(std::string(65, '1'))}) {
    expect_refused(with_control({{"start_at", v}}), "start_at");
  }
}

TEST(RuleSettings, BoundedIntegersNameTheirRange) {
  auto v = optional_int_in({{"max_players", 1}}, "max_players", 2, 100);
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().detail, "field 'max_players' must be 2..100");
  auto absent = optional_int_in(json::object(), "max_players", 2, 100);
  ASSERT_TRUE(absent.has_value());
  EXPECT_FALSE(absent->has_value());
}

}  // namespace
}  // namespace corrchess::api
