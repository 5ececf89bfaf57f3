#include "core/chess/unwinnable.h"

#include <algorithm>

#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate.h"

namespace corrchess::chess {
namespace {

// quick_check's probe, only in positions with few men (where it is cheap): helpmates this
// short are found in a few hundred nodes.
constexpr int kQuickProbeMaxMen = 5;
constexpr int kQuickProbePlies = 4;
constexpr std::uint64_t kQuickProbeNodes = 400;
// analyse_winnability, cheapest first: a forward-pruned search for the short helpmates of open
// positions (most positions of real games), a capped best-first search (long helpmates of
// simple endings), a wider pruned search; then the full-width phases below.
struct PrunedPhase {
  int plies;
  std::uint64_t nodes;
  int winner_width;
  int loser_width;
};
constexpr PrunedPhase kPrunedPhases[] = {{9, 1'500, 4, 3}, {11, 20'000, 8, 5}};
constexpr std::uint64_t kEarlyBestFirstNodes = 30'000;
// analyse_winnability: a short iterative-deepening phase (open positions), a greedy
// best-first phase (long helpmates in endings), then the exhaustive enumeration (proofs).
constexpr int kShortPlies = 7;
constexpr std::uint64_t kShortShareDivisor = 4;
constexpr std::uint64_t kShortMaxNodes = 100'000;
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
  if (pos.men_count() > kQuickProbeMaxMen) return QuickVerdict::kUnknown;
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

  auto pruned_phase = [&](const PrunedPhase& phase) {
    const auto pruned =
        find_helpmate_pruned(pos, side, phase.plies, std::min(phase.nodes, remaining()),
                             phase.winner_width, phase.loser_width);
    out.nodes += pruned.nodes;
    return accept_line(pos, side, pruned, out);
  };
  // Best-first search over a small share first (long helpmates of simple endings).
  auto best_first_phase = [&](std::uint64_t cap, int depth_weight) {
    const auto greedy = best_first_helpmate(pos, side, std::min(cap, remaining()), depth_weight);
    out.nodes += greedy.nodes;
    if (accept_line(pos, side, greedy, out)) return true;
    if (greedy.outcome == SearchOutcome::kNoMate) {
      out.verdict = Winnability::kUnwinnable;
      return true;
    }
    return false;
  };
  if (pruned_phase(kPrunedPhases[0])) return out;
  if (best_first_phase(kEarlyBestFirstNodes, 0)) return out;
  if (pruned_phase(kPrunedPhases[1])) return out;

  const auto short_search =
      find_helpmate(pos, side, kShortPlies,
                    std::min(kShortMaxNodes, std::min(total / kShortShareDivisor, remaining())));
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
