#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using nlohmann::json;

// A server with the shared 3-4-man Syzygy tables and two players.
class TablebaseClaims : public testing::TwoPlayerTest {
 protected:
  TablebaseClaims()
      : TwoPlayerTest(testing::director_env(
            false, {{"CORRCHESS_SYZYGY_PATH", testing::data_dir() + "/syzygy"}})) {}

  std::string game_from(const std::string& fen) {
    return create_game(
        {{"initial_fen", fen}, {"time_control", {{"type", "per_move"}, {"days", 5}}}});
  }
  testing::HttpResult claim(const std::string& id, const json& body) {
    return api_.call("POST", "/api/v1/games/" + id + "/claims", white_, body);
  }
  json game(const std::string& id) { return api_.game(id, white_); }
};

TEST_F(TablebaseClaims, QueenWinIsUpheld) {
  const auto id = game_from("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
  EXPECT_TRUE(game(id)["claimable"]["tablebase"].get<bool>());
  auto r = claim(id, {{"type", "tablebase"}, {"expect", "win"}});
  auto body = testing::claim_verdict(r, true);
  EXPECT_EQ(body["game"]["result"], "1-0");
  EXPECT_EQ(body["game"]["termination"], "tablebase");
}

TEST_F(TablebaseClaims, RookPawnDrawIsUpheldAndWinClaimThereIsRejected) {
  const auto fen = "k7/8/8/P7/8/8/8/4K3 w - - 0 1";
  const auto drawn = game_from(fen);
  auto r = claim(drawn, {{"type", "tablebase"}, {"expect", "draw"}});
  EXPECT_EQ(testing::claim_verdict(r, true)["game"]["result"], "1/2-1/2");

  const auto hopeful = game_from(fen);
  auto rejected = claim(hopeful, {{"type", "tablebase"}, {"expect", "win"}});
  testing::claim_verdict(rejected, false);
  auto g = game(hopeful);
  EXPECT_EQ(g["status"], "ongoing");
  EXPECT_EQ(g["ply"], 0);
}

TEST_F(TablebaseClaims, IntendedMoveIsJudgedButNotPlayed) {
  const auto id = game_from("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
  auto r = claim(id, {{"type", "tablebase"}, {"expect", "win"}, {"move", "Qb2+"}});
  auto body = testing::claim_verdict(r, true);
  EXPECT_EQ(body["game"]["result"], "1-0");
  EXPECT_EQ(body["game"]["ply"], 0);
  EXPECT_TRUE(body["game"]["moves"].empty());
}

TEST_F(TablebaseClaims, FiveMenWithFourManTablesIsUnavailableAndChangesNothing) {
  const auto id = game_from("8/8/8/8/8/2k5/1p6/KQ1R4 w - - 0 1");
  auto r = claim(id, {{"type", "tablebase"}, {"expect", "win"}});
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(json::parse(r.body)["code"], "tablebase_unavailable");
  auto g = game(id);
  EXPECT_EQ(g["status"], "ongoing");
  EXPECT_FALSE(g.contains("result"));
}

TEST_F(TablebaseClaims, PositionWithCastlingRightsIsDecided) {
  const auto id = game_from("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  auto r = claim(id, {{"type", "tablebase"}, {"expect", "win"}});
  EXPECT_EQ(testing::claim_verdict(r, true)["game"]["termination"], "tablebase");
}

}  // namespace
}  // namespace corrchess
