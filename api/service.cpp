#include "api/service.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "api/account_mail.h"
#include "api/adjudications.h"
#include "api/admin.h"
#include "api/archive.h"
#include "api/auth.h"
#include "api/blocks.h"
#include "api/calendar.h"
#include "api/challenges.h"
#include "api/championships.h"
#include "api/competitions.h"
#include "api/cups.h"
#include "api/events.h"
#include "api/game_talk.h"
#include "api/json_body.h"
#include "api/leave.h"
#include "api/notifications.h"
#include "api/pipeline.h"
#include "api/profiles.h"
#include "api/push.h"
#include "api/ratings.h"
#include "api/series.h"
#include "api/teams.h"
#include "api/xfcc.h"
#include "app/server_status.h"

namespace corrchess::api {

namespace {

// On every answer: no MIME sniffing, never inside a frame of another site, no address of
// ours in the Referer of links to other sites.
void add_security_headers(Response& response) {
  auto has = [&](std::string_view name) {
    return std::any_of(response.headers.begin(), response.headers.end(),
                       [&](const auto& header) { return header.first == name; });
  };
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  response.headers.emplace_back("X-Frame-Options", "DENY");
  response.headers.emplace_back("Referrer-Policy", "same-origin");
  if (!has("Content-Security-Policy")) {
    response.headers.emplace_back("Content-Security-Policy", "frame-ancestors 'none'");
  }
}

// POST /admin/clock (manual clock only): exactly one of {advance_seconds} or {now}.
struct ClockChangeBody {
  std::optional<std::int64_t> advance_seconds;
  std::optional<std::string> now;

  static Result<ClockChangeBody> from_json(const nlohmann::json& body, const Request&) {
    Fields in(body);
    auto advance = in.optional_int("advance_seconds");
    auto to = in.optional_string("now", 64);
    if (in.ok() && advance.has_value() == to.has_value()) {
      return fail(ErrorCode::kValidationError, "give exactly one of advance_seconds or now");
    }
    return in.finish(ClockChangeBody{advance, to});
  }
};

// GET /api/v1/ws and /api/v1/stream: the server layer takes them over before routing
// (server/live_hub.h); the router only documents them.
void add_live_event_docs(Router& router) {
  const std::vector<FieldDoc> params = {
      {"token", "string", false, "bearer token, instead of the Authorization header"},
      {"since", "integer", false, "the seq of the last message the client saw: resume after it"}};
  router.describe(
      {Doc("Live events (WebSocket upgrade)", 101,
           "switching protocols; then {type: hello, user, seq}, the messages numbered above "
           "`since` that are still kept (or {type: resync, seq} when some are gone), then one "
           "JSON message {type, seq, game_id, at, ...} per event; send {subscribe: game_id} to "
           "follow another game. The token may also come as the `token` query parameter")
           .q(params)
           .ws()
           .tagged("live"),
       "GET", "/api/v1/ws", Access::kUser});
  router.describe(
      {Doc("Live events as newline-delimited JSON", 200,
           "the messages of GET /api/v1/ws (hello, replay after `since`, live), one JSON object "
           "per line, empty lines as keep-alive; the response stays open")
           .q(params)
           .as("application/x-ndjson")
           .streamed()
           .tagged("live"),
       "GET", "/api/v1/stream", Access::kUser});
}

Response clock_answer(game::Timestamp now) {
  return json_response(200, {{"now", game::format_rfc3339(now)}, {"manual", true}});
}

Result<Response> set_clock(app::ServerClock& clock, const ClockChangeBody& body) {
  if (body.advance_seconds) {
    TRY_LET(moved, app::advance_manual_clock(clock, *body.advance_seconds));
    return clock_answer(*moved);
  }
  TRY_LET(instant, game::parse_rfc3339(*body.now));
  TRY_LET(moved, app::set_manual_clock(clock, *instant));
  return clock_answer(*moved);
}

}  // namespace

Service::Service(app::Database& pool, app::ServerClock& clock,
                 std::vector<model::Migration> migrations, AccountOptions account_options,
                 game::Oracles oracles, game::TimeZone zone, ServiceOptions options)
    : pool_(pool),
      clock_(clock),
      migrations_(std::move(migrations)),
      version_(options.home.version),
      metrics_token_(std::move(options.metrics_token)),
      write_throttle_(options.write_limits) {
  if (options.web_app) {
    options.home.first_page = false;
    add_web_app_routes(router_, std::move(*options.web_app));
  }
  add_home_routes(router_, options.home);
  Routes operations(router_, pool_, "operations");
  operations.add({"GET", "/healthz", Access::kNone,
                  Doc("Liveness", 200, "{status: ok, version} while the process runs")},
                 [this](const Call&) -> Result<Response> { return healthz(); });
  operations.add({"GET", "/readyz", Access::kNone,
                  Doc("Readiness", 200,
                      "{status: ready} when the database is reachable and migrated, else 503")},
                 [this](const Call&) -> Result<Response> { return readyz(); });
  operations.add(
      {"GET", "/metrics", Access::kNone,
       Doc("Prometheus metrics (with CORRCHESS_METRICS_TOKEN set: only with that bearer token)",
           200, "Prometheus text format")
           .as("text/plain; version=0.0.4")},
      [this](const Call& c) -> Result<Response> { return metrics(c.request); });
  add_live_event_docs(router_);
  metrics_.gauge("corrchess_db_pool_in_use", "Database connections lent out.",
                 [this] { return static_cast<double>(app::pool_usage(pool_).in_use); });
  metrics_.gauge("corrchess_db_pool_waiting", "Requests waiting for a database connection.",
                 [this] { return static_cast<double>(app::pool_usage(pool_).waiting); });
  metrics_.gauge("corrchess_db_pool_size", "Configured database connections.",
                 [this] { return static_cast<double>(app::pool_usage(pool_).size); });
  // A series from the start (at 0 before the first move), so rate() and absent() alerts work.
  metrics_.add("corrchess_moves_accepted_total", 0, "Moves accepted.");
  // GET /me shows the private profile settings (app/profiles) and the leave balances
  // (api/leave); game_deps_ and profile_deps_ exist by the first request.
  account_options.me_details = [this](const model::User& user) -> Result<nlohmann::json> {
    TRY_LET(stored, app::own_settings(*profile_deps_, user));
    auto settings = settings_json(user, *stored);
    TRY_LET(balances, app::leave_balances(*game_deps_, user));
    settings["leave"] = leave_balances_json(*balances);
    return settings;
  };
  add_account_routes(router_, pool_, clock_, account_options);
  game_cache_ =
      std::make_unique<app::GameCache>(options.game_cache_games, options.game_cache_check);
  game_deps_ = std::make_unique<GameServiceDeps>(
      GameServiceDeps{{pool_, clock_, std::move(zone), oracles, game_cache_.get(),
                       options.norm_rules, options.replica},
                      metrics_});
  metrics_.gauge("corrchess_game_cache_games", "Games kept in memory for the commands.",
                 [this] { return static_cast<double>(game_cache_->counts().games); });
  metrics_.gauge("corrchess_game_cache_hits",
                 "Commands that used this instance's copy of their game (since start).",
                 [this] { return static_cast<double>(game_cache_->counts().hits); });
  metrics_.gauge("corrchess_game_cache_misses",
                 "Commands that found no copy of their game's current revision and read it "
                 "from the database (since start).",
                 [this] { return static_cast<double>(game_cache_->counts().misses); });
  add_game_routes(router_, *game_deps_);
  add_admin_routes(router_, *game_deps_);
  add_event_routes(router_, *game_deps_);
  add_series_routes(router_, *game_deps_);
  add_cup_routes(router_, *game_deps_);
  add_competition_routes(router_, *game_deps_);
  add_championship_routes(router_, *game_deps_);
  add_team_routes(router_, *game_deps_);
  add_team_match_routes(router_, *game_deps_);
  add_adjudication_routes(router_, *game_deps_);
  add_leave_routes(router_, *game_deps_);
  add_calendar_routes(router_, *game_deps_);
  add_archive_routes(router_, *game_deps_);
  game::GameContext rules;
  rules.zone = game_deps_->zone;
  rules.oracles = game_deps_->oracles;
  challenge_deps_ = std::make_unique<app::ChallengeDeps>(
      app::ChallengeDeps{pool_, clock_, std::move(rules), options.challenges});
  add_challenge_routes(router_, *challenge_deps_, *game_deps_);
  profile_deps_ = std::make_unique<app::ProfileDeps>(
      app::ProfileDeps{pool_, clock_, game_deps_->zone, game_deps_->oracles});
  add_profile_routes(router_, *profile_deps_);
  block_deps_ = std::make_unique<app::BlockDeps>(app::BlockDeps{pool_, clock_});
  add_block_routes(router_, *block_deps_);
  talk_deps_ = std::make_unique<app::TalkDeps>(
      app::TalkDeps{pool_, clock_, game_deps_->zone, game_deps_->oracles});
  add_game_talk_routes(router_, *talk_deps_);
  rating_deps_ = std::make_unique<app::RatingDeps>(app::RatingDeps{
      pool_, clock_, game_deps_->zone, options.ratings, game_deps_->oracles, options.replica});
  add_rating_routes(router_, *rating_deps_, *game_deps_);
  add_xfcc_routes(router_, *game_deps_, *talk_deps_, account_options);
  add_notification_routes(router_, pool_, clock_);
  add_push_routes(router_, pool_);
  add_account_mail_routes(router_, pool_, clock_);
  if (app::is_manual(clock_)) {
    Routes routes(router_, pool_, "directors");
    routes.add({"POST", "/api/v1/admin/clock", Access::kDirector,
                Doc("Move the manual test clock forward", 200, "{now, manual}")
                    .in({{"advance_seconds", "integer", false, "> 0"},
                         {"now", "string", false, "RFC 3339, not before the current instant"}},
                        {{"advance_seconds", 1}})},
               BodyHandler<ClockChangeBody>(
                   [this](const Call&, ClockChangeBody&& b) { return set_clock(clock_, b); }));
    routes.add({"GET", "/api/v1/admin/clock", Access::kDirector,
                Doc("The manual test clock", 200, "{now, manual}")},
               [this](const Call&) -> Result<Response> { return clock_answer(app::now(clock_)); });
  }
}

Response Service::handle(const Request& request) {
  const auto start = std::chrono::steady_clock::now();
  Response response;
  try {
    if (auto refused = write_throttle_.check(request)) {
      response = std::move(*refused);
      response.route = "(rate limited)";
    } else if (auto csrf = check_csrf(request); !csrf) {
      response = problem_response(csrf.error());
      response.route = "(cross-site refused)";
    } else {
      response = router_.dispatch(request);
    }
  } catch (const std::exception& e) {
    app::log_internal_error(std::string("unhandled error on ") + request.method + " " +
                            request.path + ": " + e.what());
    response = problem_response(Error{ErrorCode::kInternal, "internal error"});
  }
  add_security_headers(response);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  metrics_.observe_request(request.method, response.route.empty() ? "(none)" : response.route,
                           response.status, elapsed.count());
  return response;
}

Response Service::metrics(const Request& request) {
  if (!metrics_token_.empty() && bearer_token(request).value_or("") != metrics_token_) {
    Response denied = problem_response(
        Error{ErrorCode::kUnauthorized, "metrics need the token of CORRCHESS_METRICS_TOKEN"});
    denied.headers.emplace_back("WWW-Authenticate", "Bearer");
    return denied;
  }
  return text_response(200, "text/plain; version=0.0.4", metrics_.render());
}

Response Service::healthz() const {
  return json_response(200, {{"status", "ok"}, {"version", version_}});
}

Response Service::readyz() const {
  const auto state = app::readiness(pool_, migrations_);
  if (!state.ready) return json_response(503, {{"status", "not_ready"}, {"reason", state.reason}});
  return json_response(200, {{"status", "ready"}});
}

}  // namespace corrchess::api
