// PGN with its variations kept, for reading repertoires (core/game/repertoire.h): the games
// of a text, each with its tags and its movetext as a tree of moves as written (no chess
// checked here), every move with the line and column where it stands in the text.
//
// Layout as the game reader (core/chess/pgn.h) takes it (both read the movetext through
// core/chess/pgn_lexer.h): UTF-8 BOM, move numbers ("12.",
// "12...", glued "12.e4"), {comments} and ;comments anywhere, NAGs ($n) and glyphs (!, ?!,
// ...), %-escape lines, a missing termination marker. Unlike that reader, a syntax error
// makes the whole text unreadable: kInvalidPgn whose detail names the line and column, also
// given as the members `line` and `column` (1-based) of the error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/pgn.h"
#include "core/error.h"

namespace corrchess::chess {

// Where something stands in the text: 1-based line and column (bytes), and the offset.
struct PgnPlace {
  int line = 1;
  int column = 1;
  std::size_t offset = 0;
  bool operator==(const PgnPlace&) const = default;
};

struct PgnTreeMove;
// A sequence of moves: the main line of a game, or one variation.
using PgnSequence = std::vector<PgnTreeMove>;

struct PgnTreeMove {
  std::string text;  // as written, without move number, NAGs and glyphs
  PgnPlace place;
  // Variations written after this move: each replaces it (starts from the position before it).
  std::vector<PgnSequence> variations;
};

struct PgnTreeGame {
  std::vector<PgnTag> tags;
  PgnPlace place;  // where the game starts (its first tag or move)
  PgnSequence moves;

  // Value of the first tag with this exact name, if any.
  std::optional<std::string> tag(std::string_view name) const;
};

// Variations nested deeper than this make the text unreadable (kInvalidPgn).
inline constexpr int kMaxPgnVariationDepth = 64;

// Every game of `text` (a text with no movetext and no tags gives no game).
Result<std::vector<PgnTreeGame>> read_pgn_tree(std::string_view text);

}  // namespace corrchess::chess
