// Bitboard helpers and precomputed attack tables (magic bitboards for sliders).
// Tables are filled once by init_bitboards(); Position's factories call it, and a
// static initializer in bitboard.cpp calls it before main(), so lookups never need a check.
#pragma once

#include <bit>
#include <cstdint>

#include "core/chess/types.h"

namespace corrchess::chess {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
inline constexpr Bitboard kLightSquares = ~kDarkSquares;

// The bitboard of all squares on file f (0 = a) / rank r (0 = first rank).
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }
// Rank r as seen from colour c's side (relative_rank_bb(kBlack, 0) is the eighth rank).
constexpr Bitboard relative_rank_bb(Color c, int r) {
  return rank_bb(c == Color::kWhite ? r : 7 - r);
}

// Number of set squares.
[[gnu::always_inline]] inline int popcount(Bitboard b) { return std::popcount(b); }
// Lowest set square; precondition b != 0.
[[gnu::always_inline]] inline Square lsb(Bitboard b) {
  return static_cast<Square>(std::countr_zero(b));
}
// Removes and returns the lowest set square; precondition b != 0.
[[gnu::always_inline]] inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
// True when b has more than one set square.
[[gnu::always_inline]] constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts every square one step "forward" for colour c (north for White, south for Black).
template <Color C>
[[gnu::always_inline]] constexpr Bitboard pawn_push(Bitboard b) {
  return C == Color::kWhite ? b << 8 : b >> 8;
}
// Squares attacked by pawns of colour C standing on the squares of b (set-wise).
template <Color C>
[[gnu::always_inline]] constexpr Bitboard pawn_attacks_west(Bitboard b) {
  return C == Color::kWhite ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
}
template <Color C>
[[gnu::always_inline]] constexpr Bitboard pawn_attacks_east(Bitboard b) {
  return C == Color::kWhite ? (b & ~kFileH) << 9 : (b & ~kFileH) >> 7;
}

namespace detail {

// One slider lookup: attacks = table[((occ & mask) * magic) >> shift].
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* table;
  unsigned shift;
};

extern Bitboard pawn_table[2][64];
extern Bitboard knight_table[64];
extern Bitboard king_table[64];
extern Bitboard between_table[64][64];
extern Bitboard line_table[64][64];
extern Magic bishop_magics[64];
extern Magic rook_magics[64];

[[gnu::always_inline]] inline Bitboard magic_lookup(const Magic& m, Bitboard occ) {
  return m.table[((occ & m.mask) * m.magic) >> m.shift];
}

}  // namespace detail

// Fills the attack tables; idempotent and cheap after the first call.
void init_bitboards();

// Squares a pawn of colour c on s attacks.
[[gnu::always_inline]] inline Bitboard pawn_attacks(Color c, Square s) {
  return detail::pawn_table[index(c)][s];
}
// Squares a knight / king on s attacks.
[[gnu::always_inline]] inline Bitboard knight_attacks(Square s) { return detail::knight_table[s]; }
[[gnu::always_inline]] inline Bitboard king_attacks(Square s) { return detail::king_table[s]; }
// Squares a bishop / rook / queen on s attacks given the occupancy occ (first blocker included).
[[gnu::always_inline]] inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  return detail::magic_lookup(detail::bishop_magics[s], occ);
}
[[gnu::always_inline]] inline Bitboard rook_attacks(Square s, Bitboard occ) {
  return detail::magic_lookup(detail::rook_magics[s], occ);
}
[[gnu::always_inline]] inline Bitboard queen_attacks(Square s, Bitboard occ) {
  return bishop_attacks(s, occ) | rook_attacks(s, occ);
}
// Squares a piece of type t (knight to king) on s attacks given the occupancy occ; empty for
// pawns, whose attacks depend on their colour (pawn_attacks) and for kNone.
[[gnu::always_inline]] inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occ) {
  switch (t) {
    case PieceType::kKnight: return knight_attacks(s);
    case PieceType::kBishop: return bishop_attacks(s, occ);
    case PieceType::kRook: return rook_attacks(s, occ);
    case PieceType::kQueen: return queen_attacks(s, occ);
    case PieceType::kKing: return king_attacks(s);
    case PieceType::kPawn:
    case PieceType::kNone: return 0;
  }
  return 0;
}
// Squares attacked by any of the pawns of colour c in `pawns`.
[[gnu::always_inline]] inline Bitboard pawn_set_attacks(Color c, Bitboard pawns) {
  return c == Color::kWhite
             ? pawn_attacks_west<Color::kWhite>(pawns) | pawn_attacks_east<Color::kWhite>(pawns)
             : pawn_attacks_west<Color::kBlack>(pawns) | pawn_attacks_east<Color::kBlack>(pawns);
}
// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
[[gnu::always_inline]] inline Bitboard between(Square a, Square b) {
  return detail::between_table[a][b];
}
// The whole rank, file or diagonal through a and b (both included); empty if not aligned.
[[gnu::always_inline]] inline Bitboard line(Square a, Square b) { return detail::line_table[a][b]; }

}  // namespace corrchess::chess
