// The section terms of a competition's definition and view (series, championships; docs/api.md
// "Series", "Championships"): one parser and one JSON form for the fields every section's
// games are played under.
#pragma once

#include <nlohmann/json.hpp>

#include <vector>

#include "api/route_doc.h"
#include "core/error.h"
#include "model/section_terms.h"

namespace corrchess::api {

// The rule settings of api/rule_settings.h (variant, time_control, draw_min_moves,
// ten_moves_rule, silence_rule, messages_allowed) without start_position and start_at (a
// section draws its Chess960 position and starts when its players are there: both refused),
// and leave_days_per_year (0..366, default 45), allow_518, double_round, rated (default
// true), section_days (1..3650, default none) and auto_adjudicate (default false).
// kValidationError naming the field.
Result<model::SectionTerms> parse_section_terms(const nlohmann::json& body);

// {variant, allow_518, time_control, leave_days_per_year, draw_min_moves, ten_moves_rule,
// silence_rule, messages_allowed, double_round, rated, section_days (null: none),
// auto_adjudicate}.
nlohmann::json section_terms_json(const model::SectionTerms& terms);

// `fields` and the documentation of the section terms parse_section_terms reads beyond the
// rule settings and allow_518: leave_days_per_year, double_round, rated, section_days,
// auto_adjudicate.
std::vector<FieldDoc> with_section_terms_fields(std::vector<FieldDoc> fields);

}  // namespace corrchess::api
