// Worked examples of thematic openings (rules.md §6.8): SAN moves with or without move
// numbers and a FEN give the position every game of the section starts from; bad openings
// are refused with the move that fails.
#include "core/competition/thematic.h"

#include <gtest/gtest.h>

namespace corrchess::competition {
namespace {

TEST(ThematicOpening, SanMovesWithAndWithoutNumbers) {
  // The Sicilian Najdorf after 5...a6.
  const std::string najdorf = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6";
  EXPECT_EQ(opening_position("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6").value(),
            najdorf);
  EXPECT_EQ(opening_position("1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6").value(), najdorf);
  EXPECT_EQ(opening_position("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6").value(), najdorf);
  // Black to move after an odd number of plies; the en-passant square is written only when a
  // capture is possible.
  EXPECT_EQ(opening_position("1. d4").value(),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(opening_position("1. e4 e5 2. Nf3 Nc6 3. Bb5 3... a6").value(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
}

TEST(ThematicOpening, FenIsCheckedAndNormalised) {
  EXPECT_EQ(
      opening_position("  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 ").value(),
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto two_kings = opening_position("kk6/8/8/8/8/8/8/7K w - - 0 1");
  ASSERT_FALSE(two_kings);
  EXPECT_EQ(two_kings.error().code, ErrorCode::kInvalidFen);
}

TEST(ThematicOpening, BadMovesNameTheMove) {
  auto illegal = opening_position("1. e4 e5 2. Ke3");
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().code, ErrorCode::kIllegalMove);
  EXPECT_NE(illegal.error().detail.find("move 2. Ke3"), std::string::npos)
      << illegal.error().detail;
  auto black = opening_position("1. e4 e5 2. Nf3 Nf3");
  ASSERT_FALSE(black);
  EXPECT_NE(black.error().detail.find("move 2... Nf3"), std::string::npos) << black.error().detail;
  auto garbage = opening_position("1. e4 *");
  ASSERT_FALSE(garbage);
  EXPECT_NE(garbage.error().detail.find("move 1... *"), std::string::npos)
      << garbage.error().detail;
}

TEST(ThematicOpening, EmptyOverAndTooLongAreRefused) {
  EXPECT_EQ(opening_position("   ").error().code, ErrorCode::kValidationError);
  // Fool's mate: the game would be over before the section starts.
  auto mate = opening_position("1. f3 e5 2. g4 Qh4#");
  ASSERT_FALSE(mate);
  EXPECT_EQ(mate.error().code, ErrorCode::kValidationError);
  // Stalemate given as a FEN: Black to move, no legal move.
  EXPECT_EQ(opening_position("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").error().code,
            ErrorCode::kValidationError);
  // 62 moves of knights shuffling: over the limit (60 moves).
  std::string shuffle;
  for (int i = 0; i < 61; ++i) shuffle += i % 2 == 0 ? "Nf3 Nf6 Ng1 Ng8 " : "";
  EXPECT_EQ(opening_position(shuffle).error().code, ErrorCode::kValidationError);
}

}  // namespace
}  // namespace corrchess::competition
