// PGN (Portable Game Notation) in and out, for standard chess and Chess960.
//
// Reading is lenient about layout (UTF-8 BOM, missing or extra blank lines, move numbers
// glued to moves, comments anywhere, NAGs, variations, a missing termination marker) and
// strict about chess: every move is looked up in the legal-move list. A game that cannot be
// read comes back as an Error for that game (kInvalidPgn with the reason, or
// kUnsupportedVariant for a non-chess variant such as crazyhouse or antichess) and reading
// goes on with the next game. Variations are skipped; null moves make the game unreadable.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"

namespace corrchess::chess {

struct PgnTag {
  std::string name;
  std::string value;
};

struct PgnMove {
  Move move;
  std::string text;       // the move as written in the movetext (reader only)
  std::vector<int> nags;  // $n after the move; glyphs written as own tokens (!, ?!, ...) too
  std::string comment;    // the comments after the move, joined with one space
};

struct PgnGame {
  std::vector<PgnTag> tags;  // in file order (reader); any order (writer)
  Position start = Position::startpos();
  std::vector<PgnMove> moves;
  std::string comment;       // comment before the first move
  std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"

  // Value of the first tag with this exact name, if any.
  std::optional<std::string> tag(std::string_view name) const;
  // Sets (replaces, or appends) a tag.
  void set_tag(std::string_view name, std::string value);
  // The moves without their annotations.
  std::vector<Move> move_list() const;
  // The position after all moves (the moves are legal by construction of the reader).
  Position final_position() const;
};

// Reads the games of a PGN text one by one. The text must outlive the reader.
class PgnReader {
 public:
  explicit PgnReader(std::string_view text);

  // The next game, or the Error that makes it unreadable; std::nullopt at the end of the
  // text. After an error the reader carries on with the following game.
  std::optional<Result<PgnGame>> next();

  // How many games (read or refused) next() has returned so far.
  int games_seen() const { return game_number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int game_number_ = 0;
};

// Every game of a PGN text, each one read or refused.
std::vector<Result<PgnGame>> read_pgn(std::string_view text);

// Exactly one game (kInvalidPgn when the text holds no game or more than one).
Result<PgnGame> read_single_pgn(std::string_view text);

// One tag line as the reader reads it: [Name "value"] (surrounding whitespace allowed, an
// escaped quote or backslash unescaped); std::nullopt when the line is not a tag.
std::optional<PgnTag> parse_pgn_tag_line(std::string_view line);

// Reads a PGN Variant tag value: false for standard chess ("", "Standard", "From Position",
// ...), true for Chess960 ("Chess960", "fischerandom", "Fischer Random", ...), and
// kUnsupportedVariant for anything else (crazyhouse, antichess, atomic, ...).
Result<bool> is_chess960_variant(std::string_view variant);

// Standard PGN export: the Seven Tag Roster first (missing ones as "?", Result from
// game.result), then Variant "Chess960" / SetUp "1" / FEN when the game does not start from
// the standard array, then the other tags in their order; SAN movetext with move numbers,
// NAGs and {comments} (a '}' inside a comment becomes ')'), wrapped at 80 columns, and the
// result. Ends with a newline; separate several games with one blank line.
// kIllegalMove if a move is not legal in its position (nothing is written then).
Result<std::string> write_pgn(const PgnGame& game);

}  // namespace corrchess::chess
