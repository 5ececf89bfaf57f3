// A fresh database on the throwaway cluster of scripts/test, dropped at the end of the
// test, so tests never see each other's data. Empty, or with corrchess' schema: a copy of
// the migrated template database scripts/test makes once per run
// (CORRCHESS_TEST_TEMPLATE_DATABASE; `corrchess-server migrate` applied to it), so a test
// does not pay for every migration again. Without that variable a "migrated" database
// starts empty too, and the server (or connect_migrated) migrates it as before.
#pragma once

#include <memory>
#include <string>

#include <pqxx/pqxx>

namespace corrchess::testing {

class TempDatabase {
 public:
  enum class Schema { empty, migrated };
  explicit TempDatabase(Schema schema = Schema::empty);
  ~TempDatabase();
  TempDatabase(const TempDatabase&) = delete;
  TempDatabase& operator=(const TempDatabase&) = delete;

  // A connection to the new database with corrchess' schema migrated (for repository
  // tests; a failure fails the test and returns null).
  std::unique_ptr<pqxx::connection> connect_migrated() const;

  // Runs `sql` on a connection of its own, in a transaction that it commits (for tests that
  // change rows behind a server's back).
  void exec(const std::string& sql) const;

  // libpq connection string of the new database.
  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string admin_url_;
  std::string name_;
  std::string url_;
};

// Runs `sql` on `conn` in a transaction of its own and commits it.
void exec_committed(pqxx::connection& conn, const std::string& sql);

}  // namespace corrchess::testing
