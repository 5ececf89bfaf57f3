// The gauges an instance adds to GET /metrics beside the request counters (docs/operations.md
// lists them): each group reads the live state of the part it names.
#pragma once

#include "api/metrics.h"
#include "api/token_cache.h"
#include "db/listener.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "server/http_server.h"
#include "server/live_hub.h"
#include "server/scheduler.h"
#include "server/startup.h"

namespace corrchess::server {

// Password hashes, the notification queue, the scheduler, live games, dead-position analyses.
void add_work_gauges(api::Metrics& metrics, db::Pool& pool, db::ServerClock& clock,
                     const Scheduler& scheduler, const RulesOracles& rules);
// WebSockets and the token cache.
void add_live_gauges(api::Metrics& metrics, const LiveHub& hub, const api::TokenCache& tokens);
// The connection pool's reconnections and the database failures requests were answered with.
void add_database_gauges(api::Metrics& metrics, const db::Pool& pool, const db::Pool* replica);
// The LISTEN connection, and the primary it follows (timeline, changes).
void add_listener_gauges(api::Metrics& metrics, const db::Listener& listener);
// Open and refused connections.
void add_http_gauges(api::Metrics& metrics, const HttpServer& http);

}  // namespace corrchess::server
