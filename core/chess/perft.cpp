#include "core/chess/perft.h"

namespace corrchess::chess {

namespace {

// Depth >= 2 here; the last ply is bulk-counted without making the moves.
std::uint64_t perft_inner(const Position& pos, int depth) {
  MoveList moves;
  pos.legal_moves(moves);
  std::uint64_t nodes = 0;
  if (depth == 2) {
    for (Move m : moves) nodes += pos.after(m).count_legal_moves();
    return nodes;
  }
  for (Move m : moves) nodes += perft_inner(pos.after(m), depth - 1);
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return pos.count_legal_moves();
  return perft_inner(pos, depth);
}

std::vector<PerftDivideEntry> perft_divide(const Position& pos, int depth) {
  std::vector<PerftDivideEntry> out;
  if (depth <= 0) return out;
  for (Move m : pos.legal_moves()) out.push_back({m, perft(pos.after(m), depth - 1)});
  return out;
}

}  // namespace corrchess::chess
