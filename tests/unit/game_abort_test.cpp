// Aborting a game (rules.md 2.3): worked examples of who may abort when, what the aborted
// game looks like, and that a stored abort after both players moved changes nothing.
#include <gtest/gtest.h>

#include "core/game/game.h"
#include "tests/support/game_table.h"

namespace corrchess::game {
namespace {

using namespace test;

// A game started by a challenge or a seek.
Table friendly_table() {
  Table t;
  t.facts.setup.friendly = true;
  return t;
}

TEST(Abort, EitherPlayerMayAbortBeforeAnyMove) {
  for (Color side : {kWhite, kBlack}) {
    Table t = friendly_table();
    EXPECT_TRUE(t.state().abortable);
    t.now += 3600;
    auto r = abort_game(t.game(), side);
    ASSERT_TRUE(r) << r.error().detail;
    t.apply(*r);
    const GameState s = t.state();
    EXPECT_EQ(s.status, GameStatus::kAnnulled);
    EXPECT_EQ(s.termination, Termination::kAborted);
    EXPECT_FALSE(s.result.has_value());
    EXPECT_EQ(s.finished_at, t.now);
    EXPECT_EQ(s.end_reason, std::string(color_name(side)) + " aborted");
    EXPECT_FALSE(s.clock_of(kWhite).running);
    EXPECT_FALSE(s.abortable);
  }
}

TEST(Abort, AfterWhitesFirstMoveBothMayStillAbort) {
  for (Color side : {kWhite, kBlack}) {
    Table t = friendly_table();
    t.play("e4");
    EXPECT_TRUE(t.state().abortable);
    auto r = abort_game(t.game(), side);
    ASSERT_TRUE(r) << r.error().detail;
    t.apply(*r);
    EXPECT_EQ(t.state().termination, Termination::kAborted);
    EXPECT_EQ(t.state().ply, 1);  // the move stays in the record
  }
}

TEST(Abort, OnceBothPlayersMovedItIsRefusedAndNothingChanges) {
  Table t = friendly_table();
  t.play_all({"e4", "c5"});
  EXPECT_FALSE(t.state().abortable);
  for (Color side : {kWhite, kBlack}) {
    auto r = abort_game(t.game(), side);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::kAbortNotAllowed);
  }
  EXPECT_EQ(t.state().status, GameStatus::kOngoing);
  EXPECT_TRUE(t.facts.events.empty());
}

TEST(Abort, AGameOfAnEventOrADirectorCannotBeAborted) {
  Table t;  // not friendly
  EXPECT_FALSE(t.state().abortable);
  auto r = abort_game(t.game(), kWhite);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kAbortNotAllowed);
  EXPECT_EQ(t.state().status, GameStatus::kOngoing);
}

TEST(Abort, BeforeTheStartTimeIsAllowed) {
  Table t = friendly_table();
  t.now = kStart - 86400;  // the game starts tomorrow
  ASSERT_EQ(t.state().status, GameStatus::kNotStarted);
  EXPECT_TRUE(t.state().abortable);
  auto r = abort_game(t.game(), kBlack);
  ASSERT_TRUE(r) << r.error().detail;
  t.apply(*r);
  EXPECT_EQ(t.state().termination, Termination::kAborted);
}

TEST(Abort, AGameOverCannotBeAborted) {
  Table t = friendly_table();
  t.play("e4");
  auto resigned = resign(t.game(), kBlack);
  ASSERT_TRUE(resigned);
  t.apply(*resigned);
  auto r = abort_game(t.game(), kWhite);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kGameOver);
  EXPECT_EQ(t.state().termination, Termination::kResignation);
}

TEST(Abort, AStoredAbortAfterBothMovedIsIgnoredOnReplay) {
  // Facts are append-only and replayed: an abort event recorded after the second move
  // (which abort_game never writes) must not void a game in progress.
  Table t = friendly_table();
  t.play_all({"d4", "d5"});
  GameEvent ev;
  ev.kind = EventKind::kAborted;
  ev.side = kWhite;
  ev.at = t.now;
  ev.ply = 2;
  t.facts.events.push_back(ev);
  EXPECT_EQ(t.state().status, GameStatus::kOngoing);
  EXPECT_FALSE(t.state().termination.has_value());
}

TEST(Abort, ADirectorCannotSetAbortedAsAResult) {
  Table t;
  auto r = set_result(t.game(), GameResult::kDraw, Termination::kAborted, "no", "director");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kValidationError);
}

}  // namespace
}  // namespace corrchess::game
