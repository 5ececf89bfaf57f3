// The fixture of the rating tests that run through one server (tests/e2e/ratings_test.cpp,
// rating_entry_test.cpp): a server on the manual test clock at 2030-01-05 with the director
// and five players, games finished with a given result, the lists as published, and their
// comparison with the reimplementation of Glickman's steps (tests/support/glicko2_reference.h).
// In a named namespace: the e2e tests are compiled in unity batches.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/glicko2_reference.h"

namespace corrchess::ratings_testing {

using nlohmann::json;
using testing::Ref;
using testing::RefGame;

class Ratings : public testing::ApiServerTest {
 protected:
  Ratings() : ApiServerTest(testing::director_env(true, {{"CORRCHESS_TIMEZONE", "UTC"}})) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ApiServerTest::SetUp());
    td_ = api_.login(testing::kDirector, testing::kDirectorPassword);
    for (const char* name : {"anna", "boris", "clara", "dmitri", "emil"}) {
      tokens_[name] = api_.sign_up(name);
    }
    api_.set_clock(td_, "2030-01-05T12:00:00Z");
  }

  // A game white - black (created by the director: rated) finished with `result`: decisive
  // games by the loser's resignation after a move each, draws by the director.
  std::string finish(const std::string& white, const std::string& black, const std::string& result,
                     const json& extra = json::object()) {
    const auto id = api_.create_game(td_, white, black, extra);
    finish_game(id, white, black, result);
    return id;
  }

  void finish_game(const std::string& id, const std::string& white, const std::string& black,
                   const std::string& result) {
    const bool chess960 = api_.game(id, td_)["variant"] == "chess960";
    const auto legal = [&](const std::string& token) {
      return api_.game(id, token)["legal_moves"][0].get<std::string>();
    };
    if (result == "1/2-1/2") {
      api_.expect("POST", "/api/v1/admin/games/" + id + "/result", td_,
                  {{"result", result}, {"termination", "adjudication"}, {"reason", "drawn"}});
      return;
    }
    api_.play(id, tokens_[white], chess960 ? legal(tokens_[white]) : "e4");
    api_.play(id, tokens_[black], chess960 ? legal(tokens_[black]) : "e5");
    const auto& loser = result == "1-0" ? black : white;
    api_.expect("POST", "/api/v1/games/" + id + "/resign", tokens_[loser]);
    ASSERT_EQ(api_.game(id, td_)["result"], result);
  }

  json list(const std::string& period, const std::string& query = "") {
    return api_.expect("GET", "/api/v1/ratings/lists/" + period + query, td_);
  }

  // Waits until the period's list (of the pool) has `version`; its JSON.
  json await_list(const std::string& period, int version = 1,
                  const std::string& pool = "standard") {
    json found = api_.await_rating_list(td_, period + "?pool=" + pool, version);
    EXPECT_EQ(found["version"], version) << "no " << pool << " list " << period << " v" << version;
    return found;
  }

  // The list's entries match the reference (rating and deviation to 1e-6, ranks by rating).
  static void expect_matches(const json& l, const std::map<std::string, Ref>& ref,
                             const std::map<std::string, int>& games_in_period) {
    ASSERT_EQ(l["entries"].size(), ref.size()) << l.dump(1);
    double last = 1e9;
    int rank = 0;
    for (const auto& e : l["entries"]) {
      const std::string name = e["username"];
      SCOPED_TRACE(name);
      ASSERT_TRUE(ref.contains(name));
      const auto& want = ref.at(name);
      EXPECT_NEAR(e["rating"].get<double>(), want.r, 1e-6);
      EXPECT_NEAR(e["deviation"].get<double>(), want.rd, 1e-6);
      EXPECT_NEAR(e["volatility"].get<double>(), want.vol, 1e-9);
      EXPECT_EQ(e["total_games"], want.total);
      const auto it = games_in_period.find(name);
      EXPECT_EQ(e["games_in_period"], it == games_in_period.end() ? 0 : it->second);
      EXPECT_EQ(e["provisional"], want.total < 12 || want.rd > 110);
      EXPECT_EQ(e["rank"], ++rank);
      EXPECT_LE(e["rating"].get<double>(), last);
      last = e["rating"].get<double>();
    }
  }

  std::string td_;
  std::map<std::string, std::string> tokens_;
  int events_ = 0;
};

// The games of the first period (2030-01) and the second (2030-02), as rated.
inline const std::vector<RefGame> kJanuary = {
    {"anna", "boris", 1}, {"clara", "dmitri", 0.5}, {"anna", "clara", 0}, {"boris", "dmitri", 1}};
inline const std::vector<RefGame> kFebruary = {
    {"anna", "dmitri", 1}, {"clara", "boris", 1}, {"emil", "anna", 0}, {"clara", "anna", 0.5}};

inline std::string result_of(double white_score) {
  return white_score == 1 ? "1-0" : white_score == 0 ? "0-1" : "1/2-1/2";
}

}  // namespace corrchess::ratings_testing
