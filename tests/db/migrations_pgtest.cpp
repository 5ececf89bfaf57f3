#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <pqxx/pqxx>
#include <thread>

#include "db/migrations.h"
#include "tests/support/temp_database.h"

namespace corrchess::db {
namespace {

namespace fs = std::filesystem;

// A private copy of a migrations folder that a test may edit.
class MigrationDir {
 public:
  MigrationDir()
      : path_(fs::temp_directory_path() /
              ("corrchess-mig-" + std::to_string(getpid()) + "-" + std::to_string(counter_++))) {
    fs::create_directories(path_);
  }
  ~MigrationDir() { fs::remove_all(path_); }
  void write(const std::string& name, const std::string& sql) {
    std::ofstream(path_ / name) << sql;
  }
  std::string path() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

TEST(Migrations, ProjectMigrationsApplyOnEmptyDatabaseAndAreIdempotent) {
  testing::TempDatabase db;
  auto migrations = load_migrations(default_migrations_dir());
  ASSERT_TRUE(migrations.has_value()) << migrations.error().detail;
  ASSERT_FALSE(migrations->empty());
  pqxx::connection conn(db.url());

  auto first = migrate(conn, *migrations);
  ASSERT_TRUE(first.has_value()) << first.error().detail;
  EXPECT_EQ(first->applied.size(), migrations->size());
  EXPECT_EQ(first->current_version, migrations->back().version);
  EXPECT_TRUE(migrations_current(conn, *migrations).value());

  auto second = migrate(conn, *migrations);
  ASSERT_TRUE(second.has_value());
  EXPECT_TRUE(second->applied.empty());
  pqxx::work tx(conn);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM schema_migrations")[0].as<std::size_t>(),
            migrations->size());
}

TEST(Migrations, EditedAppliedMigrationIsRefused) {
  testing::TempDatabase db;
  MigrationDir dir;
  dir.write("0001_one.sql", "CREATE TABLE one (id int);");
  pqxx::connection conn(db.url());
  ASSERT_TRUE(migrate(conn, load_migrations(dir.path()).value()).has_value());

  dir.write("0001_one.sql", "CREATE TABLE one (id int, extra text);");
  dir.write("0002_two.sql", "CREATE TABLE two (id int);");
  auto edited = load_migrations(dir.path()).value();
  auto result = migrate(conn, edited);
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kConflict);
  EXPECT_NE(result.error().detail.find("0001_one"), std::string::npos);
  EXPECT_FALSE(migrations_current(conn, edited).has_value());
  // Nothing further was applied.
  pqxx::work tx(conn);
  EXPECT_FALSE(tx.exec1("SELECT to_regclass('two') IS NOT NULL")[0].as<bool>());
}

TEST(Migrations, FailingMigrationLeavesNoTrace) {
  testing::TempDatabase db;
  MigrationDir dir;
  dir.write("0001_ok.sql", "CREATE TABLE ok (id int);");
  dir.write("0002_bad.sql", "CREATE TABLE half (id int); SELECT no_such_function();");
  pqxx::connection conn(db.url());
  auto result = migrate(conn, load_migrations(dir.path()).value());
  ASSERT_FALSE(result.has_value());
  pqxx::work tx(conn);
  EXPECT_TRUE(tx.exec1("SELECT to_regclass('ok') IS NOT NULL")[0].as<bool>());
  EXPECT_FALSE(tx.exec1("SELECT to_regclass('half') IS NOT NULL")[0].as<bool>());
  EXPECT_EQ(tx.exec1("SELECT max(version) FROM schema_migrations")[0].as<int>(), 1);
}

TEST(Migrations, BadFileNamesAreRejected) {
  MigrationDir dir;
  dir.write("1_short.sql", "SELECT 1;");
  auto result = load_migrations(dir.path());
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kValidationError);
}

TEST(Migrations, ConcurrentMigratorsApplyEachFileOnce) {
  testing::TempDatabase db;
  auto migrations = load_migrations(default_migrations_dir()).value();
  std::vector<std::thread> threads;
  std::vector<std::size_t> applied(4, 0);
  std::vector<bool> ok(4, false);
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] {
      pqxx::connection conn(db.url());
      auto r = migrate(conn, migrations);
      ok[i] = r.has_value();
      if (r) applied[i] = r->applied.size();
    });
  }
  for (auto& t : threads) t.join();
  std::size_t total = 0;
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(ok[i]);
    total += applied[i];
  }
  EXPECT_EQ(total, migrations.size());
}

}  // namespace
}  // namespace corrchess::db
