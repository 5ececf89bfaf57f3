// Aborting a game over HTTP and the live socket (rules.md 2.3, docs/api.md POST
// /games/{id}/abort): a game of an accepted challenge can be aborted by either player until
// both have moved; the opponent is told; the game is annulled with termination "aborted" and
// is not listed as finished-with-result. A director's game, and a friendly game after both
// moved, answer 422 abort_not_allowed and change nothing.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;

class GameAbort : public testing::TwoPlayerTest {
 protected:
  // A game of a challenge white_player makes and black_player accepts (white_player White).
  std::string friendly_game() {
    const json c = api_.expect(
        "POST", "/api/v1/challenges", white_,
        {{"opponent", kBlack}, {"color", "white"}, {"time_control", testing::iccf_control()}}, 201);
    const json accepted =
        api_.expect("POST", "/api/v1/challenges/" + c["id"].get<std::string>() + "/accept", black_,
                    nullptr, 201);
    EXPECT_EQ(accepted["game"]["abortable"], true);
    return accepted["game"]["id"].get<std::string>();
  }
  std::string abort_path(const std::string& id) { return "/api/v1/games/" + id + "/abort"; }
};

TEST_F(GameAbort, WhiteMovedBlackAbortsAndWhiteIsTold) {
  const auto id = friendly_game();
  ASSERT_NO_FATAL_FAILURE(api_.play(id, white_, "e4"));
  EXPECT_EQ(api_.game(id, black_)["abortable"], true);
  auto white_socket = testing::greeted_socket(server_.port(), white_);
  const json aborted = api_.expect("POST", abort_path(id), black_);
  EXPECT_EQ(aborted["status"], "annulled");
  EXPECT_EQ(aborted["termination"], "aborted");
  EXPECT_EQ(aborted["end_reason"], "black aborted");
  EXPECT_EQ(aborted["abortable"], false);
  EXPECT_FALSE(aborted.contains("result"));
  EXPECT_EQ(aborted["ply"], 1);
  auto told = white_socket->read_type("game_over");
  ASSERT_TRUE(told) << "the opponent is told at once";
  EXPECT_EQ((*told)["termination"], "aborted");
  // Over: nothing more can be done, and aborting again is refused.
  EXPECT_EQ(api_.problem("POST", abort_path(id), white_, nullptr, 409), "game_over");
  EXPECT_EQ(api_.problem("POST", "/api/v1/games/" + id + "/moves", black_, {{"move", "e5"}}, 409),
            "game_over");
  const json record = api_.expect("GET", "/api/v1/users/" + std::string(kWhite), white_);
  EXPECT_EQ(record["games"]["played"], 0) << record.dump();
}

TEST_F(GameAbort, RefusedOnceBothMovedAndForADirectorsGame) {
  const auto id = friendly_game();
  ASSERT_NO_FATAL_FAILURE(api_.play(id, white_, "d4"));
  ASSERT_NO_FATAL_FAILURE(api_.play(id, black_, "d5"));
  EXPECT_EQ(api_.game(id, white_)["abortable"], false);
  EXPECT_EQ(api_.problem("POST", abort_path(id), white_, nullptr, 422), "abort_not_allowed");
  EXPECT_EQ(api_.game(id, white_)["status"], "ongoing");

  const auto directors = create_game();
  EXPECT_EQ(api_.game(directors, white_)["abortable"], false);
  EXPECT_EQ(api_.problem("POST", abort_path(directors), white_, nullptr, 422), "abort_not_allowed");
  EXPECT_EQ(api_.game(directors, white_)["status"], "ongoing");
  // Not a player of the game: forbidden, whatever the game.
  const auto third = api_.sign_up("third_player");
  EXPECT_EQ(api_.problem("POST", abort_path(id), third, nullptr, 403), "forbidden");
}

}  // namespace
}  // namespace corrchess
