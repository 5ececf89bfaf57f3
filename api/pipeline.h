// One request pipeline for the HTTP routes. A route entry (Endpoint) declares its method, path,
// who may call it (Access, api/route_doc.h), what its {id} path parameter names (IdKind), its
// documentation (Doc: the OpenAPI document is generated from the entries) and, through the
// handler's second parameter, the type its JSON body decodes to. Exposing a use case as a new
// route is one `routes.add` in a route file. For every request the pipeline, in this order:
//   1. authenticates the caller (bearer token or session cookie, api/accounts.h) unless the
//      route is public: 401 unauthorized;
//   2. checks the access level: 403 forbidden for a director or admin route;
//   3. parses the {id} parameter as a positive integer: 404 not_found naming the kind;
//   4. decodes the body once into the declared request type: 400 validation_error;
//   5. calls the handler and renders its error, if any, as problem+json (api/problem.h).
// Whether the {id} names something is found by the handler, which loads it anyway (step 5:
// 404 not_found, "no event 12"). So that an unknown id answers 404 before a refused body, a
// request on a route with an {id} refused with a 400 or 415 (its body at step 4, or what the
// handler refuses of its body or query) answers that 404 instead when the id names nothing the
// caller may name (app/resources.h): one query, run only on requests refused anyway. A
// {username} in the path is checked the same way, after the {id} (unknown_user_first).
// Object-level decisions (is the caller a player of this game?) stay in app/.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "api/http.h"
#include "api/router.h"
#include "app/handles.h"
#include "core/error.h"
#include "model/resources.h"
#include "model/users.h"

namespace corrchess::api {

// What the {id} path parameter of a route names: a kind of resource (model/resources.h), whose
// name appears in the 404 of a malformed or unknown id ("no game abc"). An Endpoint without
// one declares no {id}.
using IdKind = model::Resource;
using model::to_string;

// Short names of the access levels and id kinds for route entries:
// {"POST", "/api/v1/games/{id}/resign", kPlayer, kGame, Doc(...)}.
inline constexpr Access kUser = Access::kUser;
inline constexpr Access kPlayer = Access::kPlayer;
inline constexpr Access kDirector = Access::kDirector;
inline constexpr Access kAdmin = Access::kAdmin;
inline constexpr IdKind kGame = IdKind::kGame;
inline constexpr IdKind kEvent = IdKind::kEvent;
inline constexpr IdKind kChallenge = IdKind::kChallenge;
inline constexpr IdKind kLeave = IdKind::kLeave;
inline constexpr IdKind kWebhook = IdKind::kWebhook;
inline constexpr IdKind kSeries = IdKind::kSeries;
inline constexpr IdKind kCup = IdKind::kCup;
inline constexpr IdKind kChampionship = IdKind::kChampionship;
inline constexpr IdKind kTeam = IdKind::kTeam;
inline constexpr IdKind kTeamMatch = IdKind::kTeamMatch;
inline constexpr IdKind kOlympiad = IdKind::kOlympiad;
inline constexpr IdKind kPushSubscription = IdKind::kPushSubscription;

// A route entry of the pipeline: everything about a route but its handler, its documentation
// included (the OpenAPI document is generated from the entries, api/openapi.h).
struct Endpoint {
  std::string method;  // "GET", "POST", ...
  std::string path;    // pattern, "/api/v1/games/{id}"
  Access access = Access::kUser;
  std::optional<IdKind> id;  // none: the path has no {id}
  Doc doc;

  Endpoint(std::string m, std::string p, Access a = Access::kUser,
           std::optional<IdKind> i = std::nullopt, Doc d = {})
      : method(std::move(m)), path(std::move(p)), access(a), id(i), doc(std::move(d)) {}
  Endpoint(std::string m, std::string p, Access a, Doc d)
      : Endpoint(std::move(m), std::move(p), a, std::nullopt, std::move(d)) {}
};

// What a handler gets besides its decoded body.
struct Call {
  const Request& request;
  const PathParams& params;
  const model::User* user = nullptr;  // the caller; null only on Access::kNone routes
  std::int64_t id = 0;                // the {id} parameter (0 when the route declares none)

  // The signed-in caller (routes whose access is not kNone).
  const model::User& caller() const { return *user; }
};

// A request type: a struct with
//   static Result<T> from_json(const nlohmann::json& body, const Request& request);
// validating every field (kValidationError naming it), and optionally
//   static constexpr bool kEmptyBody = true;
// when an empty body counts as {}.
template <class T>
concept RequestType = requires(const nlohmann::json& body, const Request& request) {
  { T::from_json(body, request) } -> std::same_as<Result<T>>;
};

template <class T>
constexpr bool empty_body_allowed() {
  if constexpr (requires { T::kEmptyBody; }) {
    return T::kEmptyBody;
  } else {
    return false;
  }
}

using CallHandler = std::function<Result<Response>(const Call&)>;
template <class T>
using BodyHandler = std::function<Result<Response>(const Call&, T&&)>;

// `answered`, or, when it is a refusal of the request's body or query (400 or 415), the 404 of
// the {username} in its path if nobody is called that: the path is checked before the body
// (docs/api.md "Errors"). The pipeline calls it for every route whose path has a {username}.
Result<Response> unknown_user_first(app::Database& pool, const PathParams& params,
                                    Result<Response> answered);

// A positive integer id (decimal digits only), else kNotFound naming `what`.
Result<std::int64_t> parse_id(const std::string& text, const char* what = "game");

// Registers routes on a Router through the pipeline. `router` and `pool` must outlive it and
// every registered route. `tag` groups the routes in the OpenAPI document (an entry's own
// Doc::tag wins).
class Routes {
 public:
  Routes(Router& router, app::Database& pool, std::string tag = "")
      : router_(router), pool_(pool), tag_(std::move(tag)) {}

  // A route without a body, or whose handler reads its body itself (its Doc declares the body
  // fields, or reading_own_body(), or soap_route()). A route that takes no body accepts an
  // empty one or a JSON object, which it ignores; another body is refused at step 4 (415
  // unsupported_media_type when not labelled JSON, 400 validation_error when not a JSON
  // object) and the handler does not run.
  void add(Endpoint endpoint, CallHandler handler);

  // A route whose JSON body decodes to T before the handler runs.
  template <RequestType T>
  void add(Endpoint endpoint, BodyHandler<T> handler) {
    add_route(std::move(endpoint), CallHandler([handler = std::move(handler)](const Call& call) {
                auto decoded = decode<T>(call.request);
                if (!decoded) return Result<Response>(std::unexpected(std::move(decoded.error())));
                return handler(call, std::move(*decoded));
              }));
  }

  // Step 4 on its own, for a handler that must refuse some calls before reading the body: the
  // body of `request` decoded into T.
  template <RequestType T>
  static Result<T> decode(const Request& request) {
    TRY_LET(body, decode_body(request, empty_body_allowed<T>()));
    return T::from_json(*body, request);
  }

  app::Database& pool() { return pool_; }

 private:
  static Result<nlohmann::json> decode_body(const Request& request, bool allow_empty);
  // Registers `handler` as it is (steps 1 to 3 and 5, its own step 4).
  void add_route(Endpoint endpoint, CallHandler handler);

  Router& router_;
  app::Database& pool_;
  std::string tag_;
};

// 204 with no body (the answer of deletions and of commands that return nothing).
Response no_content();
// no_content() once `done` succeeded, else its error.
Result<Response> no_content_after(const Result<void>& done);
// The handler of a route whose command acts on the route's {id} and answers 204 once it
// succeeded: `command(deps, caller, id)`, e.g. no_content_command(deps, app::leave_event).
// `deps` must outlive the route.
template <class Deps, class Command>
CallHandler no_content_command(Deps& deps, Command command) {
  return
      [&deps, command](const Call& c) { return no_content_after(command(deps, c.caller(), c.id)); };
}
// The JSON answer `view(*done)` with `status` once `done` succeeded, else its error.
template <class T, class View>
Result<Response> json_after(const Result<T>& done, View&& view, int status = 200) {
  if (!done) return std::unexpected(done.error());
  return json_response(status, view(*done));
}

// A request type that is the one value a parse function reads from the body, e.g.
// `ParsedBody<parse_preferences>` for `Result<notify::Preferences> parse_preferences(const
// nlohmann::json&)`; the handler finds it in `value`.
template <auto Parse>
struct ParsedBody {
  using Value = typename decltype(Parse(std::declval<const nlohmann::json&>()))::value_type;
  Value value;

  static Result<ParsedBody> from_json(const nlohmann::json& body, const Request&) {
    TRY_LET(parsed, Parse(body));
    return ParsedBody{std::move(*parsed)};
  }
};

}  // namespace corrchess::api
