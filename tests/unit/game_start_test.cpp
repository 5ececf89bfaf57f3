// Why a new game is refused when it would be over before its first move (app/game_start.h):
// a start so long ago that the first player's clock ran out (a loss or, when the opponent
// could not mate, a draw) or the silence rule ended it says so; a start position the rules
// already decide says that.
#include "app/game_start.h"

#include <gtest/gtest.h>

#include <string>

namespace corrchess::app {
namespace {

const game::Timestamp kNow = game::utc_instant(game::CivilDate{2030, 1, 7}, 9);

std::string refusal(game::GameSetup setup) {
  const auto prepared = prepare_game(std::move(setup), game::GameContext{}, kNow);
  if (prepared) return "accepted";
  EXPECT_EQ(prepared.error().code, ErrorCode::kValidationError);
  return prepared.error().detail;
}

TEST(PrepareGame, AStartPastTheFirstDeadlineSaysTheTimeRanOut) {
  game::GameSetup setup;
  setup.time_control = game::DaysPerMove{3, std::nullopt};
  setup.start_at = kNow - game::days(4);
  EXPECT_EQ(refusal(setup),
            "start_at lies so far in the past that the first player's time would already have "
            "run out");
  // White's queen against a lone king: Black could not mate, so White's flag is a draw, and
  // the start is still what is wrong.
  setup.initial_fen = "4k3/8/8/8/8/8/8/4K2Q w - - 0 1";
  EXPECT_EQ(refusal(setup),
            "start_at lies so far in the past that the first player's time would already have "
            "run out");
  setup.start_at = kNow - game::days(2);
  EXPECT_EQ(refusal(setup), "accepted");
}

TEST(PrepareGame, AStartPastTheSilenceRuleSaysSo) {
  game::GameSetup setup;  // ICCF, 10 moves in 50 days: silent for 40 days ends the game
  setup.start_at = kNow - game::days(45);
  EXPECT_EQ(refusal(setup),
            "start_at lies so far in the past that the first player would already have broken "
            "the silence rule");
}

TEST(PrepareGame, ADecidedStartPositionSaysWhatDecidedIt) {
  game::GameSetup setup;
  setup.start_at = kNow;
  setup.initial_fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";  // stalemate
  EXPECT_EQ(refusal(setup), "the initial position is already finished");
  setup.initial_fen = "4k3/8/8/8/8/8/8/4KN2 w - - 0 1";  // a knight cannot mate
  EXPECT_EQ(refusal(setup),
            "the start position is already decided (dead_position): there is no game to play");
}

}  // namespace
}  // namespace corrchess::app
