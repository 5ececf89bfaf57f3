// The consistency checks asserted after every replay (GameState::is_consistent,
// ClockState::is_consistent; Position::is_consistent has its own tests): they hold for the
// states replay produces, and each catches a state whose parts disagree.
#include <gtest/gtest.h>

#include "core/game/game.h"
#include "tests/support/game_table.h"

namespace corrchess::game {
namespace {

using namespace test;

TEST(Consistency, ReplayedStatesAreConsistent) {
  Table t;
  EXPECT_TRUE(t.state().is_consistent());
  t.play_all({"e4", "e5", "Qh5", "Nc6", "Bc4"});
  t.play("Nf6", true);  // with a draw offer standing
  EXPECT_TRUE(t.state().is_consistent());
  t.play("Qxf7#");
  const GameState over = t.state();
  EXPECT_EQ(over.termination, Termination::kCheckmate);
  EXPECT_TRUE(over.is_consistent());
  EXPECT_TRUE(over.clock.is_consistent());
}

TEST(Consistency, EachDisagreementIsCaught) {
  Table t;
  t.play_all({"d4", "d5"});
  const GameState good = t.state();
  ASSERT_TRUE(good.is_consistent());
  auto broken = [&](auto change) {
    GameState s = good;
    change(s);
    return !s.is_consistent();
  };
  EXPECT_TRUE(broken([](GameState& s) { s.to_move = Color::kBlack; }));
  EXPECT_TRUE(broken([](GameState& s) { s.ply = 3; }));
  EXPECT_TRUE(broken([](GameState& s) { s.result = GameResult::kDraw; }));
  EXPECT_TRUE(broken([](GameState& s) {
    s.status = GameStatus::kAnnulled;
    s.termination = Termination::kCheckmate;
  }));
  EXPECT_TRUE(broken([](GameState& s) {
    s.status = GameStatus::kFinished;
    s.result = GameResult::kDraw;
    s.termination = Termination::kAgreement;
    s.draw_offer = DrawOffer{Color::kWhite, 2, false};
  }));
  EXPECT_TRUE(broken([](GameState& s) { s.clocks[0].remaining += 1; }));
  EXPECT_TRUE(broken([](GameState& s) { s.moves.pop_back(); }));
  EXPECT_TRUE(broken([](GameState& s) { s.clock.sides[0].remaining = -1; }));
  EXPECT_TRUE(broken([](GameState& s) { s.clock.sides[1].running = true; }));  // white to move
  EXPECT_TRUE(
      broken([](GameState& s) { s.clock.moves[1].stopped = s.clock.moves[1].elapsed + 1; }));
  EXPECT_TRUE(broken([](GameState& s) { s.clock.moves[1].side = Color::kWhite; }));
}

}  // namespace
}  // namespace corrchess::game
