// The fixture of use-case tests (tests/app): app/'s use cases called directly, without HTTP,
// over a fresh migrated database, a connection pool and the manual clock, with a player
// account per name the test asks for and the usual dependencies of the use cases.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/blocks.h"
#include "app/challenges.h"
#include "app/games.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"
#include "tests/support/temp_database.h"

namespace corrchess::testing {

class UseCaseTest : public ::testing::Test {
 protected:
  explicit UseCaseTest(std::vector<std::string> players = {}) : players_(std::move(players)) {}

  // Migrates the database, starts the manual clock at 2030-01-07T09:00:00Z and creates the
  // players (role player) into users_, in order.
  void SetUp() override {
    ASSERT_TRUE(db_.connect_migrated());
    pool_ = std::make_unique<db::Pool>(db_.url(), 4);
    clock_ = std::make_unique<db::ManualClock>(*pool_);
    ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 1, 7}, 9)));
    for (const auto& name : players_) users_.push_back(player(name));
  }

  // A new account `name` with `role` (player, td or admin).
  model::User player(const std::string& name, const std::string& role = "player") {
    auto created = db::in_transaction(*pool_, [&](pqxx::work& tx) {
      return db::create_user(tx, model::NewUser{name, name, std::nullopt, "x", role});
    });
    EXPECT_TRUE(created.has_value()) << name;
    return created.value_or(model::User{});
  }

  app::GameDeps game_deps() { return {*pool_, *clock_, game::TimeZone::utc(), {}, nullptr}; }
  app::ChallengeDeps challenge_deps() {
    return {*pool_, *clock_, game::GameContext{}, game::ChallengeLimits{}};
  }
  app::BlockDeps block_deps() { return {*pool_, *clock_}; }

  // A challenge to `to` in which the challenger plays White, ICCF 10 in 50.
  static app::ChallengeRequest challenge_to(const model::User& to) {
    app::ChallengeRequest request;
    request.opponent = to.username;
    request.color = game::ChallengeColor::kWhite;
    request.setup.time_control = game::IccfStandard{};
    return request;
  }
  // A challenge from `from` to `to` (challenge_to) that must be created.
  std::int64_t challenge(const model::User& from, const model::User& to) {
    auto deps = challenge_deps();
    auto made = app::create_challenge(deps, from, challenge_to(to));
    EXPECT_TRUE(made.has_value()) << (made ? "" : made.error().detail);
    return made ? made->stored.id : 0;
  }

  // A request to play `move`, nothing else.
  static game::MoveRequest move_request(const std::string& move) {
    game::MoveRequest request;
    request.move = move;
    return request;
  }

  // Submits and accepts `move` for `user` in game `id` (both must succeed).
  void play(const model::User& user, std::int64_t id, const std::string& move) {
    auto deps = game_deps();
    auto pending = app::submit_move(deps, user, id, move_request(move), {});
    ASSERT_TRUE(pending.has_value()) << move << ": " << pending.error().detail;
    auto played = app::accept_move(deps, user, id, move, {});
    ASSERT_TRUE(played.has_value()) << move << ": " << played.error().detail;
  }

  TempDatabase db_;
  std::unique_ptr<db::Pool> pool_;
  std::unique_ptr<db::ManualClock> clock_;
  std::vector<model::User> users_;

 private:
  std::vector<std::string> players_;
};

}  // namespace corrchess::testing
