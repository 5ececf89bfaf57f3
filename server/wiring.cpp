#include "server/wiring.h"

#include "server/tz_database.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "app/events.h"
#include "app/games.h"
#include "app/live_events.h"
#include "db/listener.h"
#include "db/live_events.h"
#include "db/pool.h"

namespace corrchess::server {

api::AccountOptions account_options(const Config& config) {
  api::AccountOptions options;
  options.open_registration = config.open_registration;
  options.registrations_per_hour = config.registrations_per_hour;
  options.token_ttl_seconds = static_cast<std::int64_t>(config.token_ttl_days) * 86400;
  options.secure_cookies = config.secure_cookies;
  return options;
}

api::ServiceOptions service_options(const Config& config) {
  api::ServiceOptions options;
  options.home.docs_dir = config.docs_dir;
  options.web_app = api::WebApp::load(config.web_dir);
  if (options.web_app) {
    spdlog::info("web client from {} at /", config.web_dir);
  } else {
    spdlog::info("no web client (no index.html in CORRCHESS_WEB_DIR '{}'): first page at /",
                 config.web_dir);
  }
  options.metrics_token = config.metrics_token;
  options.game_cache_games = static_cast<std::size_t>(config.game_cache_games);
  options.game_cache_check = config.game_cache_check;
  options.challenges = config.challenges;
  options.write_limits.per_token_per_minute = config.writes_per_minute_per_token;
  options.write_limits.per_address_per_minute = config.writes_per_minute_per_address;
  options.ratings.glicko = config.rating;
  options.ratings.period = config.rating_period;
  options.ratings.rate_default_wins = config.rating_default_wins;
  options.norm_rules = config.norm_rules;
  return options;
}

app::NotificationSettings notification_settings(const Config& config, const game::TimeZone& zone) {
  return {!config.smtp_url.empty(),
          config.vapid.has_value(),
          config.vapid ? delivery::base64url_encode(config.vapid->key.public_key) : "",
          config.require_verified_email,
          config.public_url,
          zone,
          tz_database_zone,
          config.challenge_mail_batch_minutes};
}

app::DeliverySettings delivery_settings(const Config& config) {
  app::DeliverySettings delivery;
  delivery.smtp.url = config.smtp_url;
  delivery.smtp.require_tls = config.smtp_require_tls;
  delivery.from_address = config.smtp_from;
  delivery.public_url = config.public_url;
  delivery.retry.base = config.notify_retry_base_seconds;
  delivery.retry.cap = config.notify_retry_max_seconds;
  delivery.retry.give_up_after = config.notify_give_up_seconds;
  delivery.webhook.allow_private = config.webhook_allow_private;
  delivery.webhook.timeout_seconds = config.webhook_timeout_seconds;
  delivery.vapid = config.vapid;
  return delivery;
}

LiveLimits live_limits(const Config& config) {
  LiveLimits limits;
  limits.idle_timeout_seconds = config.ws_idle_timeout_seconds;
  limits.max_queued_messages = static_cast<std::size_t>(config.ws_max_queued_messages);
  return limits;
}

HttpLimits http_limits(const Config& config) {
  HttpLimits limits;
  limits.max_body_bytes = static_cast<std::size_t>(config.max_body_bytes);
  limits.max_connections = connection_budget(config.max_connections);
  limits.max_connections_per_address = static_cast<std::size_t>(config.max_connections_per_address);
  limits.trusted_proxies = config.trusted_proxies;
  limits.always_https = config.secure_cookies;
  return limits;
}

std::size_t connection_budget(int configured) {
  constexpr rlim_t kReserve = 128;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return static_cast<std::size_t>(configured);
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const rlim_t usable =
      limit.rlim_cur > 2 * kReserve ? limit.rlim_cur - kReserve : limit.rlim_cur / 2;
  const auto budget = std::min<rlim_t>(usable, static_cast<rlim_t>(configured));
  if (budget < static_cast<rlim_t>(configured)) {
    spdlog::warn("descriptor limit {}: at most {} connections (CORRCHESS_MAX_CONNECTIONS={})",
                 limit.rlim_cur, budget, configured);
  }
  return static_cast<std::size_t>(budget);
}

unsigned hash_bound(const Config& config) {
  if (config.max_concurrent_hashes > 0) return static_cast<unsigned>(config.max_concurrent_hashes);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::clamp(static_cast<unsigned>(config.db_pool_size) / 4, 1u, cores);
}

unsigned hash_queue(const Config& config) {
  return std::max(1u, static_cast<unsigned>(config.db_pool_size) / 2);
}

RequestHandler logged_handler(api::Service& service) {
  return [&service](const api::Request& r) {
    const auto start = std::chrono::steady_clock::now();
    auto response = service.handle(r);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    spdlog::info("http method={} route={} status={} ms={:.1f} remote={}", r.method,
                 response.route.empty() ? "(none)" : response.route, response.status, took.count(),
                 r.remote);
    return response;
  };
}

LiveHooks live_hooks(db::Pool& pool, LiveHub& hub, api::Service& service, const Config& config) {
  LiveHooks hooks;
  hooks.hub = &hub;
  const auto max_sockets_per_user = static_cast<std::size_t>(config.max_websockets_per_user);
  hooks.authenticate = [&pool, &hub,
                        max_sockets_per_user](const api::Request& request) -> Result<LiveUser> {
    TRY_LET(session, api::authenticate_socket(pool, request));
    // Counted and taken in one step (simultaneous opens cannot pass the cap); the place is
    // held by the connection and freed when it ends or the upgrade fails.
    auto slot = hub.reserve(session->user.id, max_sockets_per_user);
    if (!slot) {
      return fail(ErrorCode::kRateLimited, "too many live connections for this user (at most " +
                                               std::to_string(max_sockets_per_user) +
                                               " per server instance)");
    }
    return LiveUser{session->user.id,    session->user.username,      session->user.role,
                    session->token_hash, session->expires_in_seconds, session->since,
                    std::move(slot)};
  };
  hooks.read_events = [&pool](std::int64_t user_id, std::optional<std::int64_t> since) {
    return app::live_events_after(pool, user_id, since);
  };
  hooks.page_size = app::kLiveEventPage;
  hooks.can_watch = [&service](const LiveUser& user, std::int64_t game_id) -> Result<void> {
    model::User viewer;
    viewer.id = user.id;
    viewer.username = user.username;
    viewer.role = user.role;
    // As GET /games/{id} allows, but never a live feed of a game shown with a delay.
    return app::may_watch_live(service.game_deps(), viewer, game_id);
  };
  return hooks;
}

std::unique_ptr<db::Listener> events_listener(const Config& config, api::TokenCache& tokens,
                                              Scheduler& scheduler, Notifier& notifier,
                                              RatingJob& rating_job, LiveHub& hub) {
  auto listener = std::make_unique<db::Listener>(
      config.listen_database_url, db::kEventsChannel,
      [&](const std::string& payload) {
        tokens.forget_from_note(payload);
        scheduler.poke();
        notifier.poke();
        hub.deliver(payload);
      },
      [&] {
        tokens.clear();  // notes may have been missed while disconnected
        scheduler.poke();
        notifier.poke();
        rating_job.poke();  // a move of the manual clock may have been missed too
        // Every connection re-reads its user's stored messages (none exist yet at the first
        // connection).
        hub.recover_after_loss();
      });
  // The manual test clock moved: what is due now may have changed.
  listener->also_listen("corrchess_clock", [&](const std::string&) {
    scheduler.poke();
    notifier.poke();
    rating_job.poke();
  });
  return listener;
}

void run_io(boost::asio::io_context& ioc, int threads) {
  std::vector<std::thread> others;
  for (int i = 1; i < threads; ++i) others.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : others) t.join();
}

void log_tablebases(const RulesOracles& rules) {
  const auto& tablebase = rules.tablebase;
  if (tablebase.available_men() > 0) {
    spdlog::info("Syzygy tablebases in {}: complete up to {} men", tablebase.path(),
                 tablebase.available_men());
  } else if (!tablebase.path().empty()) {
    spdlog::warn("no Syzygy tables in CORRCHESS_SYZYGY_PATH '{}': tablebase claims refused",
                 tablebase.path());
  } else {
    spdlog::info("no Syzygy tablebases (set CORRCHESS_SYZYGY_PATH): tablebase claims refused");
  }
}

void start_jobs(const Config& config, Scheduler& scheduler, RatingJob& rating_job,
                Notifier& notifier) {
  if (config.run_scheduler) {
    scheduler.start();
  } else {
    spdlog::info("flag-fall scheduler off on this instance (CORRCHESS_SCHEDULER=off)");
  }
  if (config.run_rating_job) {
    rating_job.start();
  } else {
    spdlog::info("rating period job off on this instance");
  }
  notifier.start();
}

bool listen_and_announce(HttpServer& http, const Config& config) {
  const std::string address =
      config.listen_address == "localhost" ? "127.0.0.1" : config.listen_address;
  boost::asio::ip::tcp::endpoint bound;
  try {
    bound = http.listen(address, config.listen_port);
  } catch (const std::exception& e) {
    spdlog::critical("cannot listen on {}:{}: {}", address, config.listen_port, e.what());
    return false;
  }
  const std::string host = bound.address().is_v6() ? "[" + bound.address().to_string() + "]"
                                                   : bound.address().to_string();
  spdlog::info("corrchess-server listening on http://{}:{}", host, bound.port());
  std::printf("corrchess-server listening on http://%s:%u\n", host.c_str(), bound.port());
  std::fflush(stdout);
  return true;
}

namespace {

// Waits in steps of 20 ms until nothing is in flight and the sockets closed (bounded).
void drain(boost::asio::io_context& ioc, boost::asio::steady_timer& timer, HttpServer& http,
           LiveHub& hub, std::chrono::steady_clock::time_point since) {
  const auto waited = std::chrono::steady_clock::now() - since;
  const bool sockets_done = hub.connections() == 0 || waited >= std::chrono::seconds(2);
  if ((http.in_flight() == 0 && sockets_done) || waited >= std::chrono::seconds(10)) {
    ioc.stop();
    return;
  }
  timer.expires_after(std::chrono::milliseconds(20));
  timer.async_wait([&ioc, &timer, &http, &hub, since](const boost::system::error_code&) {
    drain(ioc, timer, http, hub, since);
  });
}

}  // namespace

void shut_down(boost::asio::io_context& ioc, boost::asio::steady_timer& timer, HttpServer& http,
               LiveHub& hub) {
  http.stop();
  hub.close_all();
  drain(ioc, timer, http, hub, std::chrono::steady_clock::now());
}

void start_housekeeping(db::Pool& pool, const app::HousekeepingPolicy& policy,
                        boost::asio::thread_pool& workers, boost::asio::steady_timer& timer) {
  boost::asio::post(workers, [&pool, policy] {
    if (auto done = app::run_housekeeping(pool, policy); !done) {
      spdlog::warn("housekeeping: {}", done.error().detail);
    } else if (done->live_events_deleted + done->login_attempts_deleted > 0) {
      spdlog::info("housekeeping: deleted {} stored live message(s), {} login throttling row(s)",
                   done->live_events_deleted, done->login_attempts_deleted);
    }
  });
  timer.expires_after(std::chrono::hours(1));
  timer.async_wait([&pool, policy, &workers, &timer](const boost::system::error_code& ec) {
    if (!ec) start_housekeeping(pool, policy, workers, timer);
  });
}

}  // namespace corrchess::server
