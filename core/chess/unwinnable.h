// Dead positions and unwinnability (ICCF Art. 5.2.2 and 6.7): can a side still checkmate by
// *some* sequence of legal moves, both sides cooperating (a helpmate)?
//
// The analysis is sound: kUnwinnable is returned only with a proof (material, a permanently
// frozen pawn structure in which no mate can ever be set up, the tempo argument of
// tempo_structure.h, or an exhaustive enumeration of every reachable position); kWinnable always
// comes with a helpmate line that was replayed to checkmate; kUndetermined means the node budget
// ran out first.
#pragma once

#include <cstdint>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

enum class Winnability { kWinnable, kUnwinnable, kUndetermined };

// How much work one analysis may do, in positions visited (all searches together). Peak
// memory is roughly 100 bytes per node (best-first phase capped at 500k stored positions).
struct AnalysisBudget {
  static constexpr std::uint64_t kDefaultNodes = 3'000'000;
  std::uint64_t max_nodes = kDefaultNodes;
};

struct WinnabilityResult {
  Winnability verdict = Winnability::kUndetermined;
  // For kWinnable: legal moves from the analysed position ending in checkmate of the
  // opponent (empty when the opponent is already checkmated). Empty otherwise.
  std::vector<Move> helpmate;
  std::uint64_t nodes = 0;
};

// Cheap verdict for every accepted move: material, lone-minor-force and frozen-structure
// proofs, plus a small helpmate probe in positions of at most five men. kUnknown means "ask
// analyse_winnability".
enum class QuickVerdict { kWinnable, kUnwinnable, kUnknown };

// Fast path (bounded, small constant work): instant kUnwinnable for dead material or a
// provably frozen structure, kWinnable when a short helpmate is found at once.
QuickVerdict quick_check(const Position& pos, Color side);

// Full analysis of whether `side` can still checkmate in pos by any legal sequence of moves.
// Never kUnwinnable without proof; kUndetermined only when the budget is exhausted.
WinnabilityResult analyse_winnability(const Position& pos, Color side,
                                      const AnalysisBudget& budget = {});

// Both sides' verdicts (Art. 5.2.2 needs both). Each side gets the full budget.
struct DeadPositionResult {
  WinnabilityResult white;
  WinnabilityResult black;
  // True only when both sides are proven kUnwinnable.
  bool dead() const {
    return white.verdict == Winnability::kUnwinnable && black.verdict == Winnability::kUnwinnable;
  }
};
DeadPositionResult analyse_dead_position(const Position& pos, const AnalysisBudget& budget = {});

// True only when it is proven that neither side can ever checkmate (the game ends as a draw).
// An undetermined analysis answers false: a live game is never ended on a guess.
bool is_dead_position(const Position& pos, const AnalysisBudget& budget = {});

// True when replaying `line` from pos is legal move by move and ends in checkmate of the
// opponent of `side` (side's opponent to move and mated). Used to verify helpmate proofs.
bool is_helpmate_line(const Position& pos, Color side, const std::vector<Move>& line);

}  // namespace corrchess::chess
