#include "server/startup.h"
#include "db/migrations.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/tablebase.h"

#include <cstdio>
#include <ctime>
#include <exception>
#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

namespace corrchess::server {

namespace {

// The text of a log line with its control characters written out ("\n", "\x1b"): whatever
// a message carries (a database error quoting a value, a client's text), it stays on one line
// of its own and cannot forge the next one or drive the terminal.
class EscapedText final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    static constexpr char kHex[] = "0123456789abcdef";
    for (const char c : msg.payload) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte >= 0x20 && byte != 0x7f) {
        dest.push_back(c);
        continue;
      }
      const char* named = byte == '\n'   ? "\\n"
                          : byte == '\r' ? "\\r"
                          : byte == '\t' ? "\\t"
                                         : nullptr;
      if (named) {
        dest.append(named, named + 2);
      } else {
        const char escaped[] = {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
        dest.append(escaped, escaped + 4);
      }
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<EscapedText>();
  }
};

void setup_logging(const Config& config) {
  auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
  formatter->add_flag<EscapedText>('*').set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %*");
  spdlog::set_formatter(std::move(formatter));
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

bool apply_migrations(const Config& config, const std::vector<model::Migration>& migrations) {
  try {
    auto report = db::migrate_database(config.listen_database_url, migrations);
    if (!report) {
      spdlog::critical("migrations failed: {}", report.error().detail);
      return false;
    }
    for (const auto& name : report->applied) spdlog::info("applied migration {}", name);
    spdlog::info("database schema at version {}", report->current_version);
    return true;
  } catch (const std::exception& e) {
    spdlog::critical("migrations failed: {}", e.what());
    return false;
  }
}

bool load_migration_files(std::vector<model::Migration>& out) {
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

chess::AnalysisBudget nodes(int max_nodes) {
  chess::AnalysisBudget budget;
  budget.max_nodes = static_cast<std::uint64_t>(max_nodes);
  return budget;
}

}  // namespace

RulesOracles::RulesOracles(const Config& config)
    : mate(nodes(config.dead_position_nodes)),
      tablebase(db::SyzygyTablebase::from_environment()),
      evidence(nodes(config.evidence_nodes)) {}

std::unique_ptr<db::ServerClock> make_clock(const Config& config, db::Pool& pool) {
  if (config.manual_clock) return std::make_unique<db::ManualClock>(pool);
  return db::system_clock();
}

}  // namespace corrchess::server
