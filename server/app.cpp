#include "server/app.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include "api/accounts.h"
#include "api/service.h"
#include "api/token_cache.h"
#include "app/credentials.h"
#include "app/events.h"
#include "app/housekeeping.h"
#include "app/live_events.h"
#include "app/notifications.h"
#include "app/server_status.h"
#include "db/error_log.h"
#include "db/games.h"
#include "db/listener.h"
#include "db/live_events.h"
#include "db/migrations.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/statement.h"
#include "db/tablebase.h"
#include "server/config.h"
#include "server/http_server.h"
#include "server/notifier.h"
#include "server/rating_job.h"
#include "server/scheduler.h"
#include "server/startup.h"

namespace corrchess::server {

namespace {

// Creates CORRCHESS_ADMIN_USER as an admin unless that user exists already.
bool bootstrap_admin(db::Pool& pool, const Config& config) {
  auto created = app::create_account(pool, config.admin_user, config.admin_password, "admin");
  if (created) {
    spdlog::info("created admin user {}", config.admin_user);
    return true;
  }
  if (created.error().code == ErrorCode::kConflict) return true;
  spdlog::critical("cannot create admin user {}: {}", config.admin_user, created.error().detail);
  return false;
}

// How many connections this process can hold: the configured cap, lowered to what the
// descriptor limit allows (raised to its hard limit first) less a reserve for database
// connections, listeners and files.
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

// How many password hashes may run at once: CORRCHESS_MAX_CONCURRENT_HASHES, by default one
// per core but at most a quarter of the request threads (CORRCHESS_DB_POOL_SIZE).
unsigned hash_bound(const Config& config) {
  if (config.max_concurrent_hashes > 0) return static_cast<unsigned>(config.max_concurrent_hashes);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::clamp(static_cast<unsigned>(config.db_pool_size) / 4, 1u, cores);
}

// How many more may wait for their turn, each holding a request thread: half of the request
// threads (at least one), so that by default a quarter of them always serve everything else.
unsigned hash_queue(const Config& config) {
  return std::max(1u, static_cast<unsigned>(config.db_pool_size) / 2);
}

}  // namespace

int run_migrate() {
  Config config;
  std::vector<db::Migration> migrations;
  if (!load_config(config) || !load_migration_files(migrations)) return 1;
  return apply_migrations(config, migrations) ? 0 : 1;
}

int run_serve() {
  Config config;
  std::vector<db::Migration> migrations;
  if (!load_config(config) || !load_migration_files(migrations)) return 1;
  if (config.run_migrations && !apply_migrations(config, migrations)) return 1;

  db::use_prepared_statements(config.db_prepared_statements);
  db::Pool pool(config.database_url, static_cast<std::size_t>(config.db_pool_size));
  db::set_database_error_logger(
      [](const std::string& text) { spdlog::error("database: {}", text); });
  app::set_hash_limits(hash_bound(config), hash_queue(config));
  if (!config.admin_user.empty() && !bootstrap_admin(pool, config)) return 1;
  api::AccountOptions account_options;
  account_options.open_registration = config.open_registration;
  account_options.registrations_per_hour = config.registrations_per_hour;
  account_options.token_ttl_seconds = static_cast<std::int64_t>(config.token_ttl_days) * 86400;
  account_options.secure_cookies = config.secure_cookies;
  auto clock = make_clock(config, pool);
  if (config.manual_clock) {
    spdlog::warn("CORRCHESS_CLOCK=manual: time only moves through POST /api/v1/admin/clock");
  }
  auto zone = game::TimeZone::named(config.time_zone);
  if (!zone) {
    spdlog::critical("CORRCHESS_TIMEZONE: {}", zone.error().detail);
    return 1;
  }
  // Dead positions (after every move) and flag falls (Art. 6.7) use the full
  // unwinnability analysis; undetermined within the budget counts as "can mate".
  const RulesOracles rules;
  const auto& tablebase = rules.tablebase;
  if (tablebase.available_men() > 0) {
    spdlog::info("Syzygy tablebases in {}: complete up to {} men", tablebase.path(),
                 tablebase.available_men());
  } else {
    spdlog::info("no Syzygy tablebases (set CORRCHESS_SYZYGY_PATH): tablebase claims refused");
  }
  api::ServiceOptions service_options;
  service_options.home.docs_dir = config.docs_dir;
  service_options.web_app = api::WebApp::load(config.web_dir);
  if (service_options.web_app) {
    spdlog::info("web client from {} at /", config.web_dir);
  } else {
    spdlog::info("no web client (no index.html in CORRCHESS_WEB_DIR '{}'): first page at /",
                 config.web_dir);
  }
  service_options.metrics_token = config.metrics_token;
  service_options.game_cache_games = static_cast<std::size_t>(config.game_cache_games);
  service_options.game_cache_check = config.game_cache_check;
  service_options.challenges = config.challenges;
  service_options.write_limits.per_token_per_minute = config.writes_per_minute_per_token;
  service_options.write_limits.per_address_per_minute = config.writes_per_minute_per_address;
  service_options.ratings.glicko = config.rating;
  service_options.ratings.period = config.rating_period;
  service_options.ratings.rate_default_wins = config.rating_default_wins;
  api::Service service(pool, *clock, migrations, account_options, rules.oracles(), *zone,
                       service_options);

  Scheduler scheduler(service.game_deps());
  RatingJob rating_job(service.rating_deps(), service.metrics());
  app::configure_notifications({!config.smtp_url.empty(), config.require_verified_email,
                                config.public_url, *zone, config.challenge_mail_batch_minutes});
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
  Notifier notifier(pool, *clock, delivery, service.metrics());
  service.metrics().gauge("corrchess_password_hashes_computed",
                          "Argon2 password hashes and checks computed since the start.",
                          [] { return static_cast<double>(app::password_hash_computations()); });
  service.metrics().gauge("corrchess_notifications_oldest_due_seconds",
                          "Age of the oldest notification due and not yet delivered.",
                          [&pool, &clock] {
                            auto age = app::oldest_due_delivery_age(pool, *clock);
                            return age ? static_cast<double>(*age) : -1.0;
                          });
  service.metrics().gauge("corrchess_scheduler_lag_seconds",
                          "How late the scheduler decided the games of the last deadline it "
                          "slept for (verdicts always use the deadline instant).",
                          [&scheduler] { return scheduler.last_lag_seconds(); });
  service.metrics().gauge("corrchess_active_games", "Games not started yet or in play.",
                          [&pool] { return static_cast<double>(app::live_game_count(pool)); });
  LiveLimits ws_limits;
  ws_limits.idle_timeout_seconds = config.ws_idle_timeout_seconds;
  ws_limits.max_queued_messages = static_cast<std::size_t>(config.ws_max_queued_messages);
  LiveHub hub(ws_limits);
  auto& metrics = service.metrics();
  metrics.gauge("corrchess_ws_connections", "Open WebSocket connections on this instance.",
                [&hub] { return static_cast<double>(hub.connections()); });
  metrics.gauge("corrchess_ws_messages_sent_total", "Live messages written to WebSockets.",
                [&hub] { return static_cast<double>(hub.messages_sent()); });
  metrics.gauge("corrchess_ws_slow_disconnects_total",
                "WebSockets closed because their outgoing queue overflowed.",
                [&hub] { return static_cast<double>(hub.slow_disconnects()); });
  // Signed-in users by token, kept only while the events channel is heard (it carries the
  // notes that invalidate them): most requests then authenticate without the database.
  const db::Listener* events_listener = nullptr;
  api::TokenCache token_cache(pool, [&events_listener] {
    return events_listener != nullptr && events_listener->connected();
  });
  metrics.gauge("corrchess_dead_position_analyses_total",
                "Dead-position analyses run: positions not answered from the oracle's memory.",
                [&rules] { return static_cast<double>(rules.mate.analyses()); });
  metrics.gauge("corrchess_token_cache_hits_total",
                "Requests authenticated from the token cache, without the database.",
                [&token_cache] { return static_cast<double>(token_cache.hits()); });
  metrics.gauge("corrchess_token_cache_misses_total",
                "Requests whose token was read from the database.",
                [&token_cache] { return static_cast<double>(token_cache.misses()); });
  // Every instance hears every game event: wake the scheduler and push to local sockets.
  // LISTEN holds session state: directly to PostgreSQL, never through a pooler.
  db::Listener listener(
      config.listen_database_url, db::kEventsChannel,
      [&](const std::string& payload) {
        token_cache.forget_from_note(payload);
        scheduler.poke();
        notifier.poke();
        hub.deliver(payload);
      },
      [&] {
        token_cache.clear();  // notes may have been missed while disconnected
        scheduler.poke();
        notifier.poke();
        rating_job.poke();  // a move of the manual clock may have been missed too
        // Events may have been missed while the listener was disconnected: every connection
        // re-reads its user's stored messages (none exist yet at the first connection).
        hub.recover_after_loss();
      });
  metrics.gauge("corrchess_listener_connected", "1 while the LISTEN connection is up.",
                [&listener] { return listener.connected() ? 1.0 : 0.0; });
  metrics.gauge("corrchess_listener_connections_total",
                "Successful LISTEN connections (reconnections after database restarts).",
                [&listener] { return static_cast<double>(listener.connections()); });
  // The manual test clock moved: what is due now may have changed.
  listener.also_listen("corrchess_clock", [&](const std::string&) {
    scheduler.poke();
    notifier.poke();
    rating_job.poke();
  });
  events_listener = &listener;
  listener.start();
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

  boost::asio::io_context ioc(config.io_threads);
  boost::asio::thread_pool workers(static_cast<std::size_t>(config.db_pool_size));
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
    db::User viewer;
    viewer.id = user.id;
    viewer.username = user.username;
    viewer.role = user.role;
    // As GET /games/{id} allows, but never a live feed of a game shown with a delay.
    return app::may_watch_live(service.game_deps(), viewer, game_id);
  };
  HttpLimits limits;
  limits.max_body_bytes = static_cast<std::size_t>(config.max_body_bytes);
  limits.max_connections = connection_budget(config.max_connections);
  limits.max_connections_per_address = static_cast<std::size_t>(config.max_connections_per_address);
  limits.trusted_proxies = config.trusted_proxies;
  limits.always_https = config.secure_cookies;
  HttpServer http(
      ioc, workers,
      [&service](const api::Request& r) {
        const auto start = std::chrono::steady_clock::now();
        auto response = service.handle(r);
        const std::chrono::duration<double, std::milli> took =
            std::chrono::steady_clock::now() - start;
        // One line per request; the route pattern, never ids or query strings with tokens.
        spdlog::info("http method={} route={} status={} ms={:.1f} remote={}", r.method,
                     response.route.empty() ? "(none)" : response.route, response.status,
                     took.count(), r.remote);
        return response;
      },
      limits, std::move(hooks));

  metrics.gauge("corrchess_http_connections", "Open connections (HTTP and WebSocket).",
                [&http] { return static_cast<double>(http.open_connections()); });
  metrics.gauge("corrchess_http_connections_refused_total",
                "Connections refused with 503 because a connection cap was reached.",
                [&http] { return static_cast<double>(http.refused_connections()); });
  const std::string address =
      config.listen_address == "localhost" ? "127.0.0.1" : config.listen_address;
  boost::asio::ip::tcp::endpoint bound;
  try {
    bound = http.listen(address, config.listen_port);
  } catch (const std::exception& e) {
    spdlog::critical("cannot listen on {}:{}: {}", address, config.listen_port, e.what());
    return 1;
  }
  const std::string host = bound.address().is_v6() ? "[" + bound.address().to_string() + "]"
                                                   : bound.address().to_string();
  spdlog::info("corrchess-server listening on http://{}:{}", host, bound.port());
  std::printf("corrchess-server listening on http://%s:%u\n", host.c_str(), bound.port());
  std::fflush(stdout);

  // Hourly clean-up of what is kept only for a while, on a worker (it writes the database).
  app::HousekeepingPolicy housekeeping;
  housekeeping.live_event_retention_days = config.live_event_retention_days;
  boost::asio::steady_timer housekeeping_timer(ioc);
  std::function<void()> keep_house = [&] {
    boost::asio::post(workers, [&] {
      if (auto done = app::run_housekeeping(pool, housekeeping); !done) {
        spdlog::warn("housekeeping: {}", done.error().detail);
      } else if (done->live_events_deleted + done->login_attempts_deleted > 0) {
        spdlog::info("housekeeping: deleted {} stored live message(s), {} login throttling row(s)",
                     done->live_events_deleted, done->login_attempts_deleted);
      }
    });
    housekeeping_timer.expires_after(std::chrono::hours(1));
    housekeeping_timer.async_wait([&](const boost::system::error_code& ec) {
      if (!ec) keep_house();
    });
  };
  keep_house();

  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  boost::asio::steady_timer shutdown_timer(ioc);
  // Graceful shutdown: in-flight requests finish and sockets close (bounded), then stop.
  // Requests get up to 10 s; WebSocket clients 2 s to answer the close frame.
  std::function<void(std::chrono::steady_clock::time_point)> drain =
      [&](std::chrono::steady_clock::time_point since) {
        const auto waited = std::chrono::steady_clock::now() - since;
        const bool sockets_done = hub.connections() == 0 || waited >= std::chrono::seconds(2);
        if ((http.in_flight() == 0 && sockets_done) || waited >= std::chrono::seconds(10)) {
          ioc.stop();
          return;
        }
        shutdown_timer.expires_after(std::chrono::milliseconds(20));
        shutdown_timer.async_wait([&, since](const boost::system::error_code&) { drain(since); });
      };
  signals.async_wait([&](const boost::system::error_code&, int signal) {
    spdlog::info("signal {}: shutting down", signal);
    http.stop();
    housekeeping_timer.cancel();
    hub.close_all();
    drain(std::chrono::steady_clock::now());
  });

  std::vector<std::thread> threads;
  for (int i = 1; i < config.io_threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : threads) t.join();
  workers.join();
  scheduler.stop();
  rating_job.stop();
  notifier.stop();
  listener.stop();
  spdlog::info("stopped");
  return 0;
}

}  // namespace corrchess::server
