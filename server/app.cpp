#include "server/app.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
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
#include "server/gauges.h"
#include "server/http_server.h"
#include "server/notifier.h"
#include "server/rating_job.h"
#include "server/scheduler.h"
#include "server/startup.h"
#include "server/wiring.h"

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

}  // namespace

int run_migrate() {
  Config config;
  std::vector<model::Migration> migrations;
  if (!load_config(config) || !load_migration_files(migrations)) return 1;
  return apply_migrations(config, migrations) ? 0 : 1;
}

int run_serve() {
  Config config;
  std::vector<model::Migration> migrations;
  if (!load_config(config) || !load_migration_files(migrations)) return 1;
  if (config.run_migrations && !apply_migrations(config, migrations)) return 1;

  db::use_prepared_statements(config.db_prepared_statements);
  db::Pool pool(config.database_url, static_cast<std::size_t>(config.db_pool_size));
  db::set_database_error_logger(
      [](const std::string& text) { spdlog::error("database: {}", text); });
  app::set_hash_limits(hash_bound(config), hash_queue(config));
  if (config.minimum_password_hashes) {
    app::set_hash_cost(app::HashCost::kMinimum);
    spdlog::warn("CORRCHESS_PASSWORD_HASH=minimum: new password hashes are cheap to break");
  }
  if (!config.admin_user.empty() && !bootstrap_admin(pool, config)) return 1;
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
  const RulesOracles rules(config);
  log_tablebases(rules);
  // Reads that may be slightly stale go to the replica while it keeps up (db/pool.h).
  std::unique_ptr<db::Pool> replica;
  auto options = service_options(config);
  if (!config.replica_database_url.empty()) {
    replica = std::make_unique<db::Pool>(config.replica_database_url,
                                         static_cast<std::size_t>(config.db_pool_size));
    replica->fall_back_to(pool, std::chrono::seconds(config.replica_max_lag_seconds));
    options.replica = replica.get();
  }
  api::Service service(pool, *clock, migrations, account_options(config), rules.oracles(), *zone,
                       std::move(options));

  Scheduler scheduler(service.game_deps());
  RatingJob rating_job(service.rating_deps(), service.metrics());
  app::configure_notifications(notification_settings(config, *zone));
  Notifier notifier(pool, *clock, delivery_settings(config), service.metrics());
  auto& metrics = service.metrics();
  add_work_gauges(metrics, pool, *clock, scheduler, rules);
  add_database_gauges(metrics, pool, replica.get());
  LiveHub hub(live_limits(config));
  // Signed-in users by token, kept only while the events channel is heard (it carries the
  // notes that invalidate them): most requests then authenticate without the database.
  const db::Listener* heard = nullptr;
  api::TokenCache token_cache(pool, [&heard] { return heard != nullptr && heard->connected(); });
  add_live_gauges(metrics, hub, token_cache);
  auto listener = events_listener(config, token_cache, scheduler, notifier, rating_job, hub);
  add_listener_gauges(metrics, *listener);
  heard = listener.get();
  listener->start();
  start_jobs(config, scheduler, rating_job, notifier);

  boost::asio::io_context ioc(config.io_threads);
  boost::asio::thread_pool workers(static_cast<std::size_t>(config.db_pool_size));
  HttpServer http(ioc, workers, logged_handler(service), http_limits(config),
                  live_hooks(pool, hub, service, config));

  add_http_gauges(metrics, http);
  if (!listen_and_announce(http, config)) return 1;

  // Hourly clean-up of what is kept only for a while.
  app::HousekeepingPolicy housekeeping;
  housekeeping.live_event_retention_days = config.live_event_retention_days;
  boost::asio::steady_timer housekeeping_timer(ioc);
  start_housekeeping(pool, housekeeping, workers, housekeeping_timer);

  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  boost::asio::steady_timer shutdown_timer(ioc);
  signals.async_wait([&](const boost::system::error_code&, int signal) {
    spdlog::info("signal {}: shutting down", signal);
    housekeeping_timer.cancel();
    shut_down(ioc, shutdown_timer, http, hub);
  });

  run_io(ioc, config.io_threads);
  workers.join();
  scheduler.stop();
  rating_job.stop();
  notifier.stop();
  listener->stop();
  spdlog::info("stopped");
  return 0;
}

}  // namespace corrchess::server
