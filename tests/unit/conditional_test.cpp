// Conditional moves (rules.md 2.5): validation when stored, normalisation to UCI, matching
// against the opponent's accepted move, auto-play at zero cost and the same instant.
#include "core/game/conditional.h"

#include <gtest/gtest.h>

#include "tests/support/game_table.h"

#include "core/game/game.h"

namespace corrchess::game {
namespace {

using namespace test;

using Lines = std::vector<ConditionalLine>;

ConditionalTree build(const chess::Position& pos, Color owner, const Lines& lines) {
  auto tree = ConditionalTree::build(pos, owner, lines);
  EXPECT_TRUE(tree) << (tree ? "" : tree.error().detail);
  return tree.value_or(ConditionalTree{});
}

// ---- the tree

TEST(ConditionalTree, ValidatesAndNormalisesToUci) {
  const auto start = chess::Position::startpos();
  const ConditionalTree tree =
      build(start, kBlack, {{"e4", "e5", "Nf3", "Nc6"}, {"4244", "d7d5"}, {"e2e4", "e7e5"}});
  EXPECT_EQ(tree.lines(), (Lines{{"d2d4", "d7d5"}, {"e2e4", "e7e5", "g1f3", "b8c6"}}));
  EXPECT_EQ(tree.lines_san(start), (Lines{{"d4", "d5"}, {"e4", "e5", "Nf3", "Nc6"}}));
}

TEST(ConditionalTree, StorageRoundTrip) {
  const auto start = chess::Position::startpos();
  const ConditionalTree tree =
      build(start, kBlack, {{"e4", "c5", "Nf3", "d6"}, {"e4", "c5", "c3", "Nf6"}});
  EXPECT_EQ(build(start, kBlack, tree.lines()), tree);
  EXPECT_EQ(tree.lines().size(), 2u);
}

TEST(ConditionalTree, RejectsIllegalMovesNamingTheLine) {
  const auto start = chess::Position::startpos();
  auto r = ConditionalTree::build(start, kBlack, {{"e4", "e5"}, {"d4", "d5", "Ke3", "Nf6"}});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kIllegalMove);
  EXPECT_NE(r.error().detail.find("line 2, move 3"), std::string::npos) << r.error().detail;
  EXPECT_EQ(ConditionalTree::build(start, kBlack, {{"e4", "zz9"}}).error().code,
            ErrorCode::kInvalidNotation);
}

TEST(ConditionalTree, RejectsMalformedLines) {
  const auto start = chess::Position::startpos();
  // A line must end with the owner's reply.
  EXPECT_EQ(ConditionalTree::build(start, kBlack, {{"e4"}}).error().code,
            ErrorCode::kValidationError);
  EXPECT_EQ(ConditionalTree::build(start, kBlack, {{}}).error().code, ErrorCode::kValidationError);
  // Two different replies to the same opponent move.
  EXPECT_EQ(ConditionalTree::build(start, kBlack, {{"e4", "e5"}, {"e4", "c5"}}).error().code,
            ErrorCode::kValidationError);
  // The owner is to move: lines must start with the opponent's move.
  EXPECT_EQ(ConditionalTree::build(start, kWhite, {{"e4", "e5"}}).error().code,
            ErrorCode::kValidationError);
}

TEST(ConditionalTree, FollowKeepsTheMatchingSubtreeAndDiscardsTheRest) {
  const auto start = chess::Position::startpos();
  ConditionalTree tree = build(start, kBlack, {{"e4", "e5", "Nf3", "Nc6"}, {"d4", "d5"}});
  EXPECT_EQ(tree.follow("e2e4"), "e7e5");
  EXPECT_EQ(tree.lines(), (Lines{{"g1f3", "b8c6"}}));
  EXPECT_EQ(tree.follow("f1c4"), std::nullopt);
  EXPECT_TRUE(tree.empty());
}

// ---- in the game

TEST(ConditionalMoves, StoredOnlyInOpenGamesFromTheCurrentPosition) {
  Table t;
  auto tree = store_conditional(t.game(), kBlack, {{"e4", "e5"}});
  ASSERT_TRUE(tree);
  EXPECT_EQ(store_conditional(t.game(), kBlack, {{"e5", "e4"}}).error().code,
            ErrorCode::kIllegalMove);
  ASSERT_TRUE(t.apply(resign(t.game(), kWhite)));
  EXPECT_EQ(store_conditional(t.game(), kBlack, {{"e4", "e5"}}).error().code, ErrorCode::kGameOver);
}

TEST(ConditionalMoves, ReplyIsPlayedAtTheSameInstantAtNoCost) {
  Table t;
  t.trees[1] = store_conditional(t.game(), kBlack, {{"e4", "e5", "Nf3", "Nc6"}}).value();
  t.play("e4", false, 5);
  const GameState s = t.state();
  ASSERT_EQ(s.ply, 2);
  EXPECT_EQ(s.moves[1].san, "e5");
  EXPECT_TRUE(s.moves[1].played_as_conditional);
  EXPECT_EQ(s.moves[1].at, s.moves[0].at);
  EXPECT_EQ(s.moves[1].elapsed, 0);
  EXPECT_EQ(s.clock_of(kBlack).remaining, days(30) + days(3));  // nothing charged
  EXPECT_EQ(s.to_move, kWhite);
  EXPECT_EQ(t.trees[1].lines(), (Lines{{"g1f3", "b8c6"}}));
  EXPECT_TRUE(t.facts.moves[1].played_as_conditional);
}

TEST(ConditionalMoves, LinesAreFollowedDownMoveByMove) {
  Table t;
  t.trees[1] =
      store_conditional(t.game(), kBlack, {{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}}).value();
  t.play("e4");
  t.play("Nf3");
  t.play("Bb5");
  const GameState s = t.state();
  ASSERT_EQ(s.ply, 6);
  EXPECT_EQ(s.moves[5].san, "a6");
  EXPECT_TRUE(t.trees[1].empty());  // line exhausted
}

TEST(ConditionalMoves, MismatchDiscardsTheLines) {
  Table t;
  t.trees[1] = store_conditional(t.game(), kBlack, {{"e4", "e5"}, {"d4", "d5"}}).value();
  const Game g = t.game();
  auto p = submit_move(g, kWhite, req("c4"));
  auto out = accept_move(g, kWhite, *p, "c4", t.trees);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->moves.size(), 1u);
  ASSERT_TRUE(out->conditional);
  EXPECT_TRUE((*out->conditional)[1].empty());
  t.apply(*out);
  EXPECT_EQ(t.state().to_move, kBlack);
}

TEST(ConditionalMoves, UnchangedTreesAreNotReported) {
  Table t;
  const Game g = t.game();
  auto p = submit_move(g, kWhite, req("e4"));
  auto out = accept_move(g, kWhite, *p, "e4", t.trees);
  ASSERT_TRUE(out);
  EXPECT_FALSE(out->conditional);
}

TEST(ConditionalMoves, StopAtGameEnd) {
  Table t;
  t.trees[1] =
      store_conditional(t.game(), kBlack, {{"f3", "e5", "g4", "Qh4"}, {"f3", "e5", "d4", "d5"}})
          .value();
  t.play("f3");
  t.play("g4");
  const GameState s = t.state();
  EXPECT_EQ(s.termination, Termination::kCheckmate);
  EXPECT_EQ(s.moves.back().san, "Qh4#");
  EXPECT_TRUE(s.moves.back().played_as_conditional);
  EXPECT_TRUE(t.trees[0].empty());
  EXPECT_TRUE(t.trees[1].empty());
}

TEST(ConditionalMoves, WhiteTreesWorkToo) {
  Table t("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1");
  t.play("Qf6+");
  EXPECT_EQ(store_conditional(t.game(), kWhite, {{"Kg8", "Qf7+"}}).value().lines(),
            (Lines{{"h8g8", "f6f7"}}));
  t.trees[0] = store_conditional(t.game(), kWhite, {{"Kg8", "Qf7+"}}).value();
  t.play("Kg8");
  EXPECT_EQ(t.state().moves.back().san, "Qf7+");
  EXPECT_TRUE(t.trees[0].empty());
}

TEST(ConditionalMoves, ManualMoveEndingTheGameClearsTheTrees) {
  Table t("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1");
  t.trees[1] = store_conditional(t.game(), kBlack, {{"Qf6+", "Kg8"}, {"Qe2", "Kg8"}}).value();
  t.play("Qf7");  // stalemate
  EXPECT_EQ(t.state().termination, Termination::kStalemate);
  EXPECT_TRUE(t.trees[1].empty());
}

TEST(ConditionalMoves, ReplyImplicitlyDeclinesAStandingOffer) {
  Table t;
  t.play_all({"e4", "e5"});
  t.trees[1] = store_conditional(t.game(), kBlack, {{"Nf3", "Nc6"}}).value();
  t.play("Nf3", true);
  EXPECT_FALSE(t.state().draw_offer);
  EXPECT_EQ(t.state().draw_offer_barred_until[0], 12);
}

}  // namespace
}  // namespace corrchess::game
