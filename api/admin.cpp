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

// POST /admin/games/{id}/result: {result, termination, reason}.
struct ResultBody {
  game::GameResult result;
  game::Termination termination;
  std::string reason;

  static Result<ResultBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto result_text = in.required_string("result", 16);
    auto termination_text = in.required_string("termination", 32);
    auto reason = in.nonblank_text("reason", kMaxReasonLength);
    auto result = in.take(game::parse_game_result(result_text));
    auto termination = in.take(game::parse_termination(termination_text));
    return in.finish(ResultBody{result, termination, reason});
  }
};

// A director's command with only a reason: {reason}.
struct ReasonBody {
  std::string reason;

  static Result<ReasonBody> from_json(const json& body, const Request&) {
    Fields in(body);
    return in.finish(ReasonBody{in.nonblank_text("reason", kMaxReasonLength)});
  }
};

// POST /admin/games/{id}/clock: {side, reason} and exactly one of remaining_seconds,
// adjust_seconds, bank_seconds.
struct ClockBody {
  Color side = Color::kWhite;
  game::AdjustmentKind kind = game::AdjustmentKind::kSetRemaining;
  std::int64_t seconds = 0;
  std::string reason;

  static Result<ClockBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto side = in.take(game::parse_color(in.required_string("side", 16)));
    auto reason = in.nonblank_text("reason", kMaxReasonLength);
    if (!in.ok()) return in.error();
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
      auto v = in.optional_int(c.field);
      if (!in.ok()) return in.error();
      if (!v) continue;
      ++given;
      const auto value = *v;
      if (!c.may_be_negative && value < 0) {
        return fail(ErrorCode::kValidationError,
                    std::string("field '") + c.field + "' must not be negative");
      }
      if (std::llabs(value) > kMaxClockSeconds) {
        return fail(ErrorCode::kValidationError, std::string("field '") + c.field +
                                                     "' must be at most " +
                                                     std::to_string(kMaxClockSeconds) + " seconds");
      }
      if (c.kind == game::AdjustmentKind::kAdjustRemaining && value == 0) {
        return fail(ErrorCode::kValidationError, "field 'adjust_seconds' must not be zero");
      }
      chosen = std::pair{c, value};
    }
    if (given != 1) {
      return fail(ErrorCode::kValidationError,
                  "give exactly one of remaining_seconds, adjust_seconds or bank_seconds");
    }
    return ClockBody{side, chosen->first.kind, chosen->second, reason};
  }
};

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

Result<Response> audit(GameServiceDeps& deps, const Request& request, const model::User& user) {
  app::AuditQuery query;
  TRY_LET(game_id, id_filter(request, "game_id"));
  query.game_id = *game_id;
  TRY_LET(event_id, id_filter(request, "event_id"));
  query.event_id = *event_id;
  if (auto it = request.query.find("limit"); it != request.query.end()) {
    const auto& t = it->second;
    if (t.empty() || t.size() > 4 || t.find_first_not_of("0123456789") != std::string::npos ||
        std::stoll(t) < 1 || std::stoll(t) > 1000) {
      return fail(ErrorCode::kValidationError, "limit must be an integer from 1 to 1000");
    }
    query.limit = std::stoll(t);
  }
  if (auto it = request.query.find("user"); it != request.query.end()) {
    TRY(app::validate_username(it->second));
    query.username = it->second;
  }
  TRY_LET(records, app::audit_log(deps.pool, user, query));
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

Result<Response> board(GameServiceDeps& deps, const Request& request, const model::User& user,
                       std::int64_t id) {
  BoardSvgOptions options;
  if (auto it = request.query.find("orientation"); it != request.query.end()) {
    if (it->second != "white" && it->second != "black") {
      return fail(ErrorCode::kValidationError, "orientation must be white or black");
    }
    options.flip = it->second == "black";
  }
  if (auto it = request.query.find("flip"); it != request.query.end()) {
    auto flip = flag_value(it->second);
    if (!flip) {
      return fail(ErrorCode::kValidationError, "flip must be 1, 0, true or false");
    }
    if (*flip) options.flip = !options.flip;
  }
  TRY_LET(shown, app::view_game(deps, user, id));
  if (!shown->state.moves.empty()) options.last_move = uci_squares(shown->state.moves.back().uci);
  return text_response(200, "image/svg+xml", render_board_svg(shown->state.position, options));
}

}  // namespace

void add_board_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "games");
  routes.add({"GET", "/api/v1/games/{id}/board.svg", Access::kUser, IdKind::kGame,
              Doc("The current position as a picture", 200, "SVG picture, last move highlighted")
                  .q({{"orientation", "string", false, "white (default) or black at the bottom"},
                      {"flip", "string", false, "1/true: turn the board around"}})
                  .as("image/svg+xml")},
             [&deps](const Call& c) { return board(deps, c.request, c.caller(), c.id); });
}

void add_admin_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "directors");
  routes.add(
      {"POST", "/api/v1/admin/games/{id}/result", kDirector, kGame,
       Doc("Set a result: adjudicate, default, double default (0-0 by default)", 200, "the game",
           "Game")
           .in({{"result", "string", true, "1-0, 0-1, 1/2-1/2 or 0-0"},
                {"termination", "string", true, "must fit the result; not annulled"},
                {"reason", "string", true, "non-empty"}},
               {{"result", "1-0"}, {"termination", "adjudication"}, {"reason", "clear win"}})},
      BodyHandler<ResultBody>([&deps](const Call& c, ResultBody&& b) {
        return render_game(
            app::set_result(deps, c.caller(), c.id, b.result, b.termination, b.reason));
      }));
  routes.add(
      {"POST", "/api/v1/admin/games/{id}/annul", kDirector, kGame,
       Doc("Annul a game", 200, "the game", "Game")
           .in({{"reason", "string", true, "non-empty"}}, {{"reason", "irregular pairing"}})},
      BodyHandler<ReasonBody>([&deps](const Call& c, ReasonBody&& b) {
        return render_game(app::annul_game(deps, c.caller(), c.id, b.reason));
      }));
  routes.add(
      {"POST", "/api/v1/admin/games/{id}/clock", kDirector, kGame,
       Doc("Set or adjust a clock", 200, "the game", "Game")
           .in({{"side", "string", true, "white or black"},
                {"remaining_seconds", "integer", false, "set the remaining time (>= 0)"},
                {"adjust_seconds", "integer", false, "add (or with < 0 take) time"},
                {"bank_seconds", "integer", false, "set the bank (>= 0; controls with a bank)"},
                {"reason", "string", true, "non-empty; give exactly one value field"}},
               {{"side", "white"}, {"adjust_seconds", 86400}, {"reason", "postal delay"}})},
      BodyHandler<ClockBody>([&deps](const Call& c, ClockBody&& b) {
        return render_game(
            app::adjust_clock(deps, c.caller(), c.id, b.side, b.kind, b.seconds, b.reason));
      }));
  routes.add({"POST", "/api/v1/admin/games/{id}/suspend", kDirector, kGame,
              Doc("Stop both clocks", 200, "the game", "Game")
                  .in({{"reason", "string", true, "non-empty"}}, {{"reason", "appeal pending"}})},
             BodyHandler<ReasonBody>([&deps](const Call& c, ReasonBody&& b) {
               return render_game(app::set_suspended(deps, c.caller(), c.id, true, b.reason));
             }));
  routes.add({"POST", "/api/v1/admin/games/{id}/resume", kDirector, kGame,
              Doc("Restart the clocks", 200, "the game", "Game")
                  .in({{"reason", "string", true, "non-empty"}}, {{"reason", "appeal decided"}})},
             BodyHandler<ReasonBody>([&deps](const Call& c, ReasonBody&& b) {
               return render_game(app::set_suspended(deps, c.caller(), c.id, false, b.reason));
             }));
  routes.add({"GET", "/api/v1/admin/audit", kDirector,
              Doc("Audit records, newest first", 200, "{records: [AuditRecord]}", "AuditList")
                  .q({{"game_id", "string", false, "only this game"},
                      {"event_id", "string", false, "only this event"},
                      {"user", "string", false, "username: records by or about this user"},
                      {"limit", "integer", false, "1..1000, default 100"}})},
             [&deps](const Call& c) { return audit(deps, c.request, c.caller()); });
  add_board_routes(router, deps);
  add_openapi_routes(router);
}

}  // namespace corrchess::api
