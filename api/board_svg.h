// A chess position drawn as a standalone SVG picture: an 8x8 board with file letters and
// rank numbers, the pieces as Unicode chess glyphs in <text> elements, the last move's
// squares highlighted and the king in check marked. Pure: no I/O, same input, same bytes.
//
// Every square is a <rect class="square light|dark ..." data-square="e4">, every piece a
// <text class="piece" data-square="e4" data-piece="wK"> (w/b + K Q R B N P), so clients
// and tests can find them without parsing coordinates.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::api {

struct BoardSvgOptions {
  // Black at the bottom (files h..a left to right, rank 1 at the top).
  bool flip = false;
  // The last move's from and to squares, highlighted.
  std::optional<std::pair<chess::Square, chess::Square>> last_move;
  // Side length of one square in SVG user units.
  int square_size = 45;
};

std::string render_board_svg(const chess::Position& position, const BoardSvgOptions& options = {});

// The from/to squares of a UCI move text ("e2e4", "e7e8q"); nullopt when unreadable.
std::optional<std::pair<chess::Square, chess::Square>> uci_squares(std::string_view uci);

}  // namespace corrchess::api
