// Soundness of the unwinnability analysis on real games (rules.md 1.5 and 4.7): after every
// move of the lichess games and of the engine games in tests/data/pgn, for both sides,
//  - a `winnable` verdict carries a helpmate line that is legal move by move and ends with
//    the other side checkmated (replayed here with the move generator, not with the
//    analysis' own line checker);
//  - an `unwinnable` verdict is confirmed by an independent full-width helpmate search to the
//    depth the test affords (no mate within it);
//  - the per-move fast path never contradicts the full analysis.
// On the lichess games the default budget must also leave no position undetermined.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/unwinnable.h"
#include "tests/support/helpmate_oracle.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

#ifdef CORRCHESS_SANITIZED
constexpr int kLichessStride = 3;  // every third position under the sanitizers
constexpr int kEngineStride = 24;
#else
constexpr int kLichessStride = 1;
constexpr int kEngineStride = 6;
#endif

std::vector<PgnGame> read_games(const std::string& name) {
  std::ifstream in(testing::data_dir() + "/pgn/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<PgnGame> games;
  for (auto& g : read_pgn(ss.str()))
    if (g) games.push_back(std::move(*g));
  return games;
}

// Replays `line` with the move generator: every move must be legal where it is played, and
// the last must leave `side`'s opponent checkmated.
bool line_mates(const Position& start, Color side, const std::vector<Move>& line) {
  Position p = start;
  for (Move m : line) {
    if (!p.legal_moves().contains(m)) return false;
    p.play(m);
  }
  return p.side_to_move() != side && p.in_check() && p.legal_moves().empty();
}

struct Tally {
  int positions = 0;
  int winnable = 0;
  int unwinnable = 0;
  int undetermined = 0;
};

Tally check_games(const std::string& name, int stride) {
  Tally t;
  int seen = 0;
  for (const PgnGame& g : read_games(name)) {
    Position pos = g.start;
    for (const PgnMove& pm : g.moves) {
      pos.play(pm.move);
      if (seen++ % stride != 0) continue;
      ++t.positions;
      for (Color side : {Color::kWhite, Color::kBlack}) {
        const WinnabilityResult r = analyse_winnability(pos, side);
        const QuickVerdict quick = quick_check(pos, side);
        switch (r.verdict) {
          case Winnability::kWinnable:
            ++t.winnable;
            EXPECT_TRUE(line_mates(pos, side, r.helpmate)) << "bad proof line for " << pos.fen();
            EXPECT_NE(quick, QuickVerdict::kUnwinnable) << "fast path disagrees: " << pos.fen();
            break;
          case Winnability::kUnwinnable:
            ++t.unwinnable;
            EXPECT_FALSE(testing::short_helpmate_exists(pos, side))
                << "unsound unwinnable verdict for " << (side == Color::kWhite ? "White" : "Black")
                << ": " << pos.fen();
            EXPECT_NE(quick, QuickVerdict::kWinnable) << "fast path disagrees: " << pos.fen();
            break;
          case Winnability::kUndetermined:
            ++t.undetermined;
            std::cout << "undetermined: " << pos.fen() << "\n";
            break;
        }
      }
    }
  }
  std::cout << name << ": " << t.positions << " positions, " << t.winnable << " winnable, "
            << t.unwinnable << " unwinnable, " << t.undetermined << " undetermined verdicts\n";
  return t;
}

TEST(UnwinnableGames, LichessGamesHaveSoundVerdictsAndNoneUndetermined) {
  const Tally t = check_games("lichess2013-100.pgn", kLichessStride);
  EXPECT_GE(t.positions, 6193 / kLichessStride);  // the 100 games have 6,193 plies
  // The games end in mates, resignations and a few dead or unwinnable endings: both kinds of
  // verdict occur, so both branches above were exercised.
  EXPECT_GT(t.winnable, 0);
  EXPECT_GT(t.unwinnable, 0);
  EXPECT_EQ(t.undetermined, 0);
}

TEST(UnwinnableGames, EngineGamesHaveSoundVerdicts) {
  const Tally t = check_games("engine-repetition-draws.pgn", kEngineStride);
  EXPECT_GE(t.positions, 19'000 / kEngineStride);  // the 188 games have about 19,500 plies
  EXPECT_GT(t.winnable, 0);
}

}  // namespace
}  // namespace corrchess::chess
