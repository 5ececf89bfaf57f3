// The composition root's builders (server/app.cpp wires them): each turns the configuration
// into the settings of one part, or builds one piece of the running server from the parts it
// needs. run_serve only calls these in order and holds what they return.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include "api/accounts.h"
#include "api/service.h"
#include "api/token_cache.h"
#include "app/housekeeping.h"
#include "app/notification_delivery.h"
#include "app/notifications.h"
#include "core/game/time_zone.h"
#include "db/listener.h"
#include "db/pool.h"
#include "server/config.h"
#include "server/http_server.h"
#include "server/live_hub.h"
#include "server/notifier.h"
#include "server/rating_job.h"
#include "server/scheduler.h"
#include "server/startup.h"

namespace corrchess::server {

// ---- settings from the configuration

api::AccountOptions account_options(const Config& config);
// Also loads the web client from CORRCHESS_WEB_DIR (and logs whether there is one).
api::ServiceOptions service_options(const Config& config);
app::NotificationSettings notification_settings(const Config& config, const game::TimeZone& zone);
app::DeliverySettings delivery_settings(const Config& config);
LiveLimits live_limits(const Config& config);
// The connection caps lowered to what the descriptor limit allows (connection_budget).
HttpLimits http_limits(const Config& config);

// How many connections this process can hold: the configured cap, lowered to what the
// descriptor limit allows (raised to its hard limit first) less a reserve for database
// connections, listeners and files.
std::size_t connection_budget(int configured);
// How many password hashes may run at once: CORRCHESS_MAX_CONCURRENT_HASHES, by default one
// per core but at most a quarter of the request threads (CORRCHESS_DB_POOL_SIZE).
unsigned hash_bound(const Config& config);
// How many more may wait for their turn, each holding a request thread: half of the request
// threads (at least one), so that by default a quarter of them always serve everything else.
unsigned hash_queue(const Config& config);

// ---- pieces of the running server

// The HTTP entry: the service's answer, with one log line per request (the route pattern,
// never ids or query strings with tokens).
RequestHandler logged_handler(api::Service& service);

// What the live channels (WebSocket, event stream) need: sign-in with a per-user cap of
// sockets on this instance, the stored messages, and who may watch which game.
LiveHooks live_hooks(db::Pool& pool, LiveHub& hub, api::Service& service, const Config& config);

// The LISTEN connection on the events channel (directly to PostgreSQL, never through a
// pooler: LISTEN holds session state). Every instance hears every game event: a note
// invalidates cached sign-ins, wakes the scheduler and the notifier, and is pushed to local
// sockets; after a (re)connection everything that may have been missed is re-read. Also
// hears moves of the manual test clock. Not started yet.
std::unique_ptr<db::Listener> events_listener(const Config& config, api::TokenCache& tokens,
                                              Scheduler& scheduler, Notifier& notifier,
                                              RatingJob& rating_job, LiveHub& hub);

// Runs `ioc` on `threads` threads (this one included) until it stops.
void run_io(boost::asio::io_context& ioc, int threads);

// Logs which Syzygy tables the tablebase oracle found.
void log_tablebases(const RulesOracles& rules);

// Starts the background jobs this instance runs (CORRCHESS_SCHEDULER, the rating job) and the
// notifier.
void start_jobs(const Config& config, Scheduler& scheduler, RatingJob& rating_job,
                Notifier& notifier);

// Binds the configured address and port and says where the server listens (log and stdout,
// which scripts wait for); false (logged) when it cannot listen.
bool listen_and_announce(HttpServer& http, const Config& config);

// Graceful shutdown: stops accepting, closes the live sockets, lets in-flight requests finish
// (up to 10 s; WebSocket clients get 2 s to answer the close frame), then stops `ioc`.
void shut_down(boost::asio::io_context& ioc, boost::asio::steady_timer& timer, HttpServer& http,
               LiveHub& hub);

// Runs the hourly clean-up on `workers` (it writes the database), now and every hour on
// `timer` until the timer is cancelled.
void start_housekeeping(db::Pool& pool, const app::HousekeepingPolicy& policy,
                        boost::asio::thread_pool& workers, boost::asio::steady_timer& timer);

}  // namespace corrchess::server
