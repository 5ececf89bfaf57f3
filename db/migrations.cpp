#include "db/migrations.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include <pqxx/pqxx>

namespace corrchess::db {

namespace {

// Arbitrary constant identifying corrchess' migration lock among advisory locks.
constexpr long long kMigrationLockKey = 0x636f7272636865LL;  // "corrche"

constexpr const char* kCreateTable = R"sql(
CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
))sql";

struct Applied {
  std::string name;
  std::string checksum;
};

std::map<int, Applied> applied_migrations(pqxx::transaction_base& tx) {
  std::map<int, Applied> out;
  const auto exists = tx.exec1("SELECT to_regclass('schema_migrations') IS NOT NULL")[0].as<bool>();
  if (!exists) return out;
  for (const auto& row : tx.exec("SELECT version, name, checksum FROM schema_migrations")) {
    out[row[0].as<int>()] = Applied{row[1].as<std::string>(), row[2].as<std::string>()};
  }
  return out;
}

std::string label(const Migration& m) {
  std::ostringstream os;
  os.width(4);
  os.fill('0');
  os << m.version;
  return os.str() + "_" + m.name;
}

// Every applied migration must still exist with the same checksum.
Result<void> verify_applied(const std::map<int, Applied>& applied,
                            const std::vector<Migration>& migrations) {
  for (const auto& [version, row] : applied) {
    auto it = std::find_if(migrations.begin(), migrations.end(),
                           [&](const Migration& m) { return m.version == version; });
    if (it == migrations.end()) {
      return fail(ErrorCode::kConflict, "applied migration " + std::to_string(version) + "_" +
                                            row.name + " is missing from the migrations folder");
    }
    if (it->checksum != row.checksum) {
      return fail(ErrorCode::kConflict,
                  "migration " + label(*it) +
                      " was edited after it was applied (checksum mismatch); migrations are "
                      "forward-only: add a new file instead");
    }
  }
  return {};
}

}  // namespace

std::string default_migrations_dir() {
  if (const char* dir = std::getenv("CORRCHESS_MIGRATIONS_DIR"); dir != nullptr && *dir != '\0') {
    return dir;
  }
#ifdef CORRCHESS_MIGRATIONS_DIR
  return CORRCHESS_MIGRATIONS_DIR;
#else
  return "migrations";
#endif
}

std::string migration_checksum(const std::string& sql) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : sql) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = kHex[h & 15];
  return out;
}

Result<std::vector<Migration>> load_migrations(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return fail(ErrorCode::kNotFound, "migrations directory not found: " + dir);
  }
  std::vector<Migration> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".sql") continue;
    const std::string stem = entry.path().stem().string();
    const auto underscore = stem.find('_');
    if (underscore != 4 || stem.size() < 6 ||
        !std::all_of(stem.begin(), stem.begin() + 4, [](char c) { return c >= '0' && c <= '9'; })) {
      return fail(ErrorCode::kValidationError,
                  "migration file name must be NNNN_name.sql: " + entry.path().filename().string());
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream body;
    body << in.rdbuf();
    Migration m;
    m.version = std::stoi(stem.substr(0, 4));
    m.name = stem.substr(5);
    m.sql = body.str();
    m.checksum = migration_checksum(m.sql);
    out.push_back(std::move(m));
  }
  std::sort(out.begin(), out.end(),
            [](const Migration& a, const Migration& b) { return a.version < b.version; });
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].version == out[i - 1].version) {
      return fail(ErrorCode::kValidationError,
                  "two migrations share version " + std::to_string(out[i].version));
    }
  }
  return out;
}

Result<MigrationReport> migrate(pqxx::connection& conn, const std::vector<Migration>& migrations) {
  {
    pqxx::nontransaction lock(conn);
    lock.exec_params("SELECT pg_advisory_lock($1)", kMigrationLockKey);
  }
  struct Unlock {
    pqxx::connection& conn;
    ~Unlock() {
      try {
        pqxx::nontransaction tx(conn);
        tx.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLockKey);
      } catch (...) {
        // The lock is released with the session anyway.
      }
    }
  } unlock{conn};

  std::map<int, Applied> applied;
  {
    pqxx::work tx(conn);
    tx.exec(kCreateTable);
    applied = applied_migrations(tx);
    tx.commit();
  }
  TRY(verify_applied(applied, migrations));

  MigrationReport report;
  for (const auto& m : migrations) {
    if (applied.contains(m.version)) {
      report.current_version = m.version;
      continue;
    }
    try {
      pqxx::work tx(conn);
      tx.exec(m.sql);
      tx.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                     m.version, m.name, m.checksum);
      tx.commit();
    } catch (const pqxx::sql_error& e) {
      return fail(ErrorCode::kInternal, "migration " + label(m) + " failed: " + e.what());
    }
    report.applied.push_back(label(m));
    report.current_version = m.version;
  }
  return report;
}

Result<bool> migrations_current(pqxx::connection& conn, const std::vector<Migration>& migrations) {
  pqxx::read_transaction tx(conn);
  const auto applied = applied_migrations(tx);
  TRY(verify_applied(applied, migrations));
  return applied.size() == migrations.size();
}

Result<MigrationReport> migrate_database(const std::string& url,
                                         const std::vector<Migration>& migrations) {
  std::unique_ptr<pqxx::connection> conn;
  try {
    conn = std::make_unique<pqxx::connection>(url);
  } catch (const std::exception& e) {
    return fail(ErrorCode::kUnavailable, std::string("cannot reach the database: ") + e.what());
  }
  return migrate(*conn, migrations);
}

}  // namespace corrchess::db
