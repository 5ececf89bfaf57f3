// Board geometry shared by the helpmate searches (helpmate.cpp, helpmate_explore.cpp):
// distances and attack sets used to order and guide them. Internal to core/chess.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "core/chess/bitboard.h"
#include "core/chess/position.h"

namespace corrchess::chess::helpmate_detail {

inline int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

inline int edge_distance(Square s) {
  const int f = file_of(s);
  const int r = rank_of(s);
  return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

// Attacks of a man of type t on s (of colour c for pawns) with occupancy occ.
inline Bitboard attacks_from(PieceType t, Color c, Square s, Bitboard occ) {
  return t == PieceType::kPawn ? pawn_attacks(c, s) : piece_attacks(t, s, occ);
}

// Squares attacked by the men of colour c with occupancy occ.
inline Bitboard attacks_of(const Position& pos, Color c, Bitboard occ) {
  Bitboard a = 0;
  Bitboard b = pos.pieces(c) & ~pos.pieces(c, PieceType::kPawn);
  while (b) {
    const Square s = pop_lsb(b);
    a |= piece_attacks(type_of(pos.piece_on(s)), s, occ);
  }
  return a | pawn_set_attacks(c, pos.pieces(c, PieceType::kPawn));
}

}  // namespace corrchess::chess::helpmate_detail
