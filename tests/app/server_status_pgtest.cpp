// Use cases of app/server_status.cpp without HTTP: readiness needs the database and every
// migration applied unedited; the live game gauge counts games not over; the manual clock
// moves only forward and only a manual clock moves; the pool gauges.
#include <gtest/gtest.h>

#include <vector>

#include "app/server_status.h"
#include "db/migrations.h"
#include "tests/support/use_case_test.h"

namespace corrchess {
namespace {

class ServerStatusUseCases : public testing::UseCaseTest {
 protected:
  ServerStatusUseCases() : UseCaseTest({"ann", "ben"}) {}
  const model::User& ann() const { return users_[0]; }
  const model::User& ben() const { return users_[1]; }

  static std::vector<model::Migration> migrations() {
    auto loaded = db::load_migrations(db::default_migrations_dir());
    EXPECT_TRUE(loaded) << (loaded ? "" : loaded.error().detail);
    return loaded.value_or(std::vector<model::Migration>{});
  }
  // A pool whose database cannot be reached (no server on that socket directory).
  static db::Pool unreachable() {
    return db::Pool("host=/nonexistent/corrchess port=5432 dbname=none user=none", 1);
  }
};

TEST_F(ServerStatusUseCases, ReadinessNeedsTheDatabaseAndEveryMigrationUnedited) {
  auto all = migrations();
  ASSERT_FALSE(all.empty());
  const auto ready = app::readiness(*pool_, all);
  EXPECT_TRUE(ready.ready) << ready.reason;

  auto pending = all;
  pending.push_back(
      {all.back().version + 1, "later", "SELECT 1", db::migration_checksum("SELECT 1")});
  const auto behind = app::readiness(*pool_, pending);
  EXPECT_FALSE(behind.ready);
  EXPECT_EQ(behind.reason, "migrations pending");

  auto edited = all;
  edited.front().sql += "\n-- edited";
  edited.front().checksum = db::migration_checksum(edited.front().sql);
  const auto changed = app::readiness(*pool_, edited);
  EXPECT_FALSE(changed.ready);
  EXPECT_FALSE(changed.reason.empty());
  EXPECT_NE(changed.reason, "migrations pending");

  auto nowhere = unreachable();
  const auto down = app::readiness(nowhere, all);
  EXPECT_FALSE(down.ready);
  EXPECT_EQ(down.reason, "database unreachable");
  EXPECT_EQ(app::live_game_count(nowhere), -1);
}

TEST_F(ServerStatusUseCases, TheLiveGameGaugeCountsGamesNotOver) {
  EXPECT_EQ(app::live_game_count(*pool_), 0);
  const auto director = player("td", "td");
  const auto first = single_game(director, ann(), ben());
  // One that starts next week counts too: not started yet.
  auto deps = game_deps();
  app::SingleGameRequest later{
      ben().username, ann().username, {}, clock_->now() + game::days(7), std::nullopt};
  later.setup.time_control = game::IccfStandard{};
  ASSERT_TRUE(app::create_single_game(deps, director, later));
  EXPECT_EQ(app::live_game_count(*pool_), 2);
  ASSERT_TRUE(app::resign(deps, ann(), first));
  EXPECT_EQ(app::live_game_count(*pool_), 1);
}

TEST_F(ServerStatusUseCases, TheManualClockMovesOnlyForward) {
  ASSERT_TRUE(app::is_manual(*clock_));
  const auto start = app::now(*clock_);
  EXPECT_EQ(start, game::utc_instant(game::CivilDate{2030, 1, 7}, 9));
  EXPECT_EQ(app::advance_manual_clock(*clock_, 0).error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::advance_manual_clock(*clock_, -60).error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::set_manual_clock(*clock_, start - 1).error().code, ErrorCode::kValidationError);
  EXPECT_EQ(app::now(*clock_), start) << "refused moves leave it";
  EXPECT_EQ(app::advance_manual_clock(*clock_, 90).value(), start + 90);
  EXPECT_EQ(app::set_manual_clock(*clock_, start + 3600).value(), start + 3600);
  EXPECT_EQ(app::now(*clock_), start + 3600);

  const auto system = db::system_clock();
  EXPECT_FALSE(app::is_manual(*system));
  EXPECT_EQ(app::advance_manual_clock(*system, 60).error().code, ErrorCode::kInternal);
  EXPECT_EQ(app::set_manual_clock(*system, start).error().code, ErrorCode::kInternal);
}

TEST_F(ServerStatusUseCases, ThePoolGaugesShowTheConnectionsLentOut) {
  auto usage = app::pool_usage(*pool_);
  EXPECT_EQ(usage.size, 4u);
  EXPECT_EQ(usage.in_use, 0u);
  EXPECT_EQ(usage.waiting, 0u);
  {
    auto lease = pool_->acquire();
    auto other = pool_->acquire();
    EXPECT_EQ(app::pool_usage(*pool_).in_use, 2u);
  }
  EXPECT_EQ(app::pool_usage(*pool_).in_use, 0u);
}

}  // namespace
}  // namespace corrchess
