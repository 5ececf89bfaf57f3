#include "tests/support/helpmate_oracle.h"

namespace corrchess::testing {

using chess::Color;
using chess::Move;
using chess::MoveList;
using chess::Position;

bool brute_force_helpmate(const Position& p, Color winner, int plies) {
  const MoveList moves = p.legal_moves();
  if (moves.empty()) return p.in_check() && p.side_to_move() != winner;
  if (plies == 0) return false;
  for (Move m : moves)
    if (brute_force_helpmate(p.after(m), winner, plies - 1)) return true;
  return false;
}

bool short_helpmate_exists(const Position& p, Color winner) {
  const int depth = p.count_legal_moves() <= 12 ? 4 : 3;
  return brute_force_helpmate(p, winner, depth);
}

Position random_playout(const Position& start, std::mt19937& rng, int plies,
                        const PlayoutStep& on_step) {
  Position p = start;
  for (int ply = 0; ply < plies; ++ply) {
    const MoveList moves = p.legal_moves();
    if (moves.empty()) break;
    p.play(moves[rng() % moves.size()]);
    if (on_step) on_step(p, ply);
  }
  return p;
}

}  // namespace corrchess::testing
