// docs/operations.md "Configuration": a malformed setting stops corrchess-server at start with a
// message naming the variable, before it connects to the database (nothing is migrated), and
// the maintenance commands answer with the exit codes the README and operations.md give.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "tests/support/temp_database.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

// corrchess-server `args` with `env` prefixed and DATABASE_URL set to `url`; a server that
// starts after all is stopped by `timeout` (exit 124).
testing::CommandRun run_with_settings(const std::string& url, const std::string& env,
                                      const std::string& args = "") {
  return testing::run_command(
      "env -u CORRCHESS_DATABASE_URL DATABASE_URL=" + testing::shell_quote(url) +
      " CORRCHESS_LISTEN=127.0.0.1:0 " + env + " timeout 20 " + testing::bin_dir() +
      "/corrchess-server " + args + " 2>&1 </dev/null");
}

bool database_was_migrated(const testing::TempDatabase& db) {
  pqxx::connection c(db.url());
  pqxx::nontransaction tx(c);
  return tx.exec1("SELECT to_regclass('schema_migrations') IS NOT NULL")[0].as<bool>();
}

TEST(StartupSettings, MalformedValuesStopTheServerNamingTheVariableBeforeTheDatabase) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      // An address the server cannot bind was taken, and refused only after migrating.
      {"CORRCHESS_LISTEN", "CORRCHESS_LISTEN=server.example.org:8080"},
      {"CORRCHESS_LISTEN", "CORRCHESS_LISTEN=8080"},
      {"CORRCHESS_LISTEN", "CORRCHESS_LISTEN=127.0.0.1:http"},
      {"CORRCHESS_IO_THREADS", "CORRCHESS_IO_THREADS=0"},
      {"CORRCHESS_DB_POOL_SIZE", "CORRCHESS_DB_POOL_SIZE=eight"},
      {"CORRCHESS_AUTO_MIGRATE", "CORRCHESS_AUTO_MIGRATE=maybe"},
      {"CORRCHESS_LOG_LEVEL", "CORRCHESS_LOG_LEVEL=loud"},
      // Taken, and then every login failed with a 500 (the expiry was out of the database's
      // range).
      {"CORRCHESS_TOKEN_TTL_DAYS", "CORRCHESS_TOKEN_TTL_DAYS=2000000000"},
      {"CORRCHESS_LIVE_EVENT_RETENTION_DAYS", "CORRCHESS_LIVE_EVENT_RETENTION_DAYS=6"},
      {"PGCONNECT_TIMEOUT", "PGCONNECT_TIMEOUT=0"},
      {"CORRCHESS_TIMEZONE", "CORRCHESS_TIMEZONE=Mars/Olympus"},
      {"CORRCHESS_SCHEDULER", "CORRCHESS_SCHEDULER=1"},
      {"CORRCHESS_CLOCK", "CORRCHESS_CLOCK=fast"},
      {"CORRCHESS_NORMS", "CORRCHESS_NORMS=GM=high"},
      {"CORRCHESS_RATING_PERIOD", "CORRCHESS_RATING_PERIOD=year"},
      {"CORRCHESS_TRUSTED_PROXIES", "CORRCHESS_TRUSTED_PROXIES=proxy.example.org"},
      {"CORRCHESS_SMTP_URL", "CORRCHESS_SMTP_URL=mail.example.org CORRCHESS_SMTP_FROM=a@b.org"},
      {"CORRCHESS_VAPID_PRIVATE_KEY", "CORRCHESS_VAPID_SUBJECT=mailto:a@b.org"},
      {"CORRCHESS_CHALLENGE_MAX_DAYS",
       "CORRCHESS_CHALLENGE_MIN_DAYS=10 CORRCHESS_CHALLENGE_MAX_DAYS=5"},
      // Connection strings libpq cannot read: the migrations failed on the first without
      // naming it, and the server started and served with the second.
      {"CORRCHESS_LISTEN_DATABASE_URL", "CORRCHESS_LISTEN_DATABASE_URL='not a connection string'"},
      {"CORRCHESS_REPLICA_DATABASE_URL", "CORRCHESS_REPLICA_DATABASE_URL='postgresql://[oops'"},
  };
  for (const auto& [variable, env] : bad) {
    testing::TempDatabase db;  // empty: a server that got as far as the database migrates it
    const auto run = run_with_settings(db.url(), env);
    EXPECT_EQ(run.exit_code, 1) << env << ": " << run.out;
    EXPECT_NE(run.out.find(variable), std::string::npos) << env << ": " << run.out;
    EXPECT_FALSE(database_was_migrated(db)) << env << " reached the database: " << run.out;
  }
}

// A DATABASE_URL libpq cannot read: with CORRCHESS_AUTO_MIGRATE=0 the server started and
// answered every request 503; it is refused at start, naming the variable that was read.
TEST(StartupSettings, AConnectionStringLibpqCannotReadIsRefusedAtStart) {
  for (const std::string variable : {"DATABASE_URL", "CORRCHESS_DATABASE_URL"}) {
    const auto run = testing::run_command(
        "env -u DATABASE_URL -u CORRCHESS_DATABASE_URL " + variable +
        "='dbname corrchess' CORRCHESS_AUTO_MIGRATE=0 CORRCHESS_LISTEN=127.0.0.1:0 timeout 20 " +
        testing::bin_dir() + "/corrchess-server 2>&1 </dev/null");
    EXPECT_EQ(run.exit_code, 1) << variable << ": " << run.out;
    EXPECT_NE(run.out.find(variable + " is not a libpq connection string"), std::string::npos)
        << run.out;
  }
  // CORRCHESS_DATABASE_URL wins: a DATABASE_URL beside it is not read, so not refused.
  testing::TempDatabase db;
  const auto run = testing::run_command(
      "DATABASE_URL='dbname corrchess' CORRCHESS_DATABASE_URL=" + testing::shell_quote(db.url()) +
      " " + testing::bin_dir() + "/corrchess-server migrate 2>&1 </dev/null");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_TRUE(database_was_migrated(db));
}

}  // namespace
}  // namespace corrchess
