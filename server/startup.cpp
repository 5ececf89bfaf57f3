#include "server/startup.h"

#include <cstdio>
#include <exception>

#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

namespace corrchess::server {

namespace {

void setup_logging(const Config& config) {
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
  spdlog::set_level(spdlog::level::from_str(config.log_level));
}

}  // namespace

bool load_config(Config& out) {
  auto config = config_from_env();
  if (!config) {
    std::fprintf(stderr, "corrchess-server: %s\n", config.error().detail.c_str());
    return false;
  }
  if (config->database_url.empty()) {
    std::fprintf(stderr,
                 "corrchess-server: set DATABASE_URL (or CORRCHESS_DATABASE_URL) to a libpq "
                 "connection string\n");
    return false;
  }
  out = *config;
  setup_logging(out);
  return true;
}

bool apply_migrations(const Config& config, const std::vector<db::Migration>& migrations) {
  try {
    // Directly to PostgreSQL: the migration lock is a session advisory lock, which a
    // transaction-pooling PgBouncer would not keep.
    pqxx::connection conn(config.listen_database_url);
    auto report = db::migrate(conn, migrations);
    if (!report) {
      spdlog::critical("migrations failed: {}", report.error().detail);
      return false;
    }
    for (const auto& name : report->applied) spdlog::info("applied migration {}", name);
    spdlog::info("database schema at version {}", report->current_version);
    return true;
  } catch (const std::exception& e) {
    spdlog::critical("cannot reach the database: {}", e.what());
    return false;
  }
}

bool load_migration_files(std::vector<db::Migration>& out) {
  auto migrations = db::load_migrations(db::default_migrations_dir());
  if (!migrations) {
    spdlog::critical("{}", migrations.error().detail);
    return false;
  }
  out = std::move(*migrations);
  return true;
}

}  // namespace corrchess::server

namespace corrchess::server {

namespace {

chess::AnalysisBudget mate_budget() {
  chess::AnalysisBudget budget;
  budget.max_nodes = 500'000;
  return budget;
}

}  // namespace

RulesOracles::RulesOracles()
    : mate(mate_budget()), tablebase(db::SyzygyTablebase::from_environment()) {}

std::unique_ptr<db::ServerClock> make_clock(const Config& config, db::Pool& pool) {
  if (config.manual_clock) return std::make_unique<db::ManualClock>(pool);
  return db::system_clock();
}

}  // namespace corrchess::server
