// The fixture of repository tests (tests/db): a fresh database with corrchess' schema, a
// connection to it, and a player account per name the test asks for.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "db/users.h"
#include "tests/support/temp_database.h"

namespace corrchess::testing {

class RepositoryTest : public ::testing::Test {
 protected:
  // `players`: the usernames (also display names) of the player accounts SetUp creates.
  explicit RepositoryTest(std::vector<std::string> players = {}) : players_(std::move(players)) {}

  // Connects to the migrated database and creates the players, in order, into users_ and
  // ids_ (a failure fails the test).
  void SetUp() override {
    conn_ = db_.connect_migrated();
    ASSERT_TRUE(conn_);
    pqxx::work tx(*conn_);
    for (const auto& name : players_) {
      auto created = db::create_user(tx, model::NewUser{name, name, std::nullopt, "x", "player"});
      ASSERT_TRUE(created.has_value()) << name;
      users_.push_back(*created);
      ids_.push_back(created->id);
    }
    tx.commit();
  }

  TempDatabase db_{TempDatabase::Schema::migrated};
  std::unique_ptr<pqxx::connection> conn_;
  std::vector<model::User> users_;
  std::vector<std::int64_t> ids_;

 private:
  std::vector<std::string> players_;
};

}  // namespace corrchess::testing
