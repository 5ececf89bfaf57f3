#include "core/chess/unwinnable.h"

#include <algorithm>

#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate.h"
#include "core/chess/verdict_char.h"

namespace corrchess::chess {
namespace {

// quick_check's probe, only in positions with few men (where it is cheap): helpmates this
// short are found in a few hundred nodes.
constexpr int kQuickProbeMaxMen = 5;
constexpr int kQuickProbePlies = 4;
constexpr std::uint64_t kQuickProbeNodes = 400;
// analyse_winnability runs these searches in order, cheapest first, until one finds a mate
// (or a best-first search exhausts the reachable set: a proof), then the exhaustive
// enumeration with what is left of the budget. The order and sizes were tuned by instruction
// counts (valgrind --tool=callgrind) on real positions (bench/unwinnable's lichess games and
// lichess timeout positions, checked on the engine games of tests/data/pgn): the
// progress-extended search (full width, moves toward a mate in a corner for free) settles
// over 99% of them in about a thousand nodes, middlegames and long endgame manoeuvres alike
// (a narrow forward-pruned probe before it cost more than it saved); a full-width 4-ply search
// then catches the short helpmates of full boards that need the defender to open lines to its
// own king (after 1.a3: 1...f6 2.e4 g5 3.Qh5#, 1 ms instead of 45); forward-pruned profiles
// find the other short helpmates of open positions, and the two best-first guides take turns
// with growing budgets: the defending king's mating net finds the longer helpmates of
// middlegames, the corner-and-promotion guide the long manoeuvres of endings.
struct Phase {
  enum Kind { kPruned, kBestFirst, kProgress } kind;
  std::uint64_t nodes;
  int plies = 0;                                     // kPruned
  int winner_width = 0;                              // kPruned
  int loser_width = 0;                               // kPruned
  BestFirstGuide guide = BestFirstGuide::kProgress;  // kBestFirst
  std::uint64_t iteration_nodes = 0;                 // kProgress
};
constexpr Phase kPhases[] = {
    {Phase::kProgress, 20'000, 0, 0, 0, BestFirstGuide::kProgress, 10'000},
    {Phase::kPruned, 5'000, 4, 255, 255},  // full width
    {Phase::kPruned, 1'000, 9, 4, 3},
    {Phase::kBestFirst, 3'000, 0, 0, 0, BestFirstGuide::kProgressAndNet},
    {Phase::kBestFirst, 3'000, 0, 0, 0, BestFirstGuide::kProgress},
    {Phase::kPruned, 3'000, 7, 12, 2},
    {Phase::kPruned, 3'000, 7, 2, 12},
    {Phase::kBestFirst, 20'000, 0, 0, 0, BestFirstGuide::kProgressAndNet},
    {Phase::kBestFirst, 20'000, 0, 0, 0, BestFirstGuide::kProgress},
    {Phase::kPruned, 20'000, 11, 8, 5},
    {Phase::kBestFirst, 150'000, 0, 0, 0, BestFirstGuide::kProgressAndNet},
    {Phase::kBestFirst, 300'000, 0, 0, 0, BestFirstGuide::kProgress},
};

// What the last best-first search keeps of a large budget (analyse_winnability).
constexpr std::uint64_t kLastGuideNodes = 1'200'000;

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

  for (const Phase& phase : kPhases) {
    // The progress search proves nothing: it never takes more than half of what is left, so
    // that a small budget still reaches the searches that can prove (best-first, exhaustive).
    const std::uint64_t cap =
        std::min(phase.nodes, phase.kind == Phase::kProgress ? remaining() / 2 : remaining());
    if (cap == 0) continue;
    const auto found =
        phase.kind == Phase::kPruned     ? find_helpmate_pruned(pos, side, phase.plies, cap,
                                                                phase.winner_width, phase.loser_width)
        : phase.kind == Phase::kProgress ? progress_helpmate(pos, side, cap, phase.iteration_nodes)
                                         : best_first_helpmate(pos, side, cap, phase.guide);
    out.nodes += found.nodes;
    if (accept_line(pos, side, found, out)) return out;
    if (phase.kind == Phase::kBestFirst && found.outcome == SearchOutcome::kNoMate) {
      out.verdict = Winnability::kUnwinnable;  // the reachable set was exhausted
      return out;
    }
  }

  // With a large enough budget, part of it is kept for a last, longer best-first search that
  // runs only when the enumeration ran out: long helpmates behind locked pawn walls, with
  // many bishops (the hard set's, 600k to 1.1M nodes), are out of reach of the phases above
  // and of the enumeration's blind order. Positions that the enumeration settles (dead
  // positions of real games) never pay for it.
  const std::uint64_t reserve = remaining() >= 2 * kLastGuideNodes ? kLastGuideNodes : 0;
  const auto explored = explore_all(pos, side, remaining() - reserve);
  out.nodes += explored.nodes;
  if (accept_line(pos, side, explored, out)) return out;
  if (explored.outcome == SearchOutcome::kNoMate) {
    out.verdict = Winnability::kUnwinnable;
    return out;
  }
  if (remaining() > 0) {
    const auto found = best_first_helpmate(pos, side, remaining(), BestFirstGuide::kProgressAndNet);
    out.nodes += found.nodes;
    if (accept_line(pos, side, found, out)) return out;
    if (found.outcome == SearchOutcome::kNoMate) {
      out.verdict = Winnability::kUnwinnable;  // the reachable set was exhausted
      return out;
    }
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

char verdict_char(Winnability w, char winnable) {
  switch (w) {
    case Winnability::kWinnable: return winnable;
    case Winnability::kUnwinnable: return '-';
    case Winnability::kUndetermined: return '?';
  }
  return '?';
}

}  // namespace corrchess::chess
