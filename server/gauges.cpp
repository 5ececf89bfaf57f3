#include "server/gauges.h"

#include "app/credentials.h"
#include "app/notification_delivery.h"
#include "app/server_status.h"
#include "db/listener.h"
#include "db/pool.h"
#include "db/server_clock.h"

namespace corrchess::server {

void add_work_gauges(api::Metrics& metrics, db::Pool& pool, db::ServerClock& clock,
                     const Scheduler& scheduler, const RulesOracles& rules) {
  metrics.gauge("corrchess_password_hashes_computed",
                "Argon2 password hashes and checks computed since the start.",
                [] { return static_cast<double>(app::password_hash_computations()); });
  metrics.gauge("corrchess_notifications_oldest_due_seconds",
                "Age of the oldest notification due and not yet delivered.", [&pool, &clock] {
                  auto age = app::oldest_due_delivery_age(pool, clock);
                  return age ? static_cast<double>(*age) : -1.0;
                });
  metrics.gauge("corrchess_scheduler_lag_seconds",
                "How late the scheduler decided the games of the last deadline it slept for "
                "(verdicts always use the deadline instant).",
                [&scheduler] { return scheduler.last_lag_seconds(); });
  metrics.gauge("corrchess_active_games", "Games not started yet or in play.",
                [&pool] { return static_cast<double>(app::live_game_count(pool)); });
  metrics.gauge("corrchess_dead_position_analyses_total",
                "Dead-position analyses run: positions not answered from the oracle's memory.",
                [&rules] { return static_cast<double>(rules.mate.analyses()); });
}

void add_live_gauges(api::Metrics& metrics, const LiveHub& hub, const api::TokenCache& tokens) {
  metrics.gauge("corrchess_ws_connections", "Open WebSocket connections on this instance.",
                [&hub] { return static_cast<double>(hub.connections()); });
  metrics.gauge("corrchess_ws_messages_sent_total", "Live messages written to WebSockets.",
                [&hub] { return static_cast<double>(hub.messages_sent()); });
  metrics.gauge("corrchess_ws_slow_disconnects_total",
                "WebSockets closed because their outgoing queue overflowed.",
                [&hub] { return static_cast<double>(hub.slow_disconnects()); });
  metrics.gauge("corrchess_token_cache_hits_total",
                "Requests authenticated from the token cache, without the database.",
                [&tokens] { return static_cast<double>(tokens.hits()); });
  metrics.gauge("corrchess_token_cache_misses_total",
                "Requests whose token was read from the database.",
                [&tokens] { return static_cast<double>(tokens.misses()); });
}

void add_database_gauges(api::Metrics& metrics, const db::Pool& pool, const db::Pool* replica) {
  if (replica != nullptr) {
    metrics.gauge("corrchess_db_replica_reads_total",
                  "Reads that may be slightly stale served by the replica.",
                  [replica] { return static_cast<double>(replica->replica_reads()); });
    metrics.gauge("corrchess_db_replica_fallbacks_total",
                  "Such reads served by the primary: the replica was unreachable or lagging.",
                  [replica] { return static_cast<double>(replica->fallback_reads()); });
  }
  metrics.gauge("corrchess_db_connections_opened_total",
                "Database connections the pool opened (the first ones and every reconnection).",
                [&pool] { return static_cast<double>(pool.connections_opened()); });
  metrics.gauge("corrchess_db_pool_flushes_total",
                "Times the pool dropped its connections after one broke or found a read-only node.",
                [&pool] { return static_cast<double>(pool.flushes()); });
  using Failure = db::Pool::Failure;
  metrics.gauge("corrchess_db_unavailable_total",
                "Requests answered 503 unavailable because the database stayed unreachable.",
                [&pool] { return static_cast<double>(pool.failures(Failure::kUnavailable)); });
  metrics.gauge(
      "corrchess_db_commit_outcome_unknown_total",
      "Requests answered 503 commit_outcome_unknown (connection lost during COMMIT).",
      [&pool] { return static_cast<double>(pool.failures(Failure::kCommitOutcomeUnknown)); });
  metrics.gauge("corrchess_db_read_only_errors_total",
                "Writes a read-only node refused (a standby or demoted primary; retried).",
                [&pool] { return static_cast<double>(pool.failures(Failure::kReadOnly)); });
}

void add_listener_gauges(api::Metrics& metrics, const db::Listener& listener) {
  metrics.gauge("corrchess_db_timeline",
                "WAL timeline of the primary the LISTEN connection follows (each promotion "
                "increases it).",
                [&listener] { return static_cast<double>(listener.timeline()); });
  metrics.gauge("corrchess_db_primary_changes_total",
                "LISTEN reconnections that found a new primary (a higher timeline).",
                [&listener] { return static_cast<double>(listener.primary_changes()); });
  metrics.gauge("corrchess_listener_connected", "1 while the LISTEN connection is up.",
                [&listener] { return listener.connected() ? 1.0 : 0.0; });
  metrics.gauge("corrchess_listener_connections_total",
                "Successful LISTEN connections (reconnections after database restarts).",
                [&listener] { return static_cast<double>(listener.connections()); });
}

void add_http_gauges(api::Metrics& metrics, const HttpServer& http) {
  metrics.gauge("corrchess_http_connections", "Open connections (HTTP and WebSocket).",
                [&http] { return static_cast<double>(http.open_connections()); });
  metrics.gauge("corrchess_http_connections_refused_total",
                "Connections refused with 503 because a connection cap was reached.",
                [&http] { return static_cast<double>(http.refused_connections()); });
}

}  // namespace corrchess::server
