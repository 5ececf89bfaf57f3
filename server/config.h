// Server configuration from the environment (see README "Configuration").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/competition/norms.h"
#include "core/error.h"
#include "core/game/challenge.h"
#include "core/rating/glicko2.h"
#include "core/rating/period.h"
#include "delivery/web_push.h"

namespace corrchess::server {

// The source tree's docs/ (set by CMake), where GET /docs/*.md read from by default.
std::string default_docs_dir();
// The web client's build output (web/dist of the source tree) unless configured.
std::string default_web_dir();

// Live messages are kept at least this many days for resuming (`?since=`); a smaller
// CORRCHESS_LIVE_EVENT_RETENTION_DAYS is refused at startup.
inline constexpr int kMinLiveEventRetentionDays = 7;

// The longest CORRCHESS_TOKEN_TTL_DAYS (a hundred years): a bearer token's expiry must stay a
// date the database can store.
inline constexpr int kMaxTokenTtlDays = 36500;
// CORRCHESS_IO_THREADS and CORRCHESS_DB_POOL_SIZE at most (each pool connection has a thread).
inline constexpr int kMaxIoThreads = 256;
inline constexpr int kMaxDbPoolSize = 1000;

struct Config {
  std::string listen_address = "127.0.0.1";
  std::uint16_t listen_port = 8080;
  std::string database_url;
  // CORRCHESS_LISTEN_DATABASE_URL: a direct connection to PostgreSQL (never through a
  // transaction-pooling PgBouncer) for LISTEN and for migrations (a session advisory lock);
  // the same as database_url unless set.
  std::string listen_database_url;
  // CORRCHESS_REPLICA_DATABASE_URL: a streaming replica for reads that may be slightly stale
  // (none when empty); CORRCHESS_REPLICA_MAX_LAG_SECONDS: how stale, at most, before those
  // reads go to the primary instead.
  std::string replica_database_url;
  int replica_max_lag_seconds = 10;
  std::string log_level = "info";
  int io_threads = 2;
  int db_pool_size = 8;
  // CORRCHESS_DB_PREPARED_STATEMENTS: prepare the per-move statements once per connection
  // (off behind a pooler that moves transactions between sessions, db/statement.h).
  bool db_prepared_statements = true;
  // CORRCHESS_GAME_CACHE_GAMES: games whose last committed state this instance keeps in memory
  // (app/game_cache.h; 0: none). CORRCHESS_GAME_CACHE_CHECK=on compares every copy used with
  // the stored game first (tests; a difference fails the request with 500 and is logged).
  int game_cache_games = 10000;
  bool game_cache_check = false;
  // CORRCHESS_DEAD_POSITION_NODES: the dead-position analysis after every move and at flag
  // falls, in positions per side (rules.md 2.2). CORRCHESS_EVIDENCE_NODES: the deeper analysis
  // behind the director's evidence (rules.md 6.5), asked on demand for a few positions.
  // CORRCHESS_NORMS: title norm levels and counts, e.g. "GM=2600,IM=2450,min_games=8"
  // (competition::parse_norm_rules; ICCF's when unset).
  competition::NormRules norm_rules;
  int dead_position_nodes = 500'000;
  int evidence_nodes = 2'000'000;
  bool run_migrations = true;
  bool open_registration = true;
  int token_ttl_days = 30;
  bool manual_clock = false;  // CORRCHESS_CLOCK=manual
  bool run_scheduler = true;  // CORRCHESS_SCHEDULER=off: no flag-fall sweep here
  // CORRCHESS_RATING_JOB (on/off; default: as CORRCHESS_SCHEDULER): the rating period job.
  bool run_rating_job = true;
  std::string time_zone = "Europe/London";   // CORRCHESS_TIMEZONE
  std::string admin_user;                    // CORRCHESS_ADMIN_USER: created at start if absent
  std::string admin_password;                // CORRCHESS_ADMIN_PASSWORD
  int ws_idle_timeout_seconds = 60;          // CORRCHESS_WS_IDLE_TIMEOUT: pings at half of it
  int ws_max_queued_messages = 512;          // CORRCHESS_WS_MAX_QUEUE: slow sockets are closed
  int writes_per_minute_per_token = 120;     // CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN (0: none)
  int writes_per_minute_per_address = 1200;  // CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS (0: none)
  int live_event_retention_days = 7;      // CORRCHESS_LIVE_EVENT_RETENTION_DAYS: resumable events
  int max_body_bytes = 1 << 20;           // CORRCHESS_MAX_BODY_BYTES: larger bodies get 413
  int max_connections = 10000;            // CORRCHESS_MAX_CONNECTIONS (HTTP + WebSocket)
  int max_connections_per_address = 256;  // CORRCHESS_MAX_CONNECTIONS_PER_ADDRESS (0: none)
  int registrations_per_hour = 20;        // CORRCHESS_REGISTRATIONS_PER_HOUR, per address
  int max_websockets_per_user = 32;       // CORRCHESS_MAX_WEBSOCKETS_PER_USER (per instance)
  int max_concurrent_hashes = 0;          // CORRCHESS_MAX_CONCURRENT_HASHES (0: one per core)
  bool minimum_password_hashes = false;   // CORRCHESS_PASSWORD_HASH=minimum (tests only)
  std::vector<std::string> trusted_proxies;   // CORRCHESS_TRUSTED_PROXIES: comma-separated IPs
  std::string metrics_token;                  // CORRCHESS_METRICS_TOKEN: /metrics needs it
  std::string docs_dir = default_docs_dir();  // CORRCHESS_DOCS_DIR: served at /docs/*.md
  std::string web_dir = default_web_dir();    // CORRCHESS_WEB_DIR: the web client, at /
  bool secure_cookies = false;                // CORRCHESS_SECURE_COOKIES: always Secure
  // CORRCHESS_MAX_OPEN_CHALLENGES, CORRCHESS_MAX_ONGOING_GAMES (0: no limit),
  // CORRCHESS_CHALLENGE_MIN_DAYS, CORRCHESS_CHALLENGE_MAX_DAYS.
  game::ChallengeLimits challenges;
  int challenge_mail_batch_minutes = 15;  // CORRCHESS_CHALLENGE_MAIL_BATCH_MINUTES (0: none)
  // Notifications (docs/operations.md "Notifications").
  std::string smtp_url;           // CORRCHESS_SMTP_URL: no email without it
  std::string smtp_from;          // CORRCHESS_SMTP_FROM: sender address (required with the URL)
  bool smtp_require_tls = false;  // CORRCHESS_SMTP_REQUIRE_TLS
  std::string public_url = "http://localhost:8080";  // CORRCHESS_PUBLIC_URL: links in messages
  int notify_retry_base_seconds = 30;                // CORRCHESS_NOTIFY_RETRY_BASE_SECONDS
  int notify_retry_max_seconds = 3600;               // CORRCHESS_NOTIFY_RETRY_MAX_SECONDS
  int notify_give_up_seconds = 172800;               // CORRCHESS_NOTIFY_GIVE_UP_SECONDS (2 days)
  bool require_verified_email = false;               // CORRCHESS_REQUIRE_VERIFIED_EMAIL
  bool webhook_allow_private = false;                // CORRCHESS_WEBHOOK_ALLOW_PRIVATE
  int webhook_timeout_seconds = 10;                  // CORRCHESS_WEBHOOK_TIMEOUT_SECONDS
  // Web Push: CORRCHESS_VAPID_PRIVATE_KEY (base64url of the raw 32-byte P-256 private key)
  // with CORRCHESS_VAPID_SUBJECT (mailto: or https: contact); none: push is off.
  std::optional<delivery::VapidIdentity> vapid;
  // Ratings (docs/ratings.md): CORRCHESS_RATING_PERIOD (month, week or day),
  // CORRCHESS_RATING_TAU, CORRCHESS_RATING_PROVISIONAL_GAMES,
  // CORRCHESS_RATING_PROVISIONAL_DEVIATION, CORRCHESS_RATING_DEFAULT_WINS.
  rating::PeriodKind rating_period = rating::PeriodKind::kMonth;
  rating::Glicko2Settings rating;
  bool rating_default_wins = false;
};

// Parses CORRCHESS_LISTEN: "address:port" (IPv4, localhost, or [IPv6]:port); a malformed value
// is a kValidationError naming CORRCHESS_LISTEN.
Result<std::pair<std::string, std::uint16_t>> parse_listen(const std::string& text);

// Reads CORRCHESS_* variables and DATABASE_URL; fails (kValidationError, the variable named in
// the detail) on malformed values and on values outside what the server promises, such as a
// live-event retention below kMinLiveEventRetentionDays.
Result<Config> config_from_env();

}  // namespace corrchess::server
