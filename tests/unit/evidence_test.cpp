// The director's evidence (core/game/evidence.h, rules.md 6.5): worked examples for the
// tablebase verdict, the dead-position verdicts per side, the repetition record and the
// fifty-move counter, the suggested decision, and the reading of a claimed line.
#include "core/game/evidence.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/notation.h"
#include "db/tablebase.h"
#include "tests/support/test_env.h"

namespace corrchess::game {
namespace {

using chess::GameRecord;
using chess::Position;
using chess::Winnability;

Position fen(const std::string& text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos.has_value()) << text;
  return pos ? *pos : Position::startpos();
}

GameRecord record_of(const Position& start, const std::vector<std::string>& san) {
  GameRecord record(start);
  for (const auto& s : san) {
    auto move = chess::parse_san(record.current(), s);
    EXPECT_TRUE(move.has_value()) << s;
    if (move) {
      EXPECT_TRUE(record.play(*move).has_value());
    }
  }
  return record;
}

const db::SyzygyTablebase& tables() {
  static const db::SyzygyTablebase instance(corrchess::testing::data_dir() + "/syzygy");
  return instance;
}

TEST(Evidence, TablebaseWinIsAProvenDecision) {
  const UnwinnabilityMateOracle mate(chess::AnalysisBudget{100'000});
  const Oracles oracles{&mate, &tables(), nullptr};
  // King and queen against king, White to move: a win; the distance comes from the DTZ table.
  const auto e = position_evidence(GameRecord(fen("8/8/8/8/8/2k5/8/4K2Q w - - 0 60")), oracles);
  EXPECT_EQ(e.men, 3);
  EXPECT_EQ(e.tablebase, TablebaseStatus::kProbed);
  EXPECT_EQ(e.wdl, Wdl::kWin);
  ASSERT_TRUE(e.dtz.has_value());
  EXPECT_GT(*e.dtz, 0);
  EXPECT_EQ(e.can_win[0], Winnability::kWinnable);
  EXPECT_EQ(e.can_win[1], Winnability::kUnwinnable);  // a bare king never mates
  ASSERT_TRUE(e.suggestion.has_value());
  EXPECT_EQ(e.suggestion->result, GameResult::kWhiteWins);
  EXPECT_EQ(e.suggestion->basis, "tablebase");
  EXPECT_NE(e.suggestion->reason.find("win for White"), std::string::npos) << e.suggestion->reason;

  // The same material with Black to move: a loss for the side to move, so White wins too.
  const auto black = position_evidence(GameRecord(fen("8/8/8/8/8/2k5/8/4K2Q b - - 0 60")), oracles);
  EXPECT_EQ(black.wdl, Wdl::kLoss);
  ASSERT_TRUE(black.suggestion.has_value());
  EXPECT_EQ(black.suggestion->result, GameResult::kWhiteWins);

  // Rook against rook: a draw by the table.
  const auto draw =
      position_evidence(GameRecord(fen("8/8/3k4/8/2r5/8/R3K3/8 w - - 0 60")), oracles);
  EXPECT_EQ(draw.wdl, Wdl::kDraw);
  EXPECT_EQ(draw.dtz, 0);
  ASSERT_TRUE(draw.suggestion.has_value());
  EXPECT_EQ(draw.suggestion->result, GameResult::kDraw);
}

TEST(Evidence, NoTableNoTablebaseVerdict) {
  const UnwinnabilityMateOracle mate(chess::AnalysisBudget{100'000});
  // Five men: the test set holds up to four-man tables.
  const auto five = position_evidence(GameRecord(fen("8/8/3k4/8/2r5/8/Q3RK2/8 w - - 0 60")),
                                      Oracles{&mate, &tables(), nullptr});
  EXPECT_EQ(five.men, 5);
  EXPECT_EQ(five.tablebase, TablebaseStatus::kUnavailable);
  EXPECT_FALSE(five.wdl.has_value());
  EXPECT_FALSE(five.suggestion.has_value());  // both sides can still mate: nothing proven
  // No tables at all.
  const auto none = position_evidence(GameRecord(fen("8/8/8/8/8/2k5/8/4K2Q w - - 0 60")),
                                      Oracles{&mate, nullptr, nullptr});
  EXPECT_EQ(none.tablebase, TablebaseStatus::kUnavailable);
  EXPECT_FALSE(none.suggestion.has_value());
  // The start position: too many men to ask.
  const auto start = position_evidence(GameRecord(), Oracles{&mate, &tables(), nullptr});
  EXPECT_EQ(start.tablebase, TablebaseStatus::kTooManyMen);
  EXPECT_EQ(start.can_win[0], Winnability::kWinnable);
  EXPECT_EQ(start.can_win[1], Winnability::kWinnable);
}

TEST(Evidence, DeadPositionNeedsTheDeeperBudget) {
  // A pawn structure that no quick proof settles: the search proves neither side can ever
  // mate in a few thousand positions per side (13 men: no tablebase).
  const Position dead = fen("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 50");
  const UnwinnabilityMateOracle shallow(chess::AnalysisBudget{100});
  const UnwinnabilityMateOracle deep(chess::AnalysisBudget{200'000});
  // The move-time oracle with a tiny budget cannot tell; the evidence oracle can.
  const auto unsure = position_evidence(GameRecord(dead), Oracles{&shallow, nullptr, nullptr});
  EXPECT_EQ(unsure.can_win[0], Winnability::kUndetermined);
  EXPECT_FALSE(unsure.suggestion.has_value());
  const auto proven = position_evidence(GameRecord(dead), Oracles{&shallow, nullptr, &deep});
  EXPECT_EQ(proven.tablebase, TablebaseStatus::kTooManyMen);
  EXPECT_EQ(proven.can_win[0], Winnability::kUnwinnable);
  EXPECT_EQ(proven.can_win[1], Winnability::kUnwinnable);
  ASSERT_TRUE(proven.suggestion.has_value());
  EXPECT_EQ(proven.suggestion->result, GameResult::kDraw);
  EXPECT_EQ(proven.suggestion->basis, "dead_position");
  // A side that cannot win is no decision by itself: king and bishop against king and rook.
  const auto one_sided = position_evidence(GameRecord(fen("8/8/3k4/8/2r5/8/3BK3/8 w - - 0 60")),
                                           Oracles{&deep, nullptr, nullptr});
  EXPECT_EQ(one_sided.can_win[0], Winnability::kUnwinnable);
  EXPECT_EQ(one_sided.can_win[1], Winnability::kWinnable);
  EXPECT_FALSE(one_sided.suggestion.has_value());
}

TEST(Evidence, RepetitionAndFiftyMoveRecord) {
  const UnwinnabilityMateOracle mate(chess::AnalysisBudget{100'000});
  // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8: the start position for the third time.
  const auto record =
      record_of(Position::startpos(), {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
  const auto e = position_evidence(record, Oracles{&mate, nullptr, nullptr});
  EXPECT_EQ(e.repetitions, 3);
  EXPECT_EQ(e.repeated_at, (std::vector<int>{0, 4, 8}));
  EXPECT_TRUE(e.threefold_claimable);
  EXPECT_EQ(e.halfmove_clock, 8);
  EXPECT_FALSE(e.fifty_moves_claimable);
  EXPECT_FALSE(e.suggestion.has_value());  // a repetition decides nothing without a claim
  // The position on the board twice, and Black's Ng8 would bring the start position back the
  // third time: claimable with that intended move (rules.md 2.5).
  const auto twice =
      record_of(Position::startpos(), {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  const auto t = position_evidence(twice, Oracles{&mate, nullptr, nullptr});
  EXPECT_EQ(t.repetitions, 2);
  EXPECT_EQ(t.repeated_at, (std::vector<int>{3, 7}));
  EXPECT_TRUE(t.threefold_claimable);
  // One move earlier White's Ng1 would make only the second time: nothing to claim.
  const auto once = record_of(Position::startpos(), {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"});
  EXPECT_FALSE(position_evidence(once, Oracles{&mate, nullptr, nullptr}).threefold_claimable);
}

TEST(Evidence, ClaimedLineWithNumbersGlyphsAndAMate) {
  const GameRecord start;
  const auto l =
      check_claimed_line(start, "1. e4 e5 2.Qh5!? Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0 and more words");
  EXPECT_TRUE(l.given);
  EXPECT_TRUE(l.legal);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}));
  EXPECT_EQ(l.text, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
  EXPECT_EQ(l.ends, "checkmate");
  EXPECT_FALSE(l.illegal_move.has_value());
  EXPECT_EQ(l.repetitions, 1);
}

TEST(Evidence, ClaimedLineBetweenProseCommentsAndVariations) {
  const GameRecord start;
  const auto l = check_claimed_line(
      start, "White is better after 1.e4 {the best} (1. d4 d5) e5 $1 2. Nf3 because of tempo");
  EXPECT_TRUE(l.legal);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_EQ(l.ends, "");
  // Prose alone holds no line.
  const auto none = check_claimed_line(start, "I claim a draw: the position is equal.");
  EXPECT_FALSE(none.given);
  EXPECT_FALSE(none.legal);
  EXPECT_TRUE(none.moves.empty());
  EXPECT_EQ(none.repetitions, 0);
}

TEST(Evidence, ClaimedLineWithAnIllegalMove) {
  const GameRecord start;
  const auto l = check_claimed_line(start, "1. e4 e5 2. Ke3 Nc6");
  EXPECT_TRUE(l.given);
  EXPECT_FALSE(l.legal);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(l.illegal_move, "Ke3");
  EXPECT_FALSE(l.detail.empty());
  EXPECT_EQ(l.text, "1. e4 e5");
}

TEST(Evidence, ClaimedLineFromBlackToMoveThatRepeats) {
  // After 1.Nf3 Nf6 2.Ng1 the claim's line, from Black's move, brings the position after
  // 1...Nf6 back for the third time.
  const auto record = record_of(Position::startpos(), {"Nf3", "Nf6", "Ng1"});
  const auto l = check_claimed_line(record, "2... Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 draws");
  EXPECT_TRUE(l.legal);
  EXPECT_EQ(l.text, "2... Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6");
  EXPECT_EQ(l.repetitions, 3);
  // The record itself is not changed by reading a line.
  EXPECT_EQ(record.ply_count(), 3);
}

}  // namespace
}  // namespace corrchess::game
