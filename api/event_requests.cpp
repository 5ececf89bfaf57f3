#include "api/event_requests.h"

#include <algorithm>
#include <array>
#include <vector>

#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/ratings.h"
#include "api/rule_settings.h"
#include "model/codec.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;
constexpr std::size_t kMaxAnalysis = 100000;

// The usernames of the optional `players` list (at most 100).
Result<std::vector<std::string>> player_names(const json& body) {
  std::vector<std::string> out;
  if (!body.contains("players") || body["players"].is_null()) return out;
  if (!body["players"].is_array()) {
    return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
  }
  if (body["players"].size() > 100) {
    return fail(ErrorCode::kValidationError, "an event has at most 100 players");
  }
  for (const auto& name : body["players"]) {
    if (!name.is_string()) {
      return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
    }
    out.push_back(name.get<std::string>());
  }
  return out;
}

// The event of POST /admin/events, as far as it can be checked without the database and
// the server's now (app::create_event checks the rest).
Result<app::EventCreation> parse_creation(const json& body) {
  Fields in(body);
  app::EventCreation c;
  auto& s = c.settings;
  s.name = in.nonblank_text("name", kMaxReason);
  if (in.ok() && s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "field 'name' is too long");
  }
  const auto rules = in.take(parse_rule_settings(body));
  s.variant = rules.variant;
  s.start_position = rules.start_position;
  s.time_control = rules.time_control;
  s.rules = rules.rules;
  c.start_at = rules.start_at;
  if (auto days = in.take(optional_int_in(body, "leave_days_per_year", 0, 366))) {
    s.leave_days_per_year = *days;
  }
  for (auto [field, target] :
       {std::pair{"double_round", &s.double_round}, std::pair{"allow_518", &s.allow_518},
        std::pair{"open_for_entry", &s.open_for_entry},
        std::pair{"auto_adjudicate", &s.auto_adjudicate}}) {
    if (auto v = in.optional_bool(field)) *target = *v;
  }
  if (auto visibility = in.take(optional_keyword(body, "visibility", model::parse_visibility))) {
    s.visibility = *visibility;
  }
  s.delay_moves = in.take(optional_int_in(body, "delay_moves", 0, 1000)).value_or(0);
  if (!in.ok()) return in.error();
  if (s.visibility == model::Visibility::kDelayed && s.delay_moves < 1) {
    return fail(ErrorCode::kValidationError, "visibility 'delayed' needs delay_moves (plies) >= 1");
  }
  if (s.visibility != model::Visibility::kDelayed && s.delay_moves != 0) {
    return fail(ErrorCode::kValidationError, "delay_moves is only for visibility 'delayed'");
  }
  s.max_players = in.take(optional_int_in(body, "max_players", 2, 100));
  s.end_at = in.take(optional_instant(body, "end_at"));
  c.rating_terms = in.take(parse_event_rating_terms(body));
  c.players = in.take(player_names(body));
  c.opening = in.optional_string("opening", 2000, Text::kMultiline);
  return in.finish(std::move(c));
}

// A member that may be null: none when absent, an empty inner value for null, else what
// `read` reads (which sees the member present and not null).
template <class T, class Read>
Result<std::optional<std::optional<T>>> nullable(const json& body, const char* field, Read read) {
  using Out = std::optional<std::optional<T>>;
  if (!body.contains(field)) return Out{};
  if (body[field].is_null()) return Out{std::optional<T>{}};
  TRY_LET(value, read(body, field));
  return Out{std::optional<T>{**value}};
}

}  // namespace

Result<app::EventCreation> parse_event_creation(const json& body) { return parse_creation(body); }

Result<app::EventChange> parse_event_change(const json& body) {
  static constexpr std::array kMembers{"name",           "start_at",    "end_at",
                                       "open_for_entry", "max_players", "rated",
                                       "min_rating",     "max_rating",  "reason"};
  for (const auto& [key, value] : body.items()) {
    if (std::ranges::find(kMembers, key) == kMembers.end()) {
      return fail(ErrorCode::kValidationError,
                  "field '" + key +
                      "' cannot be changed (name, start_at, end_at, open_for_entry, "
                      "max_players, rated, min_rating, max_rating; reason)");
    }
  }
  // null removes a setting that may be absent; these four always have a value.
  for (const char* field : {"name", "start_at", "open_for_entry", "rated"}) {
    if (body.contains(field) && body[field].is_null()) {
      return fail(ErrorCode::kValidationError,
                  std::string("field '") + field +
                      "' cannot be null: only end_at, max_players, min_rating and max_rating "
                      "can be removed");
    }
  }
  Fields in(body);
  app::EventChange c;
  if (body.contains("name")) {
    c.name = in.nonblank_text("name", kMaxReason);
    if (in.ok() && c.name->size() > 200) {
      return fail(ErrorCode::kValidationError, "field 'name' is too long");
    }
  }
  c.start_at = in.take(optional_instant(body, "start_at"));
  c.end_at = in.take(nullable<game::Timestamp>(
      body, "end_at", [](const json& b, const char* f) { return optional_instant(b, f); }));
  c.open_for_entry = in.optional_bool("open_for_entry");
  c.max_players = in.take(nullable<int>(body, "max_players", [](const json& b, const char* f) {
    return optional_int_in(b, f, 2, 100);
  }));
  c.rated = in.optional_bool("rated");
  for (auto [field, target] :
       {std::pair{"min_rating", &c.min_rating}, std::pair{"max_rating", &c.max_rating}}) {
    *target = in.take(nullable<int>(
        body, field, [](const json& b, const char* f) { return optional_int_in(b, f, 0, 4000); }));
  }
  c.reason = in.optional_string("reason", kMaxReason, Text::kMultiline).value_or("");
  return in.finish(std::move(c));
}

Result<CancelEventBody> CancelEventBody::from_json(const json& body, const Request&) {
  Fields in(body);
  return in.finish(CancelEventBody{in.nonblank_text("reason", kMaxReason)});
}

Result<EventPlayerBody> EventPlayerBody::from_json(const json& body, const Request&) {
  Fields in(body);
  return in.finish(EventPlayerBody{in.required_string("username", 64)});
}

Result<WithdrawBody> WithdrawBody::from_json(const json& body, const Request&) {
  Fields in(body);
  auto username = in.required_string("username", 64);
  auto reason = in.nonblank_text("reason", kMaxReason);
  return in.finish(WithdrawBody{username, reason});
}

Result<ReplaceBody> ReplaceBody::from_json(const json& body, const Request&) {
  Fields in(body);
  auto username = in.required_string("username", 64);
  auto replacement = in.required_string("replacement", 64);
  auto reason = in.nonblank_text("reason", kMaxReason);
  return in.finish(ReplaceBody{username, replacement, reason});
}

Result<ClaimFilingBody> ClaimFilingBody::from_json(const json& body, const Request&) {
  Fields in(body);
  auto game_id = in.required_id("game_id", "game");
  auto claim = in.required_string("claim", 16);
  auto analysis = in.optional_string("analysis", kMaxAnalysis, Text::kMultiline);
  return in.finish(ClaimFilingBody{game_id, claim, analysis});
}

}  // namespace corrchess::api
