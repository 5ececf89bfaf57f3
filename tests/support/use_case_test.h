// The fixture of use-case tests (tests/app): app/'s use cases called directly, without HTTP,
// over a fresh migrated database, a connection pool and the manual clock, with a player
// account per name the test asks for and the usual dependencies of the use cases; helpers
// make games, events and challenges, and turn mail on and read what the outbox holds.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/accounts.h"
#include "app/blocks.h"
#include "app/challenges.h"
#include "app/credentials.h"
#include "app/events.h"
#include "app/game_talk.h"
#include "app/games.h"
#include "app/notifications.h"
#include "app/profiles.h"
#include "app/ratings.h"
#include "db/outbox.h"
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
  // players (role player) into users_, in order. Passwords are hashed at the minimum cost, as
  // the test server's are (app::set_hash_cost).
  void SetUp() override {
    app::set_hash_cost(app::HashCost::kMinimum);
    ASSERT_TRUE(db_.connect_migrated());
    pool_ = std::make_unique<db::Pool>(db_.url(), 4);
    clock_ = std::make_unique<db::ManualClock>(*pool_);
    ASSERT_TRUE(clock_->set(game::utc_instant(game::CivilDate{2030, 1, 7}, 9)));
    for (const auto& name : players_) users_.push_back(player(name));
  }

  // The hash cost and mail are process-wide settings: back to their defaults (interactive
  // hashes, no mail) for whatever runs next in this process.
  void TearDown() override {
    app::set_hash_cost(app::HashCost::kInteractive);
    if (mail_on_) app::configure_notifications({});
  }

  // A new account `name` with `role` (player, td or admin) and `email`. Its password hash is
  // a placeholder no password matches: accounts that sign in are made by app::create_account
  // or app::register_account.
  model::User player(const std::string& name, const std::string& role = "player",
                     const std::optional<std::string>& email = std::nullopt) {
    auto created = db::in_transaction(*pool_, [&](pqxx::work& tx) {
      return db::create_user(tx, model::NewUser{name, name, email, "x", role});
    });
    EXPECT_TRUE(created.has_value()) << name;
    return created.value_or(model::User{});
  }

  // The account `name` as stored now (none: no such account).
  std::optional<model::User> stored_user(const std::string& name) {
    auto found =
        db::in_transaction(*pool_, [&](pqxx::work& tx) -> Result<std::optional<model::User>> {
          return db::find_user(tx, name);
        });
    EXPECT_TRUE(found.has_value());
    return found.value_or(std::nullopt);
  }

  app::GameDeps game_deps() { return {*pool_, *clock_, game::TimeZone::utc(), {}, nullptr}; }
  app::ChallengeDeps challenge_deps() {
    return {*pool_, *clock_, game::GameContext{}, game::ChallengeLimits{}};
  }
  app::BlockDeps block_deps() { return {*pool_, *clock_}; }
  app::TalkDeps talk_deps() { return {*pool_, *clock_, game::TimeZone::utc(), {}}; }
  app::ProfileDeps profile_deps() { return {*pool_, *clock_, game::TimeZone::utc(), {}}; }
  app::RatingDeps rating_deps() { return {*pool_, *clock_, game::TimeZone::utc(), {}, {}}; }
  app::AccountDeps account_deps() { return {*pool_, *clock_, {}}; }

  // From now on until the end of the test the server sends mail (links to
  // https://corrchess.test) and queues it in the outbox; to verified addresses only when
  // `require_verified_email`.
  void send_mail(bool require_verified_email = false) {
    app::NotificationSettings settings;
    settings.email = true;
    settings.require_verified_email = require_verified_email;
    settings.public_url = "https://corrchess.test";
    settings.server_zone = game::TimeZone::utc();
    app::configure_notifications(settings);
    mail_on_ = true;
  }
  // Every delivery due now, taken out of the outbox (recorded sent), oldest first.
  std::vector<model::ClaimedDelivery> take_deliveries() {
    std::vector<model::ClaimedDelivery> out;
    auto taken = db::in_transaction(*pool_, [&](pqxx::work& tx) -> Result<void> {
      const auto now = clock_->now(tx);
      while (auto d = db::claim_due_delivery(tx, now)) {
        db::record_sent(tx, *d);
        out.push_back(std::move(*d));
      }
      return {};
    });
    EXPECT_TRUE(taken.has_value());
    return out;
  }

  // The token of the first mailed link in `text` ("" when there is none).
  static std::string link_token(const std::string& text) {
    const auto at = text.find("?token=");
    if (at == std::string::npos) return "";
    const auto from = at + 7;
    const auto end = text.find_first_not_of(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", from);
    return text.substr(from, end == std::string::npos ? std::string::npos : end - from);
  }

  // A game `white` - `black` (ICCF 10 in 50, outside events) created by `director`.
  std::int64_t single_game(const model::User& director, const model::User& white,
                           const model::User& black) {
    auto deps = game_deps();
    app::SingleGameRequest request{white.username, black.username, {}, std::nullopt, std::nullopt};
    request.setup.time_control = game::IccfStandard{};
    auto made = app::create_single_game(deps, director, request);
    EXPECT_TRUE(made.has_value()) << (made ? "" : made.error().detail);
    return made ? made->stored.id : 0;
  }

  // An event named `name` (ICCF 10 in 50, starting now, not started) with `players` entered.
  static app::EventCreation event_creation(const std::string& name,
                                           std::vector<std::string> players = {}) {
    app::EventCreation request;
    request.settings.name = name;
    request.players = std::move(players);
    return request;
  }
  // The id of the event `director` creates by `request` (which must succeed).
  std::int64_t new_event(const model::User& director, const app::EventCreation& request) {
    auto deps = game_deps();
    auto made = app::create_event(deps, director, request);
    EXPECT_TRUE(made.has_value()) << (made ? "" : made.error().detail);
    return made.value_or(0);
  }

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

  TempDatabase db_{TempDatabase::Schema::migrated};
  std::unique_ptr<db::Pool> pool_;
  std::unique_ptr<db::ManualClock> clock_;
  std::vector<model::User> users_;

 private:
  std::vector<std::string> players_;
  bool mail_on_ = false;
};

}  // namespace corrchess::testing
