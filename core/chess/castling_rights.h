// Castling-right helpers shared by the two halves of Position (position.cpp: moves;
// fen.cpp: FEN reading, validation and printing). Not part of the interface.
#pragma once

#include "core/chess/types.h"

namespace corrchess::chess::detail {

// Castling right i (0..3) = 1 << i: colour i / 2, king side when i is even.
constexpr int right_index_of(Color c, bool king_side) { return index(c) * 2 + (king_side ? 0 : 1); }
constexpr bool right_is_king_side(int i) { return (i & 1) == 0; }
constexpr Color right_color(int i) { return static_cast<Color>(i >> 1); }
constexpr int back_rank(Color c) { return c == Color::kWhite ? 0 : 7; }

}  // namespace corrchess::chess::detail
