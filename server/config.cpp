#include "server/config.h"

#include <charconv>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>

#include <boost/asio/ip/address.hpp>

#include "core/game/time_zone.h"
#include "db/connection.h"
#include "delivery/mail.h"
#include "delivery/web_push.h"

namespace corrchess::server {

namespace {

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return (v != nullptr && *v != '\0') ? v : nullptr;
}

// A yes/no setting: 1, true, yes, on or 0, false, no, off; anything else is a
// kValidationError naming the variable (a typo must not silently mean "yes").
Result<bool> parse_flag(const char* name, const std::string& v) {
  for (const char* yes : {"1", "true", "yes", "on"}) {
    if (v == yes) return true;
  }
  for (const char* no : {"0", "false", "no", "off"}) {
    if (v == no) return false;
  }
  return fail(ErrorCode::kValidationError,
              std::string(name) + " must be 1 or 0 (true/false, yes/no, on/off), got '" + v + "'");
}

Result<int> parse_positive_int(const char* name, const std::string& text) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || ptr != text.data() + text.size() || value <= 0) {
    return fail(ErrorCode::kValidationError,
                std::string{name} + " must be a positive integer, got '" + text + "'");
  }
  return value;
}

// An integer setting: its variable, the field it is read into, and whether 0 is allowed
// besides positive integers (0 means "no limit" or "none" for those settings).
struct IntSetting {
  const char* name;
  int* target;
  bool zero_allowed = false;
};

// Reads each of `settings` that is set into its target. The first bad value is a
// kValidationError naming its setting; nothing after it is read.
Result<void> read_int_settings(std::initializer_list<IntSetting> settings) {
  for (const auto& [name, target, zero_allowed] : settings) {
    const char* text = env(name);
    if (text == nullptr) continue;
    TRY_LET(n, zero_allowed && std::string_view(text) == "0" ? Result<int>(0)
                                                             : parse_positive_int(name, text));
    *target = *n;
  }
  return {};
}

// "on" or "off" (CORRCHESS_SCHEDULER, CORRCHESS_RATING_JOB) when `name` is set: the flag read
// into `target`, else a kValidationError naming `name`.
Result<void> read_on_off(const char* name, bool& target) {
  const char* text = env(name);
  if (text == nullptr) return {};
  const std::string v = text;
  if (v != "on" && v != "off") {
    return fail(ErrorCode::kValidationError, std::string(name) + " must be on or off");
  }
  target = v == "on";
  return {};
}

// A positive decimal number (CORRCHESS_RATING_TAU, CORRCHESS_RATING_PROVISIONAL_DEVIATION).
Result<double> parse_positive_number(const char* name, const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(value > 0) || value > 10000) {
    return fail(ErrorCode::kValidationError,
                std::string(name) + " must be a positive number, got '" + text + "'");
  }
  return value;
}

// The CORRCHESS_RATING_* settings.
Result<void> rating_settings(Config& config) {
  if (const char* period = env("CORRCHESS_RATING_PERIOD")) {
    auto kind = rating::parse_period_kind(period);
    if (!kind) {
      return fail(ErrorCode::kValidationError,
                  "CORRCHESS_RATING_PERIOD must be month, week or day");
    }
    config.rating_period = *kind;
  }
  if (const char* text = env("CORRCHESS_RATING_TAU")) {
    TRY_LET(tau, parse_positive_number("CORRCHESS_RATING_TAU", text));
    config.rating.tau = *tau;
  }
  if (const char* text = env("CORRCHESS_RATING_PROVISIONAL_DEVIATION")) {
    TRY_LET(rd, parse_positive_number("CORRCHESS_RATING_PROVISIONAL_DEVIATION", text));
    config.rating.provisional_deviation = *rd;
  }
  if (auto read = read_int_settings(
          {{"CORRCHESS_RATING_PROVISIONAL_GAMES", &config.rating.provisional_games, true}});
      !read) {
    return read;
  }
  if (const char* wins = env("CORRCHESS_RATING_DEFAULT_WINS")) {
    TRY_LET(flag, parse_flag("CORRCHESS_RATING_DEFAULT_WINS", wins));
    config.rating_default_wins = *flag;
  }
  return {};
}

}  // namespace

Result<std::pair<std::string, std::uint16_t>> parse_listen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_LISTEN must be address:port, got '" + text + "'");
  }
  std::string host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  // The server binds an IP address (or localhost): a host name would pass here and fail only
  // at bind, after the migrations ran (docs/operations.md: refused before the database).
  boost::system::error_code address_error;
  boost::asio::ip::make_address(host, address_error);
  if (host != "localhost" && address_error) {
    return fail(
        ErrorCode::kValidationError,
        "CORRCHESS_LISTEN: '" + host + "' is not an IP address (or localhost), in '" + text + "'");
  }
  const std::string port_text = text.substr(colon + 1);
  unsigned port = 0;
  auto [ptr, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc{} || ptr != port_text.data() + port_text.size() || port > 65535) {
    return fail(ErrorCode::kValidationError, "CORRCHESS_LISTEN: invalid port in '" + text + "'");
  }
  return std::pair{host, static_cast<std::uint16_t>(port)};
}

std::string default_docs_dir() {
#ifdef CORRCHESS_DOCS_DIR
  return CORRCHESS_DOCS_DIR;
#else
  return {};
#endif
}

std::string default_web_dir() {
#ifdef CORRCHESS_WEB_DIR
  return CORRCHESS_WEB_DIR;
#else
  return {};
#endif
}

namespace {

// A text setting: copied as it is when set (and not empty).
struct TextSetting {
  const char* name;
  std::string* target;
};
void read_text_settings(std::initializer_list<TextSetting> settings) {
  for (const auto& s : settings) {
    if (const char* value = env(s.name)) *s.target = value;
  }
}

// A flag setting: 1/true/yes/on or 0/false/no/off when set; the first other value is a
// kValidationError naming its setting.
struct FlagSetting {
  const char* name;
  bool* target;
};
Result<void> read_flag_settings(std::initializer_list<FlagSetting> settings) {
  for (const auto& s : settings) {
    const char* value = env(s.name);
    if (value == nullptr) continue;
    TRY_LET(flag, parse_flag(s.name, value));
    *s.target = *flag;
  }
  return {};
}

// CORRCHESS_LOG_LEVEL: one of spdlog's level names (an unknown name would switch logging off).
Result<void> read_log_level(Config& config) {
  const char* level = env("CORRCHESS_LOG_LEVEL");
  if (level == nullptr) return {};
  const std::string v = level;
  for (const char* known :
       {"trace", "debug", "info", "warn", "warning", "error", "err", "critical", "off"}) {
    if (v == known) {
      config.log_level = v;
      return {};
    }
  }
  return fail(ErrorCode::kValidationError,
              "CORRCHESS_LOG_LEVEL must be trace, debug, info, warn, error, critical or off, "
              "got '" +
                  v + "'");
}

// CORRCHESS_TRUSTED_PROXIES: IP addresses separated by commas (blanks ignored).
Result<void> read_trusted_proxies(Config& config) {
  const char* text = env("CORRCHESS_TRUSTED_PROXIES");
  if (text == nullptr) return {};
  std::string_view rest = text;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    std::string item(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    std::erase_if(item, [](char c) { return c == ' ' || c == '\t'; });
    if (item.empty()) continue;
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(item, ec);
    if (ec) {
      return fail(ErrorCode::kValidationError,
                  "CORRCHESS_TRUSTED_PROXIES: '" + item + "' is not an IP address");
    }
    config.trusted_proxies.push_back(address.to_string());
  }
  return {};
}

// Resumable live events are promised to be kept at least 7 days (docs/api.md): a shorter
// retention would silently break that promise, so it is a configuration error.
Result<void> read_live_event_retention(Config& config) {
  const char* text = env("CORRCHESS_LIVE_EVENT_RETENTION_DAYS");
  if (text == nullptr) return {};
  TRY_LET(n, parse_positive_int("CORRCHESS_LIVE_EVENT_RETENTION_DAYS", text));
  if (*n < kMinLiveEventRetentionDays) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_LIVE_EVENT_RETENTION_DAYS must be at least " +
                    std::to_string(kMinLiveEventRetentionDays) +
                    " (live messages are kept at least 7 days for resuming)");
  }
  config.live_event_retention_days = *n;
  return {};
}

// CORRCHESS_CLOCK: system (default) or manual.
Result<void> read_clock(Config& config) {
  const char* clock = env("CORRCHESS_CLOCK");
  if (clock == nullptr) return {};
  const std::string v = clock;
  if (v != "system" && v != "manual") {
    return fail(ErrorCode::kValidationError, "CORRCHESS_CLOCK must be system or manual");
  }
  config.manual_clock = v == "manual";
  return {};
}

// CORRCHESS_PASSWORD_HASH: interactive (default) or minimum (the test suite's).
Result<void> read_password_hash(Config& config) {
  const char* cost = env("CORRCHESS_PASSWORD_HASH");
  if (cost == nullptr) return {};
  const std::string v = cost;
  if (v != "interactive" && v != "minimum") {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_PASSWORD_HASH must be interactive or minimum");
  }
  config.minimum_password_hashes = v == "minimum";
  return {};
}

// CORRCHESS_VAPID_PRIVATE_KEY and CORRCHESS_VAPID_SUBJECT: both or neither.
Result<void> read_vapid(Config& config) {
  const char* key = env("CORRCHESS_VAPID_PRIVATE_KEY");
  const char* subject = env("CORRCHESS_VAPID_SUBJECT");
  if (key == nullptr && subject == nullptr) return {};
  if (key == nullptr) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_VAPID_SUBJECT is set without CORRCHESS_VAPID_PRIVATE_KEY");
  }
  const auto raw = delivery::base64url_decode(key);
  auto pair = delivery::p256_key_pair(raw.value_or(""));
  if (!pair) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_VAPID_PRIVATE_KEY must be the base64url of a 32-byte P-256 private key "
                "(corrchess-server vapid-keys makes one)");
  }
  if (subject == nullptr || !delivery::valid_vapid_subject(subject)) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_VAPID_SUBJECT must be a mailto: or https: contact when "
                "CORRCHESS_VAPID_PRIVATE_KEY is set");
  }
  config.vapid = delivery::VapidIdentity{std::move(*pair), subject};
  return {};
}

// The connection strings, as libpq reads them: one it cannot parse would fail every
// connection (or, with CORRCHESS_AUTO_MIGRATE=0, leave a server that answers 503 to all).
Result<void> check_connection_strings() {
  for (const char* name : {"CORRCHESS_DATABASE_URL", "DATABASE_URL",
                           "CORRCHESS_LISTEN_DATABASE_URL", "CORRCHESS_REPLICA_DATABASE_URL"}) {
    const char* url = env(name);
    // DATABASE_URL is not used (nor checked) when CORRCHESS_DATABASE_URL is set.
    if (url == nullptr ||
        (name == std::string_view("DATABASE_URL") && env("CORRCHESS_DATABASE_URL") != nullptr)) {
      continue;
    }
    if (auto error = db::connection_string_error(url)) {
      return fail(ErrorCode::kValidationError,
                  std::string(name) + " is not a libpq connection string or URI: " + *error);
    }
  }
  return {};
}

// Integer settings with an upper bound: the token lifetime the database can add to today (a
// larger one was taken and then failed every login with a 500: timestamp out of range), and
// thread and connection counts a machine can start (100,000 I/O threads were taken and the
// server died starting them).
Result<void> check_upper_bounds(const Config& config) {
  struct Bound {
    const char* name;
    int value;
    int max;
    const char* meaning;
  };
  for (const auto& [name, value, max, meaning] :
       {Bound{"CORRCHESS_TOKEN_TTL_DAYS", config.token_ttl_days, kMaxTokenTtlDays,
              " (a hundred years)"},
        Bound{"CORRCHESS_IO_THREADS", config.io_threads, kMaxIoThreads, ""},
        Bound{"CORRCHESS_DB_POOL_SIZE", config.db_pool_size, kMaxDbPoolSize, ""}}) {
    if (value > max) {
      return fail(ErrorCode::kValidationError, std::string(name) + " must be at most " +
                                                   std::to_string(max) + meaning + ", got " +
                                                   std::to_string(value));
    }
  }
  return {};
}

// Settings that are wrong only together.
Result<void> check_combinations(const Config& config) {
  if (config.challenges.min_days > config.challenges.max_days) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_CHALLENGE_MIN_DAYS must not exceed CORRCHESS_CHALLENGE_MAX_DAYS");
  }
  // docs/operations.md: smtp:// (STARTTLS when offered) or smtps:// (implicit TLS). Another
  // scheme, or none, would make every mail fail for two days before it is given up.
  if (!config.smtp_url.empty() && !config.smtp_url.starts_with("smtp://") &&
      !config.smtp_url.starts_with("smtps://")) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_SMTP_URL must start with smtp:// or smtps://");
  }
  if (!config.smtp_url.empty() && !delivery::is_mail_address(config.smtp_from)) {
    return fail(ErrorCode::kValidationError,
                "CORRCHESS_SMTP_FROM must be the sender's address when CORRCHESS_SMTP_URL is set");
  }
  if (!config.public_url.starts_with("http://") && !config.public_url.starts_with("https://")) {
    return fail(ErrorCode::kValidationError, "CORRCHESS_PUBLIC_URL must start with http(s)://");
  }
  if (config.admin_user.empty() != config.admin_password.empty()) {
    return fail(ErrorCode::kValidationError,
                "set both CORRCHESS_ADMIN_USER and CORRCHESS_ADMIN_PASSWORD, or neither");
  }
  return {};
}

}  // namespace

Result<Config> config_from_env() {
  Config config;
  // Set but empty: no web client (the first page at `/`).
  if (const char* web = std::getenv("CORRCHESS_WEB_DIR")) config.web_dir = web;
  if (const char* listen = env("CORRCHESS_LISTEN")) {
    TRY_LET(parsed, parse_listen(listen));
    config.listen_address = parsed->first;
    config.listen_port = parsed->second;
  }
  if (auto url = db::database_url_from_env()) config.database_url = *url;
  const char* listen_url = env("CORRCHESS_LISTEN_DATABASE_URL");
  config.listen_database_url = listen_url != nullptr ? listen_url : config.database_url;
  TRY(check_connection_strings());
  read_text_settings({
      {"CORRCHESS_DOCS_DIR", &config.docs_dir},
      {"CORRCHESS_METRICS_TOKEN", &config.metrics_token},
      {"CORRCHESS_TIMEZONE", &config.time_zone},
      {"CORRCHESS_ADMIN_USER", &config.admin_user},
      {"CORRCHESS_ADMIN_PASSWORD", &config.admin_password},
      {"CORRCHESS_SMTP_URL", &config.smtp_url},
      {"CORRCHESS_SMTP_FROM", &config.smtp_from},
      {"CORRCHESS_PUBLIC_URL", &config.public_url},
      {"CORRCHESS_REPLICA_DATABASE_URL", &config.replica_database_url},
  });
  TRY(read_flag_settings({
      {"CORRCHESS_SECURE_COOKIES", &config.secure_cookies},
      {"CORRCHESS_DB_PREPARED_STATEMENTS", &config.db_prepared_statements},
      {"CORRCHESS_AUTO_MIGRATE", &config.run_migrations},
      {"CORRCHESS_OPEN_REGISTRATION", &config.open_registration},
      {"CORRCHESS_SMTP_REQUIRE_TLS", &config.smtp_require_tls},
      {"CORRCHESS_REQUIRE_VERIFIED_EMAIL", &config.require_verified_email},
      {"CORRCHESS_WEBHOOK_ALLOW_PRIVATE", &config.webhook_allow_private},
  }));
  TRY(read_log_level(config));
  // Every integer setting but the live-event retention (checked against its minimum below).
  TRY(read_int_settings({
      {"CORRCHESS_IO_THREADS", &config.io_threads},
      {"CORRCHESS_DB_POOL_SIZE", &config.db_pool_size},
      {"CORRCHESS_REPLICA_MAX_LAG_SECONDS", &config.replica_max_lag_seconds},
      {"CORRCHESS_TOKEN_TTL_DAYS", &config.token_ttl_days},
      {"CORRCHESS_WS_IDLE_TIMEOUT", &config.ws_idle_timeout_seconds},
      {"CORRCHESS_WS_MAX_QUEUE", &config.ws_max_queued_messages},
      {"CORRCHESS_MAX_BODY_BYTES", &config.max_body_bytes},
      {"CORRCHESS_NOTIFY_RETRY_BASE_SECONDS", &config.notify_retry_base_seconds},
      {"CORRCHESS_NOTIFY_RETRY_MAX_SECONDS", &config.notify_retry_max_seconds},
      {"CORRCHESS_NOTIFY_GIVE_UP_SECONDS", &config.notify_give_up_seconds},
      {"CORRCHESS_WEBHOOK_TIMEOUT_SECONDS", &config.webhook_timeout_seconds},
      {"CORRCHESS_MAX_CONNECTIONS", &config.max_connections},
      {"CORRCHESS_MAX_WEBSOCKETS_PER_USER", &config.max_websockets_per_user},
      {"CORRCHESS_REGISTRATIONS_PER_HOUR", &config.registrations_per_hour},
      {"CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN", &config.writes_per_minute_per_token, true},
      {"CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS", &config.writes_per_minute_per_address, true},
      {"CORRCHESS_MAX_OPEN_CHALLENGES", &config.challenges.max_open_challenges, true},
      {"CORRCHESS_MAX_ONGOING_GAMES", &config.challenges.max_ongoing_games, true},
      {"CORRCHESS_CHALLENGE_MIN_DAYS", &config.challenges.min_days},
      {"CORRCHESS_CHALLENGE_MAX_DAYS", &config.challenges.max_days},
      {"CORRCHESS_CHALLENGES_PER_OPPONENT_PER_DAY", &config.challenges.max_per_opponent_per_day,
       true},
      {"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_DECLINE_MINUTES",
       &config.challenges.cooldown_after_decline_minutes, true},
      {"CORRCHESS_CHALLENGE_COOLDOWN_AFTER_CANCEL_MINUTES",
       &config.challenges.cooldown_after_cancel_minutes, true},
      {"CORRCHESS_CHALLENGE_MAIL_BATCH_MINUTES", &config.challenge_mail_batch_minutes, true},
      {"CORRCHESS_MAX_CONCURRENT_HASHES", &config.max_concurrent_hashes, true},
      {"CORRCHESS_MAX_CONNECTIONS_PER_ADDRESS", &config.max_connections_per_address, true},
      {"CORRCHESS_GAME_CACHE_GAMES", &config.game_cache_games, true},
      {"CORRCHESS_DEAD_POSITION_NODES", &config.dead_position_nodes},
      {"CORRCHESS_EVIDENCE_NODES", &config.evidence_nodes},
  }));
  if (const char* text = env("CORRCHESS_NORMS")) {
    auto rules = competition::parse_norm_rules(text);
    if (!rules)
      return fail(ErrorCode::kValidationError, "CORRCHESS_NORMS: " + rules.error().detail);
    config.norm_rules = *rules;
  }
  TRY(read_clock(config));
  TRY(read_password_hash(config));
  TRY(read_vapid(config));
  TRY(read_on_off("CORRCHESS_GAME_CACHE_CHECK", config.game_cache_check));
  TRY(read_on_off("CORRCHESS_SCHEDULER", config.run_scheduler));
  config.run_rating_job = config.run_scheduler;
  TRY(read_on_off("CORRCHESS_RATING_JOB", config.run_rating_job));
  TRY(read_live_event_retention(config));
  TRY(read_trusted_proxies(config));
  TRY(rating_settings(config));
  // libpq's own variable, which main() sets to 5 when unset: a word would fail every
  // connection naming only connect_timeout, and 0 or less would wait for ever.
  if (const char* timeout = env("PGCONNECT_TIMEOUT")) {
    TRY(parse_positive_int("PGCONNECT_TIMEOUT", timeout));
  }
  // Checked here, before anything reaches the database (a bad zone must not migrate first).
  if (auto zone = game::TimeZone::named(config.time_zone); !zone) {
    return fail(ErrorCode::kValidationError, "CORRCHESS_TIMEZONE: " + zone.error().detail);
  }
  TRY(check_upper_bounds(config));
  TRY(check_combinations(config));
  return config;
}

}  // namespace corrchess::server
