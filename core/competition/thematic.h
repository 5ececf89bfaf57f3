// Thematic openings (rules.md 6.8): every game of a thematic section starts from the same
// position, given by the director as a FEN or as the opening's moves in SAN. Pure function;
// worked examples in tests/unit/thematic_test.cpp.
#pragma once

#include <string>
#include <string_view>

#include "core/error.h"

namespace corrchess::competition {

// The position a thematic opening reaches, as a FEN (standard chess). `opening` is either a
// FEN (recognised by its '/') or SAN moves from the start position, with optional move
// numbers ("1. e4 e5 2. Nf3", "1.d4 Nf6 2.c4 e6 3.Nc3 Bb4", "e4 c5"); a result marker
// ("*", "1-0", ...) ends nothing and is refused. Errors: kInvalidFen for a bad FEN,
// kIllegalMove / kAmbiguousMove / kInvalidNotation naming the move number for a bad move,
// kValidationError for an empty opening, more than 60 moves, or a position where the game
// would already be over (no legal move: mate or stalemate). Whether the position is dead is
// checked when the games are prepared (app::prepare_game), which refuses it too.
Result<std::string> opening_position(std::string_view opening);

}  // namespace corrchess::competition
