#include "api/event_requests.h"

#include <vector>

#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/ratings.h"
#include "api/rule_settings.h"
#include "db/codec.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;
constexpr std::size_t kMaxAnalysis = 100000;

Result<std::string> reason_field(const json& body, const char* field = "reason") {
  auto reason = required_string(body, field, kMaxReason, Text::kMultiline);
  if (!reason) return reason;
  if (reason->find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError,
                std::string("field '") + field + "' must not be empty");
  }
  return reason;
}

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
  app::EventCreation c;
  auto& s = c.settings;
  auto name = reason_field(body, "name");
  if (!name) return std::unexpected(name.error());
  if (name->size() > 200) return fail(ErrorCode::kValidationError, "field 'name' is too long");
  s.name = *name;
  auto rules = parse_rule_settings(body);
  if (!rules) return std::unexpected(rules.error());
  s.variant = rules->variant;
  s.start_position = rules->start_position;
  s.time_control = rules->time_control;
  s.rules = rules->rules;
  c.start_at = rules->start_at;
  auto leave_days = optional_int_in(body, "leave_days_per_year", 0, 366);
  if (!leave_days) return std::unexpected(leave_days.error());
  if (*leave_days) s.leave_days_per_year = **leave_days;
  for (auto [field, target] :
       {std::pair{"double_round", &s.double_round}, std::pair{"allow_518", &s.allow_518},
        std::pair{"open_for_entry", &s.open_for_entry}}) {
    auto v = optional_bool(body, field);
    if (!v) return std::unexpected(v.error());
    if (*v) *target = **v;
  }
  auto visibility = optional_keyword(body, "visibility", db::parse_visibility);
  if (!visibility) return std::unexpected(visibility.error());
  if (*visibility) s.visibility = **visibility;
  auto delay = optional_int_in(body, "delay_moves", 0, 1000);
  if (!delay) return std::unexpected(delay.error());
  s.delay_moves = delay->value_or(0);
  if (s.visibility == db::Visibility::kDelayed && s.delay_moves < 1) {
    return fail(ErrorCode::kValidationError, "visibility 'delayed' needs delay_moves (plies) >= 1");
  }
  if (s.visibility != db::Visibility::kDelayed && s.delay_moves != 0) {
    return fail(ErrorCode::kValidationError, "delay_moves is only for visibility 'delayed'");
  }
  auto max_players = optional_int_in(body, "max_players", 2, 100);
  if (!max_players) return std::unexpected(max_players.error());
  s.max_players = *max_players;
  auto end_at = optional_instant(body, "end_at");
  if (!end_at) return std::unexpected(end_at.error());
  s.end_at = *end_at;
  auto rating_terms = parse_event_rating_terms(body);
  if (!rating_terms) return std::unexpected(rating_terms.error());
  c.rating_terms = *rating_terms;
  auto players = player_names(body);
  if (!players) return std::unexpected(players.error());
  c.players = std::move(*players);
  return c;
}

}  // namespace

Result<app::EventCreation> parse_event_creation(const json& body) { return parse_creation(body); }

Result<EventPlayerBody> EventPlayerBody::from_json(const json& body, const Request&) {
  auto username = required_string(body, "username", 64);
  if (!username) return std::unexpected(username.error());
  return EventPlayerBody{*username};
}

Result<WithdrawBody> WithdrawBody::from_json(const json& body, const Request&) {
  auto username = required_string(body, "username", 64);
  if (!username) return std::unexpected(username.error());
  auto reason = reason_field(body);
  if (!reason) return std::unexpected(reason.error());
  return WithdrawBody{*username, *reason};
}

Result<ReplaceBody> ReplaceBody::from_json(const json& body, const Request&) {
  auto username = required_string(body, "username", 64);
  if (!username) return std::unexpected(username.error());
  auto replacement = required_string(body, "replacement", 64);
  if (!replacement) return std::unexpected(replacement.error());
  auto reason = reason_field(body);
  if (!reason) return std::unexpected(reason.error());
  return ReplaceBody{*username, *replacement, *reason};
}

Result<ClaimFilingBody> ClaimFilingBody::from_json(const json& body, const Request&) {
  std::string game_text;
  if (body.contains("game_id") && body["game_id"].is_number_integer()) {
    game_text = std::to_string(body["game_id"].get<long long>());
  } else {
    auto g = required_string(body, "game_id", 32);
    if (!g) return std::unexpected(g.error());
    game_text = *g;
  }
  auto game_id = parse_id(game_text, "game");
  if (!game_id) return fail(ErrorCode::kValidationError, "no game " + game_text);
  auto claim = required_string(body, "claim", 16);
  if (!claim) return std::unexpected(claim.error());
  auto analysis = optional_string(body, "analysis", kMaxAnalysis, Text::kMultiline);
  if (!analysis) return std::unexpected(analysis.error());
  return ClaimFilingBody{*game_id, *claim, *analysis};
}

}  // namespace corrchess::api
