#include "api/pipeline.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "app/roles.h"

namespace corrchess::api {

std::string_view to_string(IdKind kind) {
  switch (kind) {
    case IdKind::kNone: return "";
    case IdKind::kGame: return "game";
    case IdKind::kEvent: return "event";
    case IdKind::kChallenge: return "challenge";
    case IdKind::kLeave: return "leave period";
    case IdKind::kWebhook: return "webhook";
    case IdKind::kSeries: return "series";
    case IdKind::kCup: return "cup";
    case IdKind::kChampionship: return "championship";
    case IdKind::kTeam: return "team";
    case IdKind::kTeamMatch: return "team match";
    case IdKind::kOlympiad: return "olympiad";
    case IdKind::kPushSubscription: return "push subscription";
  }
  return "";
}

Result<std::int64_t> parse_id(const std::string& text, const char* what) {
  // Digits only: std::stoll alone would accept " 12" and "+12".
  if (!text.empty() && text.size() <= 18 &&
      text.find_first_not_of("0123456789") == std::string::npos) {
    const auto id = std::stoll(text);
    if (id > 0) return id;
  }
  return fail(ErrorCode::kNotFound, std::string("no ") + what + " " + text);
}

namespace {

// Steps 1 to 3 of the pipeline, then the handler.
Result<Response> run(app::Database& pool, const Endpoint& endpoint, const CallHandler& handler,
                     const Request& request, const PathParams& params) {
  Call call{request, params};
  model::User user;
  if (endpoint.access != Access::kNone) {
    TRY_LET(signed_in, authenticate(pool, request));
    user = std::move(*signed_in);
    call.user = &user;
  }
  switch (endpoint.access) {
    case Access::kNone:
    case Access::kUser:
    case Access::kPlayer: break;
    case Access::kDirector: TRY(app::require_director(user)); break;
    case Access::kAdmin: TRY(app::require_admin(user)); break;
  }
  if (endpoint.id != IdKind::kNone) {
    const std::string what{to_string(endpoint.id)};
    TRY_LET(id, parse_id(params.at("id"), what.c_str()));
    call.id = *id;
  }
  return handler(call);
}

}  // namespace

void Routes::add(Endpoint endpoint, CallHandler handler) {
  RouteDoc entry{std::move(endpoint.doc), endpoint.method, endpoint.path, endpoint.access};
  if (entry.tag.empty()) entry.tag = tag_;
  router_.add(std::move(entry),
              [&pool = pool_, endpoint = std::move(endpoint), handler = std::move(handler)](
                  const Request& request, const PathParams& params) {
                auto answered = run(pool, endpoint, handler, request, params);
                if (!answered) return problem_response(answered.error());
                return std::move(*answered);
              });
}

Result<nlohmann::json> Routes::decode_body(const Request& request, bool allow_empty) {
  return json_object_body(request, allow_empty);
}

Response no_content() { return text_response(204, "application/json", ""); }

Result<Response> no_content_after(const Result<void>& done) {
  if (!done) return std::unexpected(done.error());
  return no_content();
}

}  // namespace corrchess::api
