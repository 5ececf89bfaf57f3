// The tempo proof (core/chess/tempo_structure.h): dead positions of the hard set where one
// king can only shuttle, worked examples checked against an independent exhaustive
// enumeration of every reachable position, and near misses (a spare pawn move, a bishop of
// the other colour, a king that can triangulate) that must not be proven dead.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate_keys.h"
#include "core/chess/position.h"
#include "core/chess/tempo_structure.h"
#include "core/chess/unwinnable.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

// The random soundness checks below enumerate every reachable position of each proof; under
// the sanitizers (ten times slower) they check half as many.
#ifdef CORRCHESS_SANITIZED
constexpr int kTempoPlacementTrials = 30;
constexpr int kTempoWallChecks = 30;
#else
constexpr int kTempoPlacementTrials = 60;
constexpr int kTempoWallChecks = 60;
#endif

Position tempo_pos(const std::string& fen) {
  auto p = Position::from_fen_for_analysis(testing::complete_epd(fen));
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

// Independent of the analysis (no static proof, no pruning): enumerates every position
// reachable from p, both sides cooperating, and says whether `winner` mates in one of them.
// Fails the test when more than `limit` positions are reachable (the answer would be a guess).
// Positions the oracle has seen, compared in full (helpmate_keys.h, tested on its own with
// forced key collisions): the Zobrist key only spreads them over the table, so a collision
// cannot hide a position from the enumeration.
struct ExactKeyHash {
  std::size_t operator()(const helpmate_detail::ExactKey& k) const { return k.hash; }
};

bool mate_reachable(const Position& p, Color winner, std::size_t limit = 2'000'000,
                    bool* overflow = nullptr) {
  std::unordered_set<helpmate_detail::ExactKey, ExactKeyHash> seen{helpmate_detail::exact_key(p)};
  std::vector<Position> todo{p};
  while (!todo.empty()) {
    const Position cur = todo.back();
    todo.pop_back();
    const MoveList moves = cur.legal_moves();
    if (moves.empty()) {
      if (cur.in_check() && cur.side_to_move() != winner) return true;
      continue;
    }
    for (Move m : moves) {
      Position next = cur.after(m);
      if (seen.insert(helpmate_detail::exact_key(next)).second) todo.push_back(next);
    }
    if (seen.size() > limit) {
      if (overflow) {
        *overflow = true;
        return false;
      }
      ADD_FAILURE() << "too many positions to enumerate from " << p.fen();
      return true;
    }
  }
  return false;
}

// The FEN placement field of a board of 64 characters, rank 8 first, '.' for an empty square.
std::string placement_fen(const std::string& board) {
  std::string fen;
  for (int r = 0; r < 8; ++r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const char c = board[static_cast<std::size_t>(r * 8 + f)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += std::to_string(empty);
    if (r < 7) fen += '/';
  }
  return fen;
}

// Not proven dead for `side`, and the analysis finds a helpmate line that replays to mate.
void expect_winnable_with_line(const Position& p, Color side) {
  EXPECT_FALSE(tempo_structure_unwinnable(p, side));
  const WinnabilityResult r = analyse_winnability(p, side);
  EXPECT_EQ(r.verdict, Winnability::kWinnable);
  EXPECT_TRUE(is_helpmate_line(p, side, r.helpmate));
}

// White's king shuttles h3-h4 (g4, g5 and h2 are covered by pawns, g3 is protected); Black's
// dark bishops could check it on h4, but h3 (light) is then free unless Black's king stands
// on h2, and it gets there only with White's king on h4 and White to move: stalemate.
constexpr const char* kShuttle = "8/8/k6p/5p1P/1b3p2/5PpK/6P1/8 w - -";

TEST(TempoStructure, ShuttlingKingWorkedExampleIsDead) {
  for (const char* fen :
       {kShuttle, "8/8/k6p/5p1P/1b3p2/5PpK/6P1/8 b - -", "8/8/7p/5p1P/1b3p1K/5Pp1/6P1/5k2 b - -",
        "8/8/7p/5p1P/1b3p1K/5Pp1/6P1/5k2 w - -"}) {
    const Position p = tempo_pos(fen);
    EXPECT_FALSE(frozen_structure_unwinnable(p, Color::kBlack)) << fen;  // the kings can take
    EXPECT_TRUE(tempo_structure_unwinnable(p, Color::kWhite)) << fen;
    EXPECT_TRUE(tempo_structure_unwinnable(p, Color::kBlack)) << fen;
    EXPECT_FALSE(mate_reachable(p, Color::kWhite)) << fen;
    EXPECT_FALSE(mate_reachable(p, Color::kBlack)) << fen;
  }
}

TEST(TempoStructure, MateWithTheRightTempoIsSeen) {
  // Black's king already on h2, Black to move: ...Be7# (h3 is covered by the king, g5 by the
  // h6 pawn). The tempo argument does not apply; the proof must see the mate.
  const Position mate = tempo_pos("8/8/7p/2b2p1P/5p1K/5Pp1/6Pk/8 b - -");
  EXPECT_FALSE(tempo_structure_unwinnable(mate, Color::kBlack));
  EXPECT_TRUE(mate_reachable(mate, Color::kBlack));
  EXPECT_TRUE(tempo_structure_unwinnable(mate, Color::kWhite));
  EXPECT_FALSE(mate_reachable(mate, Color::kWhite));
  // The king on g1 instead: ...Kh2 stalemates, and it never gets to h2 with Black to move.
  const Position dead = tempo_pos("8/8/7p/2b2p1P/5p1K/5Pp1/6P1/6k1 b - -");
  EXPECT_TRUE(tempo_structure_unwinnable(dead, Color::kBlack));
  EXPECT_FALSE(mate_reachable(dead, Color::kBlack));
}

TEST(TempoStructure, HardSetShuttlesAreDead) {
  // From tests/data/unwinnability/hard-set.txt, labelled "--" (CHA's test vectors): White's
  // king shuttles in the first five, Black's in the last two.
  for (const char* fen :
       {"8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - -", "8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -",
        "8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - -", "8/8/7p/2b2p1P/1bkb1p1K/2b2Pp1/6P1/8 b - -",
        "8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - -", "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - -",
        "8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - -"}) {
    const Position p = tempo_pos(fen);
    EXPECT_TRUE(tempo_structure_unwinnable(p, Color::kWhite)) << fen;
    EXPECT_TRUE(tempo_structure_unwinnable(p, Color::kBlack)) << fen;
    EXPECT_TRUE(is_dead_position(p)) << fen;
  }
}

TEST(TempoStructure, SpareTempoMakesItWinnable) {
  // The same shuttle with a white pawn that can still move (a2-a3): White can wait a move,
  // so Black's king reaches h2 with White's king on h4 and Black mates with ...Bg5#.
  const Position p = tempo_pos("8/8/k6p/5p1P/pb3p2/5PpK/P5P1/8 w - -");
  expect_winnable_with_line(p, Color::kBlack);
}

TEST(TempoStructure, OtherColouredBishopIsNoProof) {
  // A light-squared bishop could stand on e4, where White's f3 pawn takes it (the structure
  // opens): no proof, whatever the truth.
  const Position p = tempo_pos("8/8/k3b2p/5p1P/1b3p2/5PpK/6P1/8 w - -");
  EXPECT_FALSE(tempo_structure_unwinnable(p, Color::kBlack));
  EXPECT_FALSE(tempo_structure_unwinnable(p, Color::kWhite));
}

TEST(TempoStructure, RoomToLoseAMoveIsNoProof) {
  // Without the g-pawns White's king has room (h2, g2, h1, ...) to lose a move: Black's king
  // can then stand on h2 with White's king on h4 and White to move, and ...Bg5 or ...Be1 mates.
  const Position p = tempo_pos("8/8/k6p/5p1P/1b3p2/5P1K/8/8 w - -");
  expect_winnable_with_line(p, Color::kBlack);
}

TEST(TempoStructure, NotAppliedWhenBothSidesHavePieces) {
  const Position p = tempo_pos("8/8/k6p/5p1P/1b3p2/5PpK/6P1/7B w - -");
  EXPECT_FALSE(tempo_structure_unwinnable(p, Color::kBlack));
  EXPECT_FALSE(tempo_structure_unwinnable(p, Color::kWhite));
}

// Soundness fuzz on small shuttles: White's king on h3 or h4, Black's king and one or two dark
// bishops at random around the locked structure of kShuttle; every position the proof calls dead
// for a side is enumerated in full, and the proof must also be applied (not vacuous) often enough.
TEST(TempoStructure, RandomPlacementsAgreeWithEnumeration) {
  std::mt19937 rng(20261130);
  int proven = 0;
  int winnable = 0;
  for (int trial = 0; trial < kTempoPlacementTrials; ++trial) {
    // kShuttle's pawns, the men on random empty squares (illegal draws skipped).
    std::string board(64, '.');
    const std::string rows[8] = {"........", "........", ".......p", ".....p.P",
                                 ".....p..", ".....Pp.", "......P.", "........"};
    for (int r = 0; r < 8; ++r) board.replace(static_cast<std::size_t>(r) * 8, 8, rows[r]);
    auto place = [&](char man, bool dark_only) {
      for (;;) {
        const int i = static_cast<int>(rng() % 64);
        const int file = i % 8;
        const int rank = 7 - i / 8;
        if (board[static_cast<std::size_t>(i)] != '.') continue;
        if (dark_only && (file + rank) % 2 != 0) continue;
        board[static_cast<std::size_t>(i)] = man;
        return;
      }
    };
    board[static_cast<std::size_t>(rng() % 2 == 0 ? 5 * 8 + 7 : 4 * 8 + 7)] = 'K';  // h3 or h4
    place('k', false);
    place('b', true);
    if (trial % 2 == 0) place('b', true);
    std::string fen = placement_fen(board);
    fen += trial % 3 == 0 ? " b - -" : " w - -";
    auto parsed = Position::from_fen_for_analysis(testing::complete_epd(fen));
    if (!parsed || parsed->count_legal_moves() == 0) continue;
    const Position& p = *parsed;
    for (Color side : {Color::kWhite, Color::kBlack}) {
      if (!tempo_structure_unwinnable(p, side)) {
        if (side == Color::kBlack && mate_reachable(p, side)) ++winnable;
        continue;
      }
      ++proven;
      EXPECT_FALSE(mate_reachable(p, side))
          << "unsound for " << (side == Color::kWhite ? "White" : "Black") << ": " << fen;
    }
  }
  EXPECT_GT(proven, kTempoPlacementTrials / 3);
  RecordProperty("proven", proven);
  RecordProperty("winnable", winnable);
}

// Soundness fuzz over random locked walls: four head-on pawn pairs on every other file (kings
// cannot cross), the wall at a random height, the kings anywhere and one or two bishops of one
// side on the colour the other side's pawns do not stand on. Every proof whose position has
// at most 150,000 reachable positions is checked by enumerating them all.
TEST(TempoStructure, RandomWallsAgreeWithEnumeration) {
  std::mt19937 rng(4040);
  int checked = 0;
  int trials = 0;
  for (; trials < 2000 && checked < kTempoWallChecks; ++trials) {
    std::string board(64, '.');  // index (7 - rank) * 8 + file
    auto at = [&](int file, int rank) -> char& {
      return board[static_cast<std::size_t>((7 - rank) * 8 + file)];
    };
    const int parity = static_cast<int>(rng() % 2);
    const int rank = 2 + static_cast<int>(rng() % 3);  // White's pawns on rank 3, 4 or 5
    for (int file = parity; file < 8; file += 2) {
      at(file, rank) = 'P';
      at(file, rank + 1) = 'p';
    }
    const bool white_has_pieces = rng() % 2 == 0;
    // The shuttler's pawns stand on one colour; the bishops get the other.
    const int shuttler_rank = white_has_pieces ? rank + 1 : rank;
    const int bishop_colour = (parity + shuttler_rank + 1) % 2;
    auto place = [&](char man, int colour) {
      for (;;) {
        const int i = static_cast<int>(rng() % 64);
        if (board[static_cast<std::size_t>(i)] != '.') continue;
        if (colour >= 0 && (i % 8 + 7 - i / 8) % 2 != colour) continue;
        board[static_cast<std::size_t>(i)] = man;
        return;
      }
    };
    place('K', -1);
    place('k', -1);
    const int bishops = 1 + static_cast<int>(rng() % 2);
    for (int i = 0; i < bishops; ++i) place(white_has_pieces ? 'B' : 'b', bishop_colour);
    std::string fen = placement_fen(board);
    fen += rng() % 2 == 0 ? " w - -" : " b - -";
    auto parsed = Position::from_fen_for_analysis(testing::complete_epd(fen));
    if (!parsed || parsed->count_legal_moves() == 0) continue;
    for (Color side : {Color::kWhite, Color::kBlack}) {
      if (!tempo_structure_unwinnable(*parsed, side)) continue;
      bool overflow = false;
      const bool mate = mate_reachable(*parsed, side, 150'000, &overflow);
      if (overflow) continue;
      ++checked;
      EXPECT_FALSE(mate) << "unsound for " << (side == Color::kWhite ? "White" : "Black") << ": "
                         << fen;
    }
  }
  EXPECT_GE(checked, 20);
  RecordProperty("checked", checked);
  RecordProperty("trials", trials);
}

// No proof may contradict a label of the dev set (451 positions) or of the hard set (1,352
// CHA test vectors): a side proven unable to mate must be labelled '-'.
TEST(TempoStructure, AgreesWithLabelledSets) {
  int proven = 0;
  for (const char* name : {"/unwinnability/dev-set.txt", "/unwinnability/hard-set.txt"}) {
    std::ifstream in(testing::data_dir() + name);
    ASSERT_TRUE(in) << name;
    for (std::string line; std::getline(in, line);) {
      if (line.size() < 4) continue;
      const auto p = Position::from_fen_for_analysis(testing::complete_epd(line.substr(3)));
      ASSERT_TRUE(p.has_value()) << line;
      for (int i = 0; i < 2; ++i) {
        if (!tempo_structure_unwinnable(*p, i == 0 ? Color::kWhite : Color::kBlack)) continue;
        ++proven;
        EXPECT_EQ(line[static_cast<std::size_t>(i)], '-') << "side " << i << ": " << line;
      }
    }
  }
  EXPECT_GE(proven, 16);  // at least the eight shuttles of HardSetShuttlesAreDead, both sides
  RecordProperty("proven", proven);
}

}  // namespace
}  // namespace corrchess::chess
