#include "core/chess/unwinnable.h"

#include <algorithm>

#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate.h"

namespace corrchess::chess {
namespace {

// quick_check's probe: helpmates this short are found in a few thousand nodes.
constexpr int kQuickProbePlies = 4;
constexpr std::uint64_t kQuickProbeNodes = 4'000;
// analyse_winnability: a short iterative-deepening phase (open positions), a greedy
// best-first phase (long helpmates in endings), then the exhaustive enumeration (proofs).
constexpr int kShortPlies = 7;
constexpr std::uint64_t kShortShareDivisor = 4;
constexpr std::uint64_t kBestFirstShareDivisor = 2;
// The best-first phase keeps every generated position in memory (~200 bytes each).
constexpr std::uint64_t kBestFirstMaxNodes = 500'000;

// Verdict for a position with no legal moves (the game is already over).
Winnability terminal_verdict(const Position& pos, Color side) {
  return pos.in_check() && pos.side_to_move() != side ? Winnability::kWinnable
                                                      : Winnability::kUnwinnable;
}

// Accepts a found line only after replaying it (defence in depth for the proof).
bool accept_line(const Position& pos, Color side, const HelpmateSearchResult& found,
                 WinnabilityResult& out) {
  if (found.outcome != SearchOutcome::kMateFound || !is_helpmate_line(pos, side, found.line))
    return false;
  out.verdict = Winnability::kWinnable;
  out.helpmate = found.line;
  return true;
}

}  // namespace

bool is_helpmate_line(const Position& pos, Color side, const std::vector<Move>& line) {
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    p.play(m);
  }
  return p.side_to_move() != side && p.is_checkmate();
}

QuickVerdict quick_check(const Position& pos, Color side) {
  if (pos.count_legal_moves() == 0)
    return terminal_verdict(pos, side) == Winnability::kWinnable ? QuickVerdict::kWinnable
                                                                 : QuickVerdict::kUnwinnable;
  if (statically_unwinnable(pos, side)) return QuickVerdict::kUnwinnable;
  const auto probe = find_helpmate(pos, side, kQuickProbePlies, kQuickProbeNodes);
  if (probe.outcome == SearchOutcome::kMateFound && is_helpmate_line(pos, side, probe.line))
    return QuickVerdict::kWinnable;
  return QuickVerdict::kUnknown;
}

WinnabilityResult analyse_winnability(const Position& pos, Color side,
                                      const AnalysisBudget& budget) {
  WinnabilityResult out;
  if (pos.count_legal_moves() == 0) {
    out.verdict = terminal_verdict(pos, side);
    out.nodes = 1;
    return out;
  }
  if (statically_unwinnable(pos, side)) {
    out.verdict = Winnability::kUnwinnable;
    out.nodes = 1;
    return out;
  }
  const std::uint64_t total = std::max<std::uint64_t>(budget.max_nodes, 1);
  auto remaining = [&] { return total > out.nodes ? total - out.nodes : 0; };

  const auto short_search = find_helpmate(pos, side, kShortPlies, total / kShortShareDivisor);
  out.nodes += short_search.nodes;
  if (accept_line(pos, side, short_search, out)) return out;

  const auto greedy = best_first_helpmate(
      pos, side, std::min<std::uint64_t>(remaining() / kBestFirstShareDivisor, kBestFirstMaxNodes));
  out.nodes += greedy.nodes;
  if (accept_line(pos, side, greedy, out)) return out;
  if (greedy.outcome == SearchOutcome::kNoMate) {
    out.verdict = Winnability::kUnwinnable;
    return out;
  }

  const auto explored = explore_all(pos, side, remaining());
  out.nodes += explored.nodes;
  if (accept_line(pos, side, explored, out)) return out;
  if (explored.outcome == SearchOutcome::kNoMate) {
    out.verdict = Winnability::kUnwinnable;
    return out;
  }
  out.verdict = Winnability::kUndetermined;
  return out;
}

DeadPositionResult analyse_dead_position(const Position& pos, const AnalysisBudget& budget) {
  DeadPositionResult r;
  r.white = analyse_winnability(pos, Color::kWhite, budget);
  r.black = analyse_winnability(pos, Color::kBlack, budget);
  return r;
}

bool is_dead_position(const Position& pos, const AnalysisBudget& budget) {
  for (Color side : {Color::kWhite, Color::kBlack}) {
    const QuickVerdict quick = quick_check(pos, side);
    if (quick == QuickVerdict::kWinnable) return false;
    if (quick == QuickVerdict::kUnwinnable) continue;
    if (analyse_winnability(pos, side, budget).verdict != Winnability::kUnwinnable) return false;
  }
  return true;
}

}  // namespace corrchess::chess
