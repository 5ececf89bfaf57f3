#include "model/json_text.h"

#include <stdexcept>
#include <type_traits>
#include <variant>

#include "core/game/game.h"
#include "core/game/time.h"

namespace corrchess::model {

JsonText& JsonText::raw(std::string_view json) {
  return done(writer_.RawValue(json.data(), json.size(), rapidjson::kObjectType));
}

std::string JsonText::take() {
  if (!writer_.IsComplete()) throw std::logic_error("JSON document left incomplete");
  std::string text(buffer_.GetString(), buffer_.GetSize());
  buffer_.Clear();
  writer_.Reset(buffer_);
  return text;
}

void write_time_control(JsonText& out, const game::TimeControl& control) {
  out.begin_object();
  std::visit(
      [&out](const auto& c) {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, game::IccfStandard>) {
          out.field("type", "iccf").field("moves", c.moves).field("days", c.days);
          out.optional_field("doubling_after_days", c.doubling_after_days);
        } else if constexpr (std::is_same_v<T, game::FischerDays>) {
          out.field("type", "fischer")
              .field("initial_days", c.initial_days)
              .field("increment_days", c.increment_days);
          out.optional_field("max_days", c.max_days);
        } else if constexpr (std::is_same_v<T, game::DaysPerMove>) {
          out.field("type", "per_move").field("days", c.days);
          out.field("bank_days", c.bank_days.value_or(0));
        } else {
          out.field("type", "triple_block")
              .field("increment_days", c.increment_days)
              .field("bank_days", c.bank_days)
              .field("sudden_death_protection", c.sudden_death_protection);
        }
      },
      control);
  out.end_object();
}

void write_clock(JsonText& out, const game::ClockView& c) {
  out.begin_object();
  out.field("remaining_seconds", c.remaining).field("running", c.running);
  out.field("on_leave", c.on_leave);
  if (c.deadline) out.field("deadline", game::format_rfc3339(*c.deadline));
  out.optional_field("bank_seconds", c.bank);
  out.end_object();
}

}  // namespace corrchess::model
