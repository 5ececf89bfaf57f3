#include "tests/support/temp_database.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <pqxx/pqxx>

#include "db/migrations.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

TempDatabase::TempDatabase(Schema schema) : admin_url_(test_database_url()) {
  static std::atomic<int> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  name_ = "corrchess_t" + std::to_string(getpid()) + "_" + std::to_string(counter++) + "_" +
          std::to_string(stamp % 1000000);
  if (admin_url_.empty()) return;
  pqxx::connection conn(admin_url_);
  pqxx::nontransaction tx(conn);
  const std::string tmpl = schema == Schema::migrated ? test_template_database() : "";
  tx.exec("CREATE DATABASE " + tx.quote_name(name_) +
          (tmpl.empty() ? "" : " TEMPLATE " + tx.quote_name(tmpl)));
  url_ = admin_url_;
  const auto pos = url_.find("dbname=");
  if (pos != std::string::npos) {
    const auto end = url_.find(' ', pos);
    url_.replace(pos, end == std::string::npos ? std::string::npos : end - pos, "dbname=" + name_);
  } else {
    url_ += " dbname=" + name_;
  }
}

TempDatabase::~TempDatabase() {
  if (admin_url_.empty() || url_.empty()) return;
  try {
    pqxx::connection conn(admin_url_);
    pqxx::nontransaction tx(conn);
    tx.exec("DROP DATABASE IF EXISTS " + tx.quote_name(name_) + " WITH (FORCE)");
  } catch (const std::exception& e) {
    ADD_FAILURE() << "could not drop test database " << name_ << ": " << e.what();
  }
}

std::unique_ptr<pqxx::connection> TempDatabase::connect_migrated() const {
  auto conn = std::make_unique<pqxx::connection>(url_);
  auto migrations = db::load_migrations(db::default_migrations_dir());
  if (!migrations) {
    ADD_FAILURE() << "migrations: " << migrations.error().detail;
    return nullptr;
  }
  if (auto done = db::migrate(*conn, *migrations); !done) {
    ADD_FAILURE() << "migrate: " << done.error().detail;
    return nullptr;
  }
  return conn;
}

void TempDatabase::exec(const std::string& sql) const {
  pqxx::connection conn(url_);
  exec_committed(conn, sql);
}

void exec_committed(pqxx::connection& conn, const std::string& sql) {
  pqxx::work tx(conn);
  tx.exec(sql);
  tx.commit();
}

}  // namespace corrchess::testing
