#include "api/pipeline.h"

#include <optional>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/problem.h"
#include "app/resources.h"
#include "app/roles.h"
#include "model/resources.h"

namespace corrchess::api {

Result<std::int64_t> parse_id(const std::string& text, const char* what) {
  if (const auto id = positive_id(text)) return *id;
  return fail(ErrorCode::kNotFound, std::string("no ") + what + " " + text);
}

Result<Response> unknown_user_first(app::Database& pool, const PathParams& params,
                                    Result<Response> answered) {
  if (answered) return answered;
  const auto status = http_status(answered.error().code);
  if (status != 400 && status != 415) return answered;
  auto found = app::require_user(pool, params.at("username"));
  if (!found && found.error().code == ErrorCode::kNotFound) {
    return std::unexpected(std::move(found.error()));
  }
  return answered;
}

namespace {

// `refused`, the error of a request refused for its body or its other input (400 or 415), or
// the 404 of the call's {id} when that names nothing as its caller may name it (one query).
// The body's error when the query fails: it is certain.
Error unknown_id_first(app::Database& pool, IdKind kind, const Call& call, Error refused) {
  const auto status = http_status(refused.code);
  // Without a caller (a public route) there is no one to name an owned resource for.
  if ((status != 400 && status != 415) || call.user == nullptr) return refused;
  auto found = app::require_exists(pool, *call.user, kind, call.id);
  if (!found && found.error().code == ErrorCode::kNotFound) return std::move(found.error());
  return refused;
}

// Steps 1 to 3 of the pipeline, then the handler (steps 4 and 5), whose refusal of a request
// with an unknown {id} becomes that id's 404.
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
  if (endpoint.id) {
    const std::string what{to_string(*endpoint.id)};
    TRY_LET(id, parse_id(params.at("id"), what.c_str()));
    call.id = *id;
  }
  auto answered = handler(call);
  if (!answered && endpoint.id) {
    answered =
        std::unexpected(unknown_id_first(pool, *endpoint.id, call, std::move(answered.error())));
  }
  if (!answered && params.contains("username")) {
    return unknown_user_first(pool, params, std::move(answered));
  }
  return answered;
}

}  // namespace

void Routes::add(Endpoint endpoint, CallHandler handler) {
  const Doc& doc = endpoint.doc;
  if (!doc.body.empty() || doc.reads_own_body || doc.soap || doc.before_routing()) {
    add_route(std::move(endpoint), std::move(handler));
    return;
  }
  // Takes no body: step 4 only refuses one that is not empty or a JSON object.
  add_route(std::move(endpoint),
            [handler = std::move(handler)](const Call& call) -> Result<Response> {
              TRY(decode_body(call.request, true));
              return handler(call);
            });
}

void Routes::add_route(Endpoint endpoint, CallHandler handler) {
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
