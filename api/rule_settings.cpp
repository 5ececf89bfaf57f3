#include "api/rule_settings.h"

#include <string>

#include "core/game/time.h"
#include "model/codec.h"

namespace corrchess::api {

game::GameSetup RuleSettings::game_setup(game::Timestamp start_at_default) const {
  game::GameSetup setup;
  setup.variant = variant;
  setup.start_position = start_position;
  setup.time_control = time_control;
  setup.start_at = start_at.value_or(start_at_default);
  setup.rules = rules;
  return setup;
}

Result<std::optional<int>> optional_int_in(const nlohmann::json& body, const char* field, int lo,
                                           int hi) {
  TRY_LET(v, optional_int(body, field));
  if (!*v) return std::optional<int>{};
  if (**v < lo || **v > hi) {
    return fail(ErrorCode::kValidationError, std::string("field '") + field + "' must be " +
                                                 std::to_string(lo) + ".." + std::to_string(hi));
  }
  return std::optional<int>{static_cast<int>(**v)};
}

Result<std::optional<game::Timestamp>> optional_instant(const nlohmann::json& body,
                                                        const char* field) {
  TRY_LET(text, optional_string(body, field, 64));
  if (!*text) return std::optional<game::Timestamp>{};
  auto t = game::parse_rfc3339(**text);
  if (!t) {
    return fail(ErrorCode::kValidationError,
                std::string("field '") + field + "' must be an RFC 3339 date-time");
  }
  return std::optional<game::Timestamp>{*t};
}

Result<RuleSettings> parse_rule_settings(const nlohmann::json& body) {
  RuleSettings s;
  TRY_LET(variant, optional_keyword(body, "variant", game::parse_variant));
  if (*variant) s.variant = **variant;
  TRY_LET(position, optional_int_in(body, "start_position", kMinStartPosition, kMaxStartPosition));
  s.start_position = *position;
  if (s.start_position && s.variant != game::Variant::kChess960) {
    return fail(ErrorCode::kValidationError, "field 'start_position' is only for chess960");
  }
  if (!body.contains("time_control")) {
    return fail(ErrorCode::kValidationError, "field 'time_control' is required");
  }
  TRY_LET(control, model::time_control_from_json(body["time_control"]));
  s.time_control = *control;
  TRY_LET(draw_min_moves, optional_int_in(body, "draw_min_moves", 0, kMaxDrawMinMoves));
  if (*draw_min_moves) s.rules.no_draw_before_move = **draw_min_moves;
  for (auto [field, target] : {std::pair{"ten_moves_rule", &s.rules.ten_moves_rule},
                               std::pair{"silence_rule", &s.rules.silence_rule},
                               std::pair{"messages_allowed", &s.rules.messages_allowed}}) {
    TRY_LET(v, optional_bool(body, field));
    if (*v) *target = **v;
  }
  TRY_LET(start_at, optional_instant(body, "start_at"));
  s.start_at = *start_at;
  return s;
}

std::vector<FieldDoc> with_rule_settings(std::vector<FieldDoc> fields,
                                         const std::string& start_position_default) {
  const auto range = [](int lo, int hi) { return std::to_string(lo) + ".." + std::to_string(hi); };
  const FieldDoc shared[] = {
      {"time_control", "object", true, "see TimeControl"},
      {"variant", "string", false, "standard or chess960"},
      {"start_position", "integer", false,
       "Chess960 only, " + range(kMinStartPosition, kMaxStartPosition) + "; " +
           start_position_default},
      {"start_at", "string", false, "RFC 3339; default now"},
      {"draw_min_moves", "integer", false,
       range(0, kMaxDrawMinMoves) + ": no agreed draw before this move; default 0 (no limit)"},
      {"ten_moves_rule", "boolean", false, "default true"},
      {"silence_rule", "boolean", false, "default true"},
      {"messages_allowed", "boolean", false, "default true"}};
  fields.insert(fields.end(), std::begin(shared), std::end(shared));
  return fields;
}

std::vector<FieldDoc> with_competition_rule_settings(std::vector<FieldDoc> fields) {
  auto out = with_rule_settings(std::move(fields), "");
  std::erase_if(
      out, [](const FieldDoc& f) { return f.name == "start_position" || f.name == "start_at"; });
  return out;
}

nlohmann::json time_control_example() { return {{"type", "iccf"}, {"moves", 10}, {"days", 50}}; }

}  // namespace corrchess::api
