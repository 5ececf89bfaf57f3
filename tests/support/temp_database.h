// A fresh, empty database on the throwaway cluster of scripts/test, dropped at the end
// of the test, so tests never see each other's data.
#pragma once

#include <memory>
#include <string>

#include <pqxx/pqxx>

namespace corrchess::testing {

class TempDatabase {
 public:
  TempDatabase();
  ~TempDatabase();
  TempDatabase(const TempDatabase&) = delete;
  TempDatabase& operator=(const TempDatabase&) = delete;

  // A connection to the new database with corrchess' schema migrated (for repository
  // tests; a failure fails the test and returns null).
  std::unique_ptr<pqxx::connection> connect_migrated() const;

  // libpq connection string of the new database.
  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string admin_url_;
  std::string name_;
  std::string url_;
};

}  // namespace corrchess::testing
