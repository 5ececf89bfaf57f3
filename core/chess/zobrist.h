// Zobrist hashing keys: fixed pseudo-random 64-bit numbers, computed at compile time from a
// fixed seed so keys are identical across builds and processes (safe to store).
#pragma once

#include <array>
#include <cstdint>

#include "core/chess/types.h"

namespace corrchess::chess::zobrist {

namespace detail {

// splitmix64: a small, well-mixed generator; each call advances the state.
constexpr std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::uint64_t, 64>, 16> piece{};   // indexed by Piece value, square
  std::array<std::array<std::uint64_t, 8>, 4> castling{};  // by right index, rook file
  std::array<std::uint64_t, 8> ep_file{};
  std::uint64_t side = 0;  // xored in when Black is to move
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t state = 0x636F7272636865ULL;  // "corrche"
  for (auto& row : k.piece)
    for (auto& v : row) v = next(state);
  for (int p = 0; p < 16; ++p) {
    // Empty squares hash to nothing, so kNoPiece (0) and the unused codes 7, 8, 15 get 0.
    if (p == 0 || p == 7 || p == 8 || p == 15) k.piece[p].fill(0);
  }
  for (auto& right : k.castling)
    for (auto& v : right) v = next(state);
  for (auto& v : k.ep_file) v = next(state);
  k.side = next(state);
  return k;
}

}  // namespace detail

inline constexpr detail::Keys kKeys = detail::make_keys();

// Key of piece p standing on square s (0 for kNoPiece).
constexpr std::uint64_t piece(Piece p, Square s) { return kKeys.piece[static_cast<int>(p)][s]; }
// Key of castling right `right_index` (0..3 = bit of CastlingRight) with its rook on `file`;
// a position's castling key is the xor over its rights, so the rook file is part of identity.
constexpr std::uint64_t castling(int right_index, int file) {
  return kKeys.castling[right_index][file];
}
// Key of an en-passant file (0 = a), used only when an en-passant capture is legal.
constexpr std::uint64_t en_passant(int file) { return kKeys.ep_file[file]; }
// Key xored in when Black is to move.
constexpr std::uint64_t side() { return kKeys.side; }

}  // namespace corrchess::chess::zobrist
