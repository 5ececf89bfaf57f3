#include "api/admin.h"

#include <cstdlib>
#include <string>

#include "api/accounts.h"
#include "api/board_svg.h"
#include "api/json_body.h"
#include "api/openapi.h"
#include "app/audit.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

// Largest clock value or change a director may give (1000 days).
constexpr std::int64_t kMaxClockSeconds = 1000 * game::kSecondsPerDay;
constexpr std::size_t kMaxReasonLength = 2000;

// Authenticates, requires td or admin, then parses the {id} path parameter.
Handler with_director(GameServiceDeps& deps, GameHandler fn) {
  return [&deps, fn](const Request& request, const PathParams& params) {
    auto user = authenticate(deps.pool, request);
    if (!user) return problem_response(user.error());
    if (auto ok = require_director(*user); !ok) return problem_response(ok.error());
    std::int64_t id = 0;
    if (auto it = params.find("id"); it != params.end()) {
      auto parsed = parse_id(it->second);
      if (!parsed) return problem_response(parsed.error());
      id = *parsed;
    }
    return fn(request, *user, id);
  };
}

// The director's reason: a required, non-blank string.
Result<std::string> reason_field(const json& body) {
  auto reason = required_string(body, "reason", kMaxReasonLength, Text::kMultiline);
  if (!reason) return reason;
  if (reason->find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError, "field 'reason' must not be empty");
  }
  return reason;
}

Response set_result(GameServiceDeps& deps, const Request& request, const db::User& user,
                    std::int64_t id) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto result_text = required_string(*body, "result", 16);
  if (!result_text) return problem_response(result_text.error());
  auto termination_text = required_string(*body, "termination", 32);
  if (!termination_text) return problem_response(termination_text.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  auto result = game::parse_game_result(*result_text);
  if (!result) return problem_response(result.error());
  auto termination = game::parse_termination(*termination_text);
  if (!termination) return problem_response(termination.error());
  return render_game(app::set_result(deps, user, id, *result, *termination, *reason));
}

Response annul(GameServiceDeps& deps, const Request& request, const db::User& user,
               std::int64_t id) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  return render_game(app::annul_game(deps, user, id, *reason));
}

Response adjust_clock(GameServiceDeps& deps, const Request& request, const db::User& user,
                      std::int64_t id) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto side_text = required_string(*body, "side", 16);
  if (!side_text) return problem_response(side_text.error());
  auto side = game::parse_color(*side_text);
  if (!side) return problem_response(side.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  struct Choice {
    const char* field;
    game::AdjustmentKind kind;
    bool may_be_negative;
  };
  const Choice choices[] = {{"remaining_seconds", game::AdjustmentKind::kSetRemaining, false},
                            {"adjust_seconds", game::AdjustmentKind::kAdjustRemaining, true},
                            {"bank_seconds", game::AdjustmentKind::kSetBank, false}};
  std::optional<std::pair<Choice, std::int64_t>> chosen;
  int given = 0;
  for (const auto& c : choices) {
    auto v = optional_int(*body, c.field);
    if (!v) return problem_response(v.error());
    if (!*v) continue;
    ++given;
    const auto value = **v;
    if (!c.may_be_negative && value < 0) {
      return problem_response(Error{ErrorCode::kValidationError,
                                    std::string("field '") + c.field + "' must not be negative"});
    }
    if (std::llabs(value) > kMaxClockSeconds) {
      return problem_response(Error{ErrorCode::kValidationError,
                                    std::string("field '") + c.field + "' must be at most " +
                                        std::to_string(kMaxClockSeconds) + " seconds"});
    }
    if (c.kind == game::AdjustmentKind::kAdjustRemaining && value == 0) {
      return problem_response(
          Error{ErrorCode::kValidationError, "field 'adjust_seconds' must not be zero"});
    }
    chosen = std::pair{c, value};
  }
  if (given != 1) {
    return problem_response(
        Error{ErrorCode::kValidationError,
              "give exactly one of remaining_seconds, adjust_seconds or bank_seconds"});
  }
  return render_game(
      app::adjust_clock(deps, user, id, *side, chosen->first.kind, chosen->second, *reason));
}

// Suspend (true) or resume (false) both clocks.
Response suspension(GameServiceDeps& deps, const Request& request, const db::User& user,
                    std::int64_t id, bool suspend) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  return render_game(app::set_suspended(deps, user, id, suspend, *reason));
}

// An optional positive id filter from the query string.
Result<std::optional<std::int64_t>> id_filter(const Request& request, const char* name) {
  auto it = request.query.find(name);
  if (it == request.query.end()) return std::optional<std::int64_t>{};
  auto id = parse_id(it->second, name);
  if (!id) {
    return fail(ErrorCode::kValidationError,
                std::string("query parameter '") + name + "' must be a positive integer id");
  }
  return std::optional<std::int64_t>{*id};
}

Response audit(GameServiceDeps& deps, const Request& request, const db::User& user) {
  app::AuditQuery query;
  auto game_id = id_filter(request, "game_id");
  if (!game_id) return problem_response(game_id.error());
  query.game_id = *game_id;
  auto event_id = id_filter(request, "event_id");
  if (!event_id) return problem_response(event_id.error());
  query.event_id = *event_id;
  if (auto it = request.query.find("limit"); it != request.query.end()) {
    const auto& t = it->second;
    if (t.empty() || t.size() > 4 || t.find_first_not_of("0123456789") != std::string::npos ||
        std::stoll(t) < 1 || std::stoll(t) > 1000) {
      return problem_response(
          Error{ErrorCode::kValidationError, "limit must be an integer from 1 to 1000"});
    }
    query.limit = std::stoll(t);
  }
  if (auto it = request.query.find("user"); it != request.query.end()) {
    if (auto ok = app::validate_username(it->second); !ok) return problem_response(ok.error());
    query.username = it->second;
  }
  auto records = app::audit_log(deps.pool, user, query);
  if (!records) return problem_response(records.error());
  json out = json::array();
  for (const auto& a : *records) {
    json r = {{"at", a.at},         {"actor", a.actor ? json(*a.actor) : json()},
              {"action", a.action}, {"target", a.target ? json(*a.target) : json()},
              {"detail", a.detail}, {"reason", a.reason ? json(*a.reason) : json()}};
    if (a.game_id) r["game_id"] = std::to_string(*a.game_id);
    if (a.event_id) r["event_id"] = std::to_string(*a.event_id);
    out.push_back(std::move(r));
  }
  return json_response(200, {{"records", out}});
}

// "1"/"true" or "0"/"false"; nullopt for anything else.
std::optional<bool> flag_value(const std::string& text) {
  if (text == "1" || text == "true") return true;
  if (text == "0" || text == "false") return false;
  return std::nullopt;
}

Response board(GameServiceDeps& deps, const Request& request, const db::User& user,
               std::int64_t id) {
  BoardSvgOptions options;
  if (auto it = request.query.find("orientation"); it != request.query.end()) {
    if (it->second != "white" && it->second != "black") {
      return problem_response(
          Error{ErrorCode::kValidationError, "orientation must be white or black"});
    }
    options.flip = it->second == "black";
  }
  if (auto it = request.query.find("flip"); it != request.query.end()) {
    auto flip = flag_value(it->second);
    if (!flip) {
      return problem_response(
          Error{ErrorCode::kValidationError, "flip must be 1, 0, true or false"});
    }
    if (*flip) options.flip = !options.flip;
  }
  auto shown = app::view_game(deps, user, id);
  if (!shown) return problem_response(shown.error());
  if (!shown->state.moves.empty()) options.last_move = uci_squares(shown->state.moves.back().uci);
  return text_response(200, "image/svg+xml", render_board_svg(shown->state.position, options));
}

}  // namespace

void add_board_routes(Router& router, GameServiceDeps& deps) {
  router.add("GET", "/api/v1/games/{id}/board.svg",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return board(deps, r, u, id);
             }));
}

void add_admin_routes(Router& router, GameServiceDeps& deps) {
  router.add("POST", "/api/v1/admin/games/{id}/result",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return set_result(deps, r, u, id);
             }));
  router.add("POST", "/api/v1/admin/games/{id}/annul",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return annul(deps, r, u, id);
             }));
  router.add("POST", "/api/v1/admin/games/{id}/clock",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return adjust_clock(deps, r, u, id);
             }));
  router.add("POST", "/api/v1/admin/games/{id}/suspend",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return suspension(deps, r, u, id, true);
             }));
  router.add("POST", "/api/v1/admin/games/{id}/resume",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return suspension(deps, r, u, id, false);
             }));
  router.add("GET", "/api/v1/admin/audit",
             with_director(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return audit(deps, r, u);
             }));
  add_board_routes(router, deps);
  add_openapi_routes(router);
}

}  // namespace corrchess::api
