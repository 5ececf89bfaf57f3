// describe_change: what one committed change of a game tells the people in it (the live
// messages, later the notifications), for every kind of change a command or the sweep makes.
#include "core/game/game_change.h"

#include <gtest/gtest.h>

#include "tests/support/game_table.h"

namespace corrchess::game {
namespace {

using namespace test;

std::vector<NoticeKind> kinds(const std::vector<ChangeNotice>& notices) {
  std::vector<NoticeKind> out;
  for (const auto& n : notices) out.push_back(n.kind);
  return out;
}

// Submits and accepts `move` for the side to move an hour later and returns the notices.
std::vector<ChangeNotice> play(Table& t, std::string_view move, bool offer_draw = false) {
  t.now += kSecondsPerHour;
  const Game g = t.game();
  const auto before = g.state();
  const Color side = before.to_move;
  auto pending = submit_move(g, side, req(std::string(move), offer_draw));
  EXPECT_TRUE(pending.has_value());
  auto o = accept_move(g, side, *pending, move, t.trees);
  EXPECT_TRUE(o.has_value()) << (o ? "" : o.error().detail);
  t.apply(*o);
  return describe_change(before, o->moves, o->events, o->game.state());
}

TEST(GameChange, AMoveIsToldWithItsPlyAndMover) {
  Table t;
  t.play("e4");
  const auto notices = play(t, "e5");
  ASSERT_EQ(kinds(notices), std::vector<NoticeKind>{NoticeKind::kMove});
  EXPECT_EQ(notices[0].ply, 2);
  EXPECT_EQ(notices[0].by, kBlack);
}

TEST(GameChange, ADrawOfferFollowsItsMove) {
  Table t;
  t.play_all({"e4", "e5"});
  const auto notices = play(t, "Nf3", true);
  ASSERT_EQ(kinds(notices), (std::vector<NoticeKind>{NoticeKind::kMove, NoticeKind::kDrawOffer}));
  EXPECT_EQ(notices[1].ply, 3);
  EXPECT_EQ(notices[1].by, kWhite);
}

TEST(GameChange, MateIsAMoveThenGameOver) {
  Table t;
  t.play_all({"f3", "e5", "g4"});
  const auto notices = play(t, "Qh4#");
  EXPECT_EQ(kinds(notices), (std::vector<NoticeKind>{NoticeKind::kMove, NoticeKind::kGameOver}));
}

TEST(GameChange, ResignationAndDeclinedOffer) {
  Table t;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  {
    const Game g = t.game();
    auto o = decline_draw(g, kBlack);
    ASSERT_TRUE(o.has_value()) << o.error().detail;
    const auto notices = describe_change(g.state(), o->moves, o->events, o->game.state());
    ASSERT_EQ(kinds(notices), std::vector<NoticeKind>{NoticeKind::kDrawDeclined});
    EXPECT_EQ(notices[0].by, kBlack);
    t.apply(*o);
  }
  const Game g = t.game();
  auto o = resign(g, kBlack);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(kinds(describe_change(g.state(), o->moves, o->events, o->game.state())),
            std::vector<NoticeKind>{NoticeKind::kGameOver});
}

TEST(GameChange, ARejectedClaimIsToldButEndsNothing) {
  Table t;
  t.play_all({"e4", "e5"});
  const Game g = t.game();
  ClaimRequest claim_request;
  claim_request.type = ClaimType::kThreefold;
  auto o = claim(g, kWhite, claim_request, t.trees);
  ASSERT_TRUE(o.has_value()) << o.error().detail;
  ASSERT_FALSE(o->upheld);
  const auto notices = describe_change(g.state(), o->moves, o->events, o->game.state());
  ASSERT_EQ(kinds(notices), std::vector<NoticeKind>{NoticeKind::kClaim});
  EXPECT_EQ(notices[0].claim, ClaimType::kThreefold);
  EXPECT_FALSE(notices[0].upheld);
  EXPECT_EQ(notices[0].by, kWhite);
  EXPECT_FALSE(notices[0].reason.empty());
}

TEST(GameChange, ADirectorsClockChangeIsAClockNotice) {
  Table t;
  t.play("e4");
  const Game g = t.game();
  auto o = adjust_clock(g, kBlack, AdjustmentKind::kAdjustRemaining, 3600, "server outage", "td");
  ASSERT_TRUE(o.has_value()) << o.error().detail;
  EXPECT_EQ(kinds(describe_change(g.state(), o->moves, o->events, o->game.state())),
            std::vector<NoticeKind>{NoticeKind::kClock});
}

TEST(GameChange, AStoredFlagFallIsAGameOverEvenWhenTheReplayAlreadyShowedIt) {
  Table t;
  t.play("e4");
  t.now += days(60);  // far past Black's deadline: the replay already shows the loss
  const Game g = t.game();
  ASSERT_TRUE(is_over(g.state().status));
  auto fall = decide_flag_fall(g);
  ASSERT_TRUE(fall.has_value());
  auto facts = t.facts;
  facts.events.push_back(*fall);
  auto after = Game::replay(facts, t.context, t.now);
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(kinds(describe_change(g.state(), {}, {*fall}, after->state())),
            std::vector<NoticeKind>{NoticeKind::kGameOver});
}

TEST(GameChange, NothingHappenedTellsNothing) {
  Table t;
  t.play("e4");
  const auto s = t.state();
  EXPECT_TRUE(describe_change(s, {}, {}, s).empty());
}

TEST(GameChange, TheStartOfAGameIsTold) {
  Table t;
  t.facts.setup.start_at = kStart + days(1);
  t.now = kStart;
  const auto before = t.state();
  ASSERT_EQ(before.status, GameStatus::kNotStarted);
  t.now = kStart + days(2);
  const auto after = t.state();
  EXPECT_EQ(kinds(describe_change(before, {}, {}, after)),
            std::vector<NoticeKind>{NoticeKind::kGameStarted});
}

TEST(GameChange, NoticeKindsHaveTheirLiveMessageNames) {
  EXPECT_EQ(to_string(NoticeKind::kMove), "move");
  EXPECT_EQ(to_string(NoticeKind::kDrawOffer), "draw_offer");
  EXPECT_EQ(to_string(NoticeKind::kGameOver), "game_over");
  EXPECT_EQ(to_string(NoticeKind::kAdjudicationPending), "adjudication_pending");
}

}  // namespace
}  // namespace corrchess::game
