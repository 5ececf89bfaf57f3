// The moves bench/load's games play (corrchess-load) and corrchess-command-cost replays: one
// line, so that both measure the same games. Header-only and free of the project's
// libraries, as the load driver links none of them.
#pragma once

namespace corrchess::bench {

// Knights out and back: legal forever (repetitions never end a game by themselves).
inline constexpr const char* kCycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
// One pawn step a side in each block of the pawn line (the f-pawns stay, so the knights' f3
// and f6 stay free): every white step is legal after the earlier ones, and so is every black
// step; the pawns end blocked file against file, nothing is captured and nobody is checked.
inline constexpr const char* kWhiteSteps[] = {"a3", "h3", "b3", "g3", "c3", "d3", "e3",
                                              "a4", "h4", "b4", "g4", "c4", "d4", "e4"};
inline constexpr const char* kBlackSteps[] = {"a6", "h6", "b6", "g6", "c6", "d6", "e6",
                                              "a5", "h5", "b5", "g5", "c5", "d5", "e5"};
inline constexpr int kBlockPlies = 26;  // six knight cycles, then White's and Black's pawn step

// The move (SAN) of `ply` (1-based). Knights: the knight cycle forever, with no pawn move or
// capture (a game's snapshot window never moves on: the worst case). Pawns: blocks of 26
// plies, six knight cycles and then one pawn step each, as real games move a pawn or capture
// every few moves; after the 14 blocks (364 plies) the knights only.
inline const char* move_of(int ply, bool pawn_line) {
  const int index = ply - 1;
  if (!pawn_line) return kCycle[index % 4];
  const int block = index / kBlockPlies;
  const int in_block = index % kBlockPlies;
  if (block >= 14) return kCycle[(index - 14 * kBlockPlies) % 4];
  if (in_block == kBlockPlies - 2) return kWhiteSteps[block];
  if (in_block == kBlockPlies - 1) return kBlackSteps[block];
  return kCycle[in_block % 4];
}

}  // namespace corrchess::bench
