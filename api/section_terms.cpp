#include "api/section_terms.h"

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "model/codec.h"

namespace corrchess::api {

Result<model::SectionTerms> parse_section_terms(const nlohmann::json& body) {
  Fields in(body);
  model::SectionTerms t;
  const auto rules = in.take(parse_rule_settings(body));
  if (in.ok() && rules.start_position) {
    return fail(ErrorCode::kValidationError,
                "start_position: a Chess960 section draws its own start position");
  }
  if (in.ok() && rules.start_at) {
    return fail(ErrorCode::kValidationError,
                "start_at: a section starts when its players are there");
  }
  t.variant = rules.variant;
  t.time_control = rules.time_control;
  t.rules = rules.rules;
  if (auto days = in.take(optional_int_in(body, "leave_days_per_year", 0, 366))) {
    t.leave_days_per_year = *days;
  }
  for (auto [field, target] :
       {std::pair{"double_round", &t.double_round}, std::pair{"allow_518", &t.allow_518},
        std::pair{"rated", &t.rated}, std::pair{"auto_adjudicate", &t.auto_adjudicate}}) {
    if (auto v = in.optional_bool(field)) *target = *v;
  }
  if (auto days = in.take(optional_int_in(body, "section_days", 1, model::kMaxSectionDays))) {
    t.section_days = *days;
  }
  return in.finish(std::move(t));
}

nlohmann::json section_terms_json(const model::SectionTerms& t) {
  return {{"variant", game::to_string(t.variant)},
          {"allow_518", t.allow_518},
          {"time_control", model::time_control_json(t.time_control)},
          {"leave_days_per_year", t.leave_days_per_year},
          {"draw_min_moves", t.rules.no_draw_before_move},
          {"ten_moves_rule", t.rules.ten_moves_rule},
          {"silence_rule", t.rules.silence_rule},
          {"messages_allowed", t.rules.messages_allowed},
          {"double_round", t.double_round},
          {"rated", t.rated},
          {"section_days", t.section_days ? nlohmann::json(*t.section_days) : nlohmann::json()},
          {"auto_adjudicate", t.auto_adjudicate}};
}

std::vector<FieldDoc> with_section_terms_fields(std::vector<FieldDoc> fields) {
  for (auto& f : std::vector<FieldDoc>{
           {"leave_days_per_year", "integer", false, "0..366; default 45"},
           {"double_round", "boolean", false, ""},
           {"rated", "boolean", false, "default true"},
           {"section_days", "integer", false,
            "1..3650: each section's event ends this many days after it starts (its end date); "
            "default none"},
           {"auto_adjudicate", "boolean", false,
            "the sections' events adjudicate by themselves (default false)"}}) {
    fields.push_back(std::move(f));
  }
  return fields;
}

}  // namespace corrchess::api
