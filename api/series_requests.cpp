#include "api/series_requests.h"

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "api/section_terms.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxSeriesReason = 2000;
constexpr std::size_t kMaxOpening = 2000;
constexpr int kMaxWaitDays = 3650;

}  // namespace

Result<model::SeriesSettings> parse_series_creation(const json& body) {
  Fields in(body);
  model::SeriesSettings s;
  s.name = in.nonblank_text("name", kMaxSeriesReason);
  if (in.ok() && s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "field 'name' is too long");
  }
  s.terms = in.take(parse_section_terms(body));
  for (auto [field, target] : {std::pair{"country_spread", &s.country_spread},
                               std::pair{"unrated_allowed", &s.gate.unrated_allowed}}) {
    if (auto v = in.optional_bool(field)) *target = *v;
  }
  s.opening = in.optional_string("opening", kMaxOpening, Text::kMultiline);
  if (!body.contains("section_size") || body["section_size"].is_null()) {
    return fail(ErrorCode::kValidationError, "field 'section_size' is required");
  }
  // Bounds beyond the rules' own (3..32) are the rules' to name (competition::validate).
  s.sections.section_size = in.take(optional_int_in(body, "section_size", -1000, 1000)).value_or(0);
  s.sections.min_section_size =
      in.take(optional_int_in(body, "min_section_size", -1000, 1000)).value_or(0);
  s.sections.max_wait =
      game::days(in.take(optional_int_in(body, "max_wait_days", 0, kMaxWaitDays)).value_or(0));
  s.gate.min_rating = in.take(optional_int_in(body, "min_rating", 0, 4000));
  s.gate.max_rating = in.take(optional_int_in(body, "max_rating", 0, 4000));
  s.gate.credit_from_series = in.optional_id("credit_from_series", "series");
  s.min_finished_games = in.take(optional_int_in(body, "min_finished_games", 0, 10000)).value_or(0);
  s.promotion.max_place = in.take(optional_int_in(body, "promotion_max_place", -1000, 1000));
  s.promotion.min_score_percent =
      in.take(optional_int_in(body, "promotion_min_score_percent", -1000, 1000));
  if (auto days = in.take(optional_int_in(body, "credit_valid_days", 1, 3660))) {
    s.credit_valid_days = *days;
  }
  return in.finish(std::move(s));
}

Result<RemoveEntryBody> RemoveEntryBody::from_json(const json& body, const Request&) {
  Fields in(body);
  return in.finish(RemoveEntryBody{in.nonblank_text("reason", kMaxSeriesReason)});
}

}  // namespace corrchess::api
