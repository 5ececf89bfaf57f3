// What the server can prove about a game's position, for the director who decides it
// (rules.md 6.5 "The director's evidence"): the tablebase's verdict, each side's dead-position
// verdict, the repetition record and the fifty-move counter, whether a line a player claims
// is legal, and a suggested decision when the proof is complete. Pure functions over the
// record and the oracles; worked examples in tests/unit/evidence_test.cpp.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/game_record.h"
#include "core/chess/unwinnable.h"
#include "core/game/facts.h"
#include "core/game/oracles.h"

namespace corrchess::game {

// The most men a Syzygy table holds (a position with more is never probed).
inline constexpr int kTablebaseMaxMen = 7;

enum class TablebaseStatus {
  kTooManyMen,   // more than kTablebaseMaxMen men: no table applies
  kUnavailable,  // the table needed is not installed (or the position has castling rights)
  kProbed,       // `wdl` (and `dtz` when the DTZ table is there) hold the table's answer
};

// A decision the evidence proves: the result, what proves it and the sentence to show (and
// to store as the reason when the server decides itself).
struct SuggestedDecision {
  GameResult result = GameResult::kDraw;
  std::string basis;  // "tablebase" or "dead_position"
  std::string reason;

  bool operator==(const SuggestedDecision&) const = default;
};

struct PositionEvidence {
  int men = 0;  // kings and pawns included
  Color to_move = Color::kWhite;
  TablebaseStatus tablebase = TablebaseStatus::kTooManyMen;
  std::optional<Wdl> wdl;  // for the side to move
  std::optional<int> dtz;  // plies to zeroing, with the WDL's sign
  // Can each side (by colour index) still checkmate by any legal sequence (rules.md 2.2):
  // kWinnable with a helpmate found, kUnwinnable with a proof, else kUndetermined.
  std::array<chess::Winnability, 2> can_win{chess::Winnability::kUndetermined,
                                            chess::Winnability::kUndetermined};
  int repetitions = 1;               // times the position on the board has stood, this one included
  std::vector<int> repeated_at;      // the plies (0 = start) at which it stood
  int halfmove_clock = 0;            // plies since the last pawn move or capture
  bool threefold_claimable = false;  // the player to move could claim now (rules.md 2.5)
  bool fifty_moves_claimable = false;
  std::optional<SuggestedDecision> suggestion;  // only when the proof is complete

  bool operator==(const PositionEvidence&) const = default;
};

// The evidence on the position the record stands at. The tablebase is probed with at most
// kTablebaseMaxMen men; a cursed win counts as a win and a blessed loss as a loss, as for
// tablebase claims (rules.md 2.5). Each side's verdict comes from oracles.evidence_oracle().
// The suggestion: the tablebase's result when it was probed, else a draw when both sides are
// proven unable to checkmate; none otherwise (a one-sided proof, a repetition or a long quiet
// phase decide nothing by themselves).
PositionEvidence position_evidence(const chess::GameRecord& record, const Oracles& oracles);

// A line of moves a player gives with a claim ("32. Rxe6! fxe6 33. Qxg6+ Kh8 ..."), read from
// the position the record stands at.
struct LineCheck {
  bool given = false;              // the text holds a line (a move-shaped word)
  bool legal = false;              // every move of the line is legal in turn
  std::vector<std::string> moves;  // the legal moves, in SAN as the server writes it
  std::string text;                // those moves with move numbers ("32. Rxe6 fxe6 33. Qxg6+")
  std::optional<std::string> illegal_move;  // the first move that is not legal, as written
  std::string detail;                       // why it is not legal
  std::string ends;     // "checkmate" or "stalemate" when the line ends so, else empty
  int repetitions = 0;  // times the line's last position has stood (game and line), 0: no line

  bool operator==(const LineCheck&) const = default;
};

// Reads the line in `analysis`: it starts at the first word shaped like a move (prose before
// it is skipped) and ends at the first word that is not (prose after it is ignored) or at a
// result ("1-0", "1/2-1/2", "*"). Move numbers ("32.", "32...", "32.Rxe6"), annotation
// glyphs (!, ?, +, #), NAGs ($1), comments ({...}) and variations ((...)) are skipped. Moves
// are SAN read leniently (notation.h parse_san). A move-shaped word that is not legal ends the
// line as illegal.
LineCheck check_claimed_line(const chess::GameRecord& record, std::string_view analysis);

std::string_view to_string(TablebaseStatus status);      // "too_many_men", "unavailable", "probed"
std::string_view to_string(chess::Winnability verdict);  // "winnable", "unwinnable", "undetermined"

}  // namespace corrchess::game
