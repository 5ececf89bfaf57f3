// Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard
// correctness oracle for move generation (and a speed benchmark).
#pragma once

#include <cstdint>
#include <vector>

#include "core/chess/position.h"

namespace corrchess::chess {

// Leaf count of the legal-move tree of pos to `depth` plies (1 for depth <= 0).
std::uint64_t perft(const Position& pos, int depth);

struct PerftDivideEntry {
  Move move;
  std::uint64_t nodes = 0;
};

// Perft split by root move: one entry per legal move, in generation order, holding the leaf
// count of perft(pos.after(move), depth - 1). Empty for depth <= 0.
std::vector<PerftDivideEntry> perft_divide(const Position& pos, int depth);

}  // namespace corrchess::chess
