// A repertoire as conditional moves (rules.md §2.5, docs/api.md "Importing a repertoire"):
// a PGN text (several games, variations, comments, NAGs, move numbers) read as the
// conditional tree of one player in one game, from the game's current position.
//
// Every line of the PGN (the main line of a game, and each variation with the moves before
// it, main line first, then the variations in the order written) is taken on its own:
//   - it starts at the PGN game's start (the FEN tag, else the standard array); that
//     position must be one the game passed through (the latest such ply is taken, so a FEN
//     equal to the current position starts there), and from there the line must follow the
//     game's own moves up to the current position. A line that diverges before it, ends
//     before it or starts elsewhere is skipped (counted, nothing reported per line);
//   - from the current position on, the moves alternate: the opponent's, then the owner's
//     reply. Every move must be legal (else reported as illegal with its place; the line
//     keeps the replies before it). A trailing opponent move without a reply is dropped;
//   - the tree keeps one reply per opponent move: a later line with another reply to the
//     same opponent move is a conflict, reported; the first reply (in the order above) is
//     kept and the later line stops there. Alternative opponent moves become branches;
//   - the caps of store_conditional: a line longer than kMaxConditionalLinePlies plies from
//     the current position is cut to that many (an even number), and a line that would be
//     the kMaxConditionalLines + 1st of the tree stops where it would branch; both counted.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/game_record.h"
#include "core/game/conditional.h"
#include "core/game/game.h"

namespace corrchess::game {

// A move of the PGN that is not legal (or not readable) in its position.
struct RepertoireIllegalMove {
  int game = 0;                     // 1-based, in the PGN text
  int line = 0;                     // place in the text, 1-based
  int column = 0;                   // 1-based
  std::string move;                 // as written
  std::string reason;               // why it cannot be played
  std::vector<std::string> before;  // the moves of its line before it, as written
};

// Two replies to the same opponent move.
struct RepertoireConflict {
  int game = 0;  // of the reply dropped
  int line = 0;  // place of the reply dropped
  int column = 0;
  std::vector<std::string> after;  // SAN from the current position, ending with the opponent's
  std::string kept;                // SAN reply kept (the first)
  std::string dropped;             // SAN reply dropped
};

struct RepertoireCounts {
  int games = 0;            // PGN games read
  int lines_read = 0;       // PGN lines (main lines and variations)
  int lines_imported = 0;   // lines with at least one reply in the tree
  int lines_skipped = 0;    // lines that do not reach a reply after the current position
  int lines_rejected = 0;   // lines stopped before their first reply (illegal, conflict, cap)
  int illegal_moves = 0;    // distinct illegal moves (RepertoirePreview::illegal)
  int conflicts = 0;        // distinct conflicts (RepertoirePreview::conflicts)
  int cut_by_line_cap = 0;  // lines stopped by kMaxConditionalLines
  int cut_by_ply_cap = 0;   // lines cut to kMaxConditionalLinePlies
  bool operator==(const RepertoireCounts&) const = default;
};

struct RepertoirePreview {
  ConditionalTree tree;
  std::vector<ConditionalLine> lines;  // the tree as UCI lines (tree.lines())
  RepertoireCounts counts;
  std::vector<RepertoireIllegalMove> illegal;
  std::vector<RepertoireConflict> conflicts;
};

// More lines than this in the PGN (main lines and variations together) are refused
// (kValidationError): the work of reading grows with them.
inline constexpr int kMaxRepertoirePgnLines = 5000;

// The repertoire `pgn` read for `owner` in the game whose moves are `record` (from its
// initial position; the current position is record.current(), where the opponent of
// `owner` must be to move: else kValidationError). kInvalidPgn (with members line and
// column) when the text cannot be read, or a FEN tag is not a position;
// kUnsupportedVariant for a Variant tag of another game than chess.
Result<RepertoirePreview> read_repertoire(const chess::GameRecord& record, Color owner,
                                          std::string_view pgn);

// read_repertoire on a game in play: kGameOver when it is over (or waits for adjudication).
Result<RepertoirePreview> import_repertoire(const Game& game, Color owner, std::string_view pgn);

}  // namespace corrchess::game
