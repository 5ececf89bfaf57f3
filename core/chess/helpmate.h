// Helpmate searches: both sides cooperate so that `winner` checkmates its opponent.
//  - find_helpmate: iterative-deepening depth-first search with a transposition table and
//    move ordering toward mate (finds short helpmates in open positions).
//  - explore_all: depth-first enumeration of every position reachable from the root, each
//    remembered exactly (no hash-collision risk), closed early by the static proofs. It either
//    meets a mate (a helpmate line), or exhausts the reachable set (a proof that none exists),
//    or runs out of nodes.
#pragma once

#include <cstdint>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

enum class SearchOutcome { kMateFound, kNoMate, kBudgetExhausted };

struct HelpmateSearchResult {
  SearchOutcome outcome = SearchOutcome::kBudgetExhausted;
  std::vector<Move> line;  // for kMateFound: from the root to the mating move
  std::uint64_t nodes = 0;
};

// Iterative deepening up to max_plies (inclusive) or max_nodes. kNoMate here only means
// "none within max_plies", never that the side cannot mate.
HelpmateSearchResult find_helpmate(const Position& root, Color winner, int max_plies,
                                   std::uint64_t max_nodes);

// Iterative deepening that searches only the `winner_width` / `loser_width` most promising
// moves of each side (cheap ordering, no move played to score it): finds the short
// helpmates of open positions in a few hundred nodes. Never a proof of anything when it fails.
HelpmateSearchResult find_helpmate_pruned(const Position& root, Color winner, int max_plies,
                                          std::uint64_t max_nodes, int winner_width,
                                          int loser_width);

// Greedy best-first search over reachable positions, nearest-looking to a mating net first
// (finds long helpmates in simple endings). Stores every position it generates: keep
// max_nodes moderate. kNoMate means the reachable set was exhausted: a proof.
// kProgress: the defending king near a corner, the winner's men near it, pawns advanced.
// kProgressAndNet: also the defending king's free flight squares and whether it is in check
// (better in middlegames, where mates come from nets of many men).
enum class BestFirstGuide { kProgress, kProgressAndNet };
HelpmateSearchResult best_first_helpmate(const Position& root, Color winner,
                                         std::uint64_t max_nodes,
                                         BestFirstGuide guide = BestFirstGuide::kProgress);

// Full-width iterative deepening in which moves toward a mate in a chosen corner (the loser's
// king to the corner, its men beside it, the winner's men to it, the winner's captures and
// advanced pawn pushes) cost no depth and captures by the loser cost more; each iteration
// stops after iteration_nodes. Finds long helpmates of endings and short ones of open
// positions quickly; never a proof when it fails.
HelpmateSearchResult progress_helpmate(const Position& root, Color winner, std::uint64_t max_nodes,
                                       std::uint64_t iteration_nodes = 10'000);

// Exhaustive search of the reachable positions. kNoMate is a proof that `winner` can never
// checkmate from root.
HelpmateSearchResult explore_all(const Position& root, Color winner, std::uint64_t max_nodes);

}  // namespace corrchess::chess
