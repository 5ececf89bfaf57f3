// model/json_text.h: the documents of every move written straight as text must read back as
// the JSON the API documents (docs/api.md), whatever the strings hold.
#include "model/json_text.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/game/game.h"
#include "model/codec.h"

namespace corrchess::model {
namespace {

using nlohmann::json;

TEST(JsonTextWriter, NestedDocumentReadsBack) {
  JsonText out;
  out.begin_object();
  out.field("id", std::string("17")).field("ply", 3).field("version", std::int64_t{1} << 40);
  out.field("over", false).key("nothing").null();
  out.optional_field("absent", std::optional<int>{});
  out.optional_field("present", std::optional<int>{5});
  out.key("moves").begin_array().value("e4").value("e5").end_array();
  out.key("stored").raw(R"({"a":[1,2]})");
  out.end_object();
  const auto text = out.take();
  EXPECT_EQ(json::parse(text), json::parse(R"({"id":"17","ply":3,"version":1099511627776,
    "over":false,"nothing":null,"present":5,"moves":["e4","e5"],"stored":{"a":[1,2]}})"));
  // The writer is ready for the next document.
  out.begin_array().end_array();
  EXPECT_EQ(out.take(), "[]");
}

TEST(JsonTextWriter, StringsOfAnyContentReadBackUnchanged) {
  const std::string odd[] = {"quote \" and backslash \\",
                             "new\nline\ttab",
                             std::string("nul\0byte", 8),
                             "\x01\x1f control",
                             "Grüße, ¡hola!, 王",
                             "</script>",
                             ""};
  for (const auto& s : odd) {
    JsonText out;
    out.begin_object().field("message", s).end_object();
    const auto text = out.take();
    EXPECT_EQ(json::parse(text).at("message").get<std::string>(), s) << text;
  }
}

TEST(JsonTextWriter, MistakesInTheCodeThrow) {
  JsonText value_without_key;
  value_without_key.begin_object();
  EXPECT_THROW(value_without_key.value(1), std::logic_error);
  JsonText unfinished;
  unfinished.begin_object().field("a", 1);
  EXPECT_THROW((void)unfinished.take(), std::logic_error);
  JsonText unbalanced;
  unbalanced.begin_array();
  EXPECT_THROW(unbalanced.end_object(), std::logic_error);
}

TEST(JsonTextWriter, ClockShapes) {
  game::ClockView running{86400 * 3, true, game::Timestamp{1'700'000'000}, 86400, false};
  JsonText out;
  write_clock(out, running);
  EXPECT_EQ(json::parse(out.take()),
            json::parse(R"({"remaining_seconds":259200,"running":true,"on_leave":false,
              "deadline":"2023-11-14T22:13:20Z","bank_seconds":86400})"));
  game::ClockView waiting{500, false, std::nullopt, std::nullopt, true};
  write_clock(out, waiting);
  EXPECT_EQ(json::parse(out.take()),
            json::parse(R"({"remaining_seconds":500,"running":false,"on_leave":true})"));
  EXPECT_EQ(clock_json(waiting), json::parse(R"({"remaining_seconds":500,"running":false,
    "on_leave":true})"));
}

TEST(JsonTextWriter, TimeControlsReadBackAsThemselves) {
  const game::TimeControl controls[] = {
      game::IccfStandard{10, 50, 1}, game::IccfStandard{10, 40, std::nullopt},
      game::FischerDays{30, 1, 60},  game::FischerDays{10, 2, std::nullopt},
      game::DaysPerMove{3, 10},      game::DaysPerMove{5, std::nullopt},
      game::TripleBlock{5, 50, true}};
  for (const auto& control : controls) {
    JsonText out;
    write_time_control(out, control);
    const auto read = time_control_from_json(json::parse(out.take()));
    ASSERT_TRUE(read.has_value()) << time_control_json(control).dump();
    // DaysPerMove without a bank reads back with a bank of 0 days, as the API shows it.
    if (const auto* d = std::get_if<game::DaysPerMove>(&control); d && !d->bank_days) {
      EXPECT_EQ(std::get<game::DaysPerMove>(*read).bank_days.value_or(0), 0);
      continue;
    }
    EXPECT_EQ(*read, control) << time_control_json(control).dump();
  }
  EXPECT_EQ(time_control_json(game::IccfStandard{10, 50, std::nullopt}),
            json::parse(R"({"type":"iccf","moves":10,"days":50})"));
}

}  // namespace
}  // namespace corrchess::model
