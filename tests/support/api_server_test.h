// The fixtures of the end-to-end API tests: a fresh database, a real server process on it
// (by default with the director td and the manual test clock) and a client of its API;
// TwoPlayerTest adds the director's token and two signed-up players.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"

namespace corrchess::testing {

class ApiServerTest : public ::testing::Test {
 protected:
  explicit ApiServerTest(const ServerEnv& env = director_env(),
                         TempDatabase::Schema schema = TempDatabase::Schema::migrated)
      : db_(schema), server_(db_.url(), env), api_(server_) {}

  void SetUp() override { ASSERT_TRUE(server_.started()); }

  TempDatabase db_;
  ServerProcess server_;
  ApiClient api_;
};

class TwoPlayerTest : public ApiServerTest {
 protected:
  static constexpr const char* kWhite = "white_player";
  static constexpr const char* kBlack = "black_player";

  using ApiServerTest::ApiServerTest;

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ApiServerTest::SetUp());
    td_ = api_.login(kDirector, kDirectorPassword);
    white_ = api_.sign_up(kWhite);
    black_ = api_.sign_up(kBlack);
  }

  // A game white_player - black_player created by the director (ICCF 10 in 50 unless
  // `extra` says otherwise; see ApiClient::create_game).
  std::string create_game(const nlohmann::json& extra = nlohmann::json::object()) const {
    return api_.create_game(td_, kWhite, kBlack, extra);
  }

  std::string td_, white_, black_;  // tokens
};

}  // namespace corrchess::testing
