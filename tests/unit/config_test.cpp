#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "server/config.h"

namespace corrchess::server {
namespace {

TEST(ParseListen, HostAndPort) {
  auto r = parse_listen("127.0.0.1:8080");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->first, "127.0.0.1");
  EXPECT_EQ(r->second, 8080);
}

TEST(ParseListen, BracketedIpv6) {
  auto r = parse_listen("[::1]:9000");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->first, "::1");
  EXPECT_EQ(r->second, 9000);
}

TEST(ParseListen, RejectsMalformed) {
  for (const char* bad : {"8080", ":8080", "host:", "host:http", "host:70000", "host:80x",
                          "127.0.0.1:http", "[::1]:70000",
                          // a host name: the server binds addresses, it would fail only there
                          "server.example.org:8080", "[server]:8080"}) {
    auto r = parse_listen(bad);
    EXPECT_FALSE(r.has_value()) << bad;
    if (!r) {
      EXPECT_EQ(r.error().code, ErrorCode::kValidationError);
      // docs/operations.md: the message names the variable.
      EXPECT_NE(r.error().detail.find("CORRCHESS_LISTEN"), std::string::npos) << r.error().detail;
    }
  }
}

TEST(ParseListen, LocalhostAndAnyAddressAreAccepted) {
  for (const char* good : {"localhost:8080", "0.0.0.0:8080", "[::]:0", "127.0.0.1:0"}) {
    EXPECT_TRUE(parse_listen(good).has_value()) << good;
  }
}

// The notification settings: a mail server needs a sender address, links need an http(s)
// public address, retry times are positive.
TEST(NotificationConfig, MailSettingsAreChecked) {
  setenv("CORRCHESS_SMTP_URL", "smtp://mail.example.org:587", 1);
  unsetenv("CORRCHESS_SMTP_FROM");
  EXPECT_FALSE(config_from_env().has_value());
  setenv("CORRCHESS_SMTP_FROM", "corrchess@example.org", 1);
  // Only smtp:// and smtps:// (docs/operations.md), not another scheme or none.
  for (const char* url : {"mail.example.org:587", "http://mail.example.org", "ftp://x"}) {
    setenv("CORRCHESS_SMTP_URL", url, 1);
    EXPECT_FALSE(config_from_env().has_value()) << url;
  }
  setenv("CORRCHESS_SMTP_URL", "smtps://mail.example.org:465", 1);
  EXPECT_TRUE(config_from_env().has_value());
  setenv("CORRCHESS_SMTP_URL", "smtp://mail.example.org:587", 1);
  setenv("CORRCHESS_PUBLIC_URL", "chess.example.org", 1);
  EXPECT_FALSE(config_from_env().has_value());
  setenv("CORRCHESS_PUBLIC_URL", "https://chess.example.org", 1);
  setenv("CORRCHESS_NOTIFY_GIVE_UP_SECONDS", "0", 1);
  EXPECT_FALSE(config_from_env().has_value());
  setenv("CORRCHESS_NOTIFY_GIVE_UP_SECONDS", "600", 1);
  setenv("CORRCHESS_WEBHOOK_ALLOW_PRIVATE", "1", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->smtp_url, "smtp://mail.example.org:587");
  EXPECT_EQ(c->notify_give_up_seconds, 600);
  EXPECT_TRUE(c->webhook_allow_private);
  for (const char* name : {"CORRCHESS_SMTP_URL", "CORRCHESS_SMTP_FROM", "CORRCHESS_PUBLIC_URL",
                           "CORRCHESS_NOTIFY_GIVE_UP_SECONDS", "CORRCHESS_WEBHOOK_ALLOW_PRIVATE"}) {
    unsetenv(name);
  }
}

// The rating period job runs where the flag-fall sweep runs unless CORRCHESS_RATING_JOB says
// otherwise; other values are refused.
TEST(SchedulerConfig, TheRatingJobFollowsTheSchedulerUnlessSetItself) {
  // CORRCHESS_SCHEDULER and CORRCHESS_RATING_JOB (null: unset), applied in this order, and
  // what the server then runs.
  struct Case {
    const char* scheduler;
    const char* rating_job;
    bool runs_scheduler;
    bool runs_rating_job;
  };
  for (const Case& k : {Case{"off", nullptr, false, false}, Case{"off", "on", false, true},
                        Case{"on", "off", true, false}, Case{nullptr, nullptr, true, true}}) {
    SCOPED_TRACE(std::string(k.scheduler ? k.scheduler : "unset") + " " +
                 (k.rating_job ? k.rating_job : "unset"));
    for (const auto& [name, value] : {std::pair{"CORRCHESS_SCHEDULER", k.scheduler},
                                      std::pair{"CORRCHESS_RATING_JOB", k.rating_job}}) {
      if (value) {
        setenv(name, value, 1);
      } else {
        unsetenv(name);
      }
    }
    auto c = config_from_env();
    ASSERT_TRUE(c.has_value()) << c.error().detail;
    EXPECT_EQ(c->run_scheduler, k.runs_scheduler);
    EXPECT_EQ(c->run_rating_job, k.runs_rating_job);
  }
  setenv("CORRCHESS_RATING_JOB", "yes", 1);
  auto c = config_from_env();
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error().code, ErrorCode::kValidationError);
  unsetenv("CORRCHESS_RATING_JOB");
}

// LISTEN and migrations use CORRCHESS_LISTEN_DATABASE_URL (a direct connection when the
// queries go through PgBouncer), the database URL itself unless it is set.
TEST(DatabaseConfig, TheListenConnectionDefaultsToTheDatabaseUrl) {
  unsetenv("DATABASE_URL");
  unsetenv("CORRCHESS_LISTEN_DATABASE_URL");
  setenv("CORRCHESS_DATABASE_URL", "host=pgbouncer port=6432 dbname=corrchess", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->listen_database_url, "host=pgbouncer port=6432 dbname=corrchess");
  setenv("CORRCHESS_LISTEN_DATABASE_URL", "host=postgres port=5432 dbname=corrchess", 1);
  c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->database_url, "host=pgbouncer port=6432 dbname=corrchess");
  EXPECT_EQ(c->listen_database_url, "host=postgres port=5432 dbname=corrchess");
  unsetenv("CORRCHESS_DATABASE_URL");
  unsetenv("CORRCHESS_LISTEN_DATABASE_URL");
}

// Per-move statements are prepared unless CORRCHESS_DB_PREPARED_STATEMENTS=0 (PgBouncer in
// transaction mode).
TEST(DatabaseConfig, PreparedStatementsAreOnUnlessSwitchedOff) {
  unsetenv("CORRCHESS_DB_PREPARED_STATEMENTS");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_TRUE(c->db_prepared_statements);
  setenv("CORRCHESS_DB_PREPARED_STATEMENTS", "0", 1);
  c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_FALSE(c->db_prepared_statements);
  unsetenv("CORRCHESS_DB_PREPARED_STATEMENTS");
}

// The games kept in memory: 10,000 by default, 0 keeps none, a negative count or a word is
// refused; the check is off unless switched on, and only on/off (and the like) are accepted.
TEST(GameCacheConfig, CountAndCheckAreRead) {
  unsetenv("CORRCHESS_GAME_CACHE_GAMES");
  unsetenv("CORRCHESS_GAME_CACHE_CHECK");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->game_cache_games, 10000);
  EXPECT_FALSE(c->game_cache_check);
  setenv("CORRCHESS_GAME_CACHE_GAMES", "0", 1);
  setenv("CORRCHESS_GAME_CACHE_CHECK", "on", 1);
  c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->game_cache_games, 0);
  EXPECT_TRUE(c->game_cache_check);
  for (const char* bad : {"-1", "many"}) {
    setenv("CORRCHESS_GAME_CACHE_GAMES", bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << bad;
    EXPECT_NE(c.error().detail.find("CORRCHESS_GAME_CACHE_GAMES"), std::string::npos)
        << c.error().detail;
  }
  unsetenv("CORRCHESS_GAME_CACHE_GAMES");
  setenv("CORRCHESS_GAME_CACHE_CHECK", "maybe", 1);
  c = config_from_env();
  ASSERT_FALSE(c.has_value());
  EXPECT_NE(c.error().detail.find("CORRCHESS_GAME_CACHE_CHECK"), std::string::npos)
      << c.error().detail;
  unsetenv("CORRCHESS_GAME_CACHE_CHECK");
}

// Live messages are promised to be kept at least 7 days: a shorter retention is a
// configuration error at startup, 7 and more are accepted.
TEST(LiveEventConfig, RetentionBelowSevenDaysIsRefused) {
  unsetenv("CORRCHESS_LIVE_EVENT_RETENTION_DAYS");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->live_event_retention_days, 7);
  for (const char* bad : {"1", "6", "0", "-7", "seven"}) {
    setenv("CORRCHESS_LIVE_EVENT_RETENTION_DAYS", bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << bad;
    EXPECT_EQ(c.error().code, ErrorCode::kValidationError) << bad;
    EXPECT_NE(c.error().detail.find("CORRCHESS_LIVE_EVENT_RETENTION_DAYS"), std::string::npos)
        << c.error().detail;
  }
  setenv("CORRCHESS_LIVE_EVENT_RETENTION_DAYS", "6", 1);
  c = config_from_env();
  ASSERT_FALSE(c.has_value());
  EXPECT_NE(c.error().detail.find("at least 7"), std::string::npos) << c.error().detail;
  for (const auto& [text, days] : {std::pair{"7", 7}, std::pair{"30", 30}}) {
    setenv("CORRCHESS_LIVE_EVENT_RETENTION_DAYS", text, 1);
    c = config_from_env();
    ASSERT_TRUE(c.has_value()) << text << ": " << c.error().detail;
    EXPECT_EQ(c->live_event_retention_days, days);
  }
  unsetenv("CORRCHESS_LIVE_EVENT_RETENTION_DAYS");
}

// CORRCHESS_PASSWORD_HASH: interactive unless the test suite asks for the minimum; nothing
// else is accepted.
TEST(PasswordHashConfig, InteractiveUnlessMinimumIsAskedFor) {
  unsetenv("CORRCHESS_PASSWORD_HASH");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_FALSE(c->minimum_password_hashes);
  setenv("CORRCHESS_PASSWORD_HASH", "minimum", 1);
  c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_TRUE(c->minimum_password_hashes);
  setenv("CORRCHESS_PASSWORD_HASH", "fast", 1);
  c = config_from_env();
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error().code, ErrorCode::kValidationError);
  EXPECT_NE(c.error().detail.find("CORRCHESS_PASSWORD_HASH"), std::string::npos);
  unsetenv("CORRCHESS_PASSWORD_HASH");
}

// Every yes/no setting takes 1/true/yes/on or 0/false/no/off; anything else (a typo such as
// "disabled") stops the server with a message naming the variable instead of meaning "yes".
TEST(FlagConfig, OnlyYesOrNoWordsAreAccepted) {
  for (const char* name : {"CORRCHESS_AUTO_MIGRATE", "CORRCHESS_OPEN_REGISTRATION",
                           "CORRCHESS_SECURE_COOKIES", "CORRCHESS_DB_PREPARED_STATEMENTS",
                           "CORRCHESS_SMTP_REQUIRE_TLS", "CORRCHESS_REQUIRE_VERIFIED_EMAIL",
                           "CORRCHESS_WEBHOOK_ALLOW_PRIVATE", "CORRCHESS_RATING_DEFAULT_WINS"}) {
    SCOPED_TRACE(name);
    for (const char* bad : {"disabled", "2", "nope", "O"}) {
      setenv(name, bad, 1);
      auto c = config_from_env();
      ASSERT_FALSE(c.has_value()) << bad;
      EXPECT_EQ(c.error().code, ErrorCode::kValidationError) << bad;
      EXPECT_NE(c.error().detail.find(name), std::string::npos) << c.error().detail;
    }
    unsetenv(name);
  }
  for (const auto& [text, value] :
       {std::pair{"0", false}, std::pair{"off", false}, std::pair{"false", false},
        std::pair{"no", false}, std::pair{"1", true}, std::pair{"on", true},
        std::pair{"true", true}, std::pair{"yes", true}}) {
    setenv("CORRCHESS_OPEN_REGISTRATION", text, 1);
    setenv("CORRCHESS_AUTO_MIGRATE", text, 1);
    auto c = config_from_env();
    ASSERT_TRUE(c.has_value()) << text << ": " << c.error().detail;
    EXPECT_EQ(c->open_registration, value) << text;
    EXPECT_EQ(c->run_migrations, value) << text;
  }
  unsetenv("CORRCHESS_OPEN_REGISTRATION");
  unsetenv("CORRCHESS_AUTO_MIGRATE");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_TRUE(c->open_registration);
  EXPECT_TRUE(c->run_migrations);
}

// CORRCHESS_LOG_LEVEL: info by default, the documented names (with spdlog's aliases warning and
// err) are taken, an unknown name is refused (it would otherwise switch the log off).
TEST(LogLevelConfig, UnknownLevelsAreRefused) {
  unsetenv("CORRCHESS_LOG_LEVEL");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->log_level, "info");
  for (const char* level :
       {"trace", "debug", "info", "warn", "warning", "error", "err", "critical", "off"}) {
    setenv("CORRCHESS_LOG_LEVEL", level, 1);
    c = config_from_env();
    ASSERT_TRUE(c.has_value()) << level << ": " << c.error().detail;
    EXPECT_EQ(c->log_level, level);
  }
  for (const char* bad : {"verbose", "INFO", "warnings"}) {
    setenv("CORRCHESS_LOG_LEVEL", bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << bad;
    EXPECT_EQ(c.error().code, ErrorCode::kValidationError);
    EXPECT_NE(c.error().detail.find("CORRCHESS_LOG_LEVEL"), std::string::npos) << c.error().detail;
  }
  unsetenv("CORRCHESS_LOG_LEVEL");
}

// CORRCHESS_TIMEZONE: an unknown zone is refused with the configuration, before the server
// touches the database (it used to apply migrations first and stop only then).
TEST(TimeZoneConfig, UnknownZonesAreRefused) {
  unsetenv("CORRCHESS_TIMEZONE");
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->time_zone, "Europe/London");
  setenv("CORRCHESS_TIMEZONE", "UTC", 1);
  c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  setenv("CORRCHESS_TIMEZONE", "Mars/Olympus_Mons", 1);
  c = config_from_env();
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error().code, ErrorCode::kValidationError);
  EXPECT_NE(c.error().detail.find("CORRCHESS_TIMEZONE"), std::string::npos) << c.error().detail;
  unsetenv("CORRCHESS_TIMEZONE");
}

// PGCONNECT_TIMEOUT (libpq's, documented with the server's settings): whole seconds above 0;
// a word or 0 (libpq: wait for ever) stops the server with the variable named.
TEST(ConnectTimeoutConfig, OnlyPositiveSecondsAreAccepted) {
  setenv("PGCONNECT_TIMEOUT", "5", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  for (const char* bad : {"abc", "0", "-3", "2.5"}) {
    setenv("PGCONNECT_TIMEOUT", bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << bad;
    EXPECT_NE(c.error().detail.find("PGCONNECT_TIMEOUT"), std::string::npos) << c.error().detail;
  }
  unsetenv("PGCONNECT_TIMEOUT");
}

// CORRCHESS_TOKEN_TTL_DAYS: 1 to 36500 days; a larger lifetime was taken and then failed every
// login (an expiry the database cannot store).
TEST(TokenTtlConfig, AtMostAHundredYears) {
  setenv("CORRCHESS_TOKEN_TTL_DAYS", "36500", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->token_ttl_days, 36500);
  for (const char* bad : {"36501", "2000000000", "0", "-1"}) {
    setenv("CORRCHESS_TOKEN_TTL_DAYS", bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << bad;
    EXPECT_NE(c.error().detail.find("CORRCHESS_TOKEN_TTL_DAYS"), std::string::npos)
        << c.error().detail;
  }
  unsetenv("CORRCHESS_TOKEN_TTL_DAYS");
}

// CORRCHESS_IO_THREADS at most 256 and CORRCHESS_DB_POOL_SIZE at most 1000: 100,000 was taken
// and the server died starting the threads.
TEST(ThreadCountConfig, BoundedAbove) {
  setenv("CORRCHESS_IO_THREADS", "256", 1);
  setenv("CORRCHESS_DB_POOL_SIZE", "1000", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->io_threads, 256);
  EXPECT_EQ(c->db_pool_size, 1000);
  for (const auto& [name, bad] :
       {std::pair{"CORRCHESS_IO_THREADS", "257"}, std::pair{"CORRCHESS_IO_THREADS", "100000"},
        std::pair{"CORRCHESS_DB_POOL_SIZE", "1001"},
        std::pair{"CORRCHESS_DB_POOL_SIZE", "100000"}}) {
    setenv("CORRCHESS_IO_THREADS", "2", 1);
    setenv("CORRCHESS_DB_POOL_SIZE", "8", 1);
    setenv(name, bad, 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << name << "=" << bad;
    EXPECT_NE(c.error().detail.find(name), std::string::npos) << c.error().detail;
    EXPECT_NE(c.error().detail.find(bad), std::string::npos) << c.error().detail;
  }
  unsetenv("CORRCHESS_IO_THREADS");
  unsetenv("CORRCHESS_DB_POOL_SIZE");
}

// The connection strings are parsed (not connected to) at start: one libpq cannot read names
// its variable; DATABASE_URL is not read when CORRCHESS_DATABASE_URL is set.
TEST(DatabaseConfig, ConnectionStringsLibpqCannotReadAreRefused) {
  setenv("CORRCHESS_DATABASE_URL", "host=db dbname=corrchess", 1);
  setenv("DATABASE_URL", "dbname corrchess", 1);
  auto c = config_from_env();
  ASSERT_TRUE(c.has_value()) << c.error().detail;
  EXPECT_EQ(c->database_url, "host=db dbname=corrchess");
  for (const char* name : {"CORRCHESS_DATABASE_URL", "CORRCHESS_LISTEN_DATABASE_URL",
                           "CORRCHESS_REPLICA_DATABASE_URL"}) {
    setenv(name, "postgresql://[oops", 1);
    c = config_from_env();
    ASSERT_FALSE(c.has_value()) << name;
    EXPECT_EQ(c.error().detail.rfind(std::string(name) + " is not a libpq connection string", 0),
              0u)
        << c.error().detail;
    if (std::string_view(name) == "CORRCHESS_DATABASE_URL") {
      setenv(name, "host=db dbname=corrchess", 1);
    } else {
      unsetenv(name);
    }
  }
  unsetenv("CORRCHESS_DATABASE_URL");
  c = config_from_env();
  ASSERT_FALSE(c.has_value()) << "DATABASE_URL is read now";
  EXPECT_NE(c.error().detail.find("DATABASE_URL is not a libpq connection string"),
            std::string::npos)
      << c.error().detail;
  unsetenv("DATABASE_URL");
}

}  // namespace
}  // namespace corrchess::server
