#include "core/chess/helpmate.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/chess/bitboard.h"
#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate_geometry.h"
#include "core/chess/helpmate_keys.h"

namespace corrchess::chess {
namespace {

using namespace helpmate_detail;

constexpr int kNoScore = -1'000'000;  // marks moves that end the game without mate

// What playing m from pos leads to, for a helpmate by `winner`.
struct ScoredMove {
  Move move;
  int score = 0;
  bool mates = false;  // the winner checkmates its opponent with this move
};

// Heuristic value of m (higher is tried first): the winner checks, promotes and brings its
// men toward the defending king; the defender walks its king to the edge and toward the
// winner's king, keeps its pieces next to its king as blockers and avoids capturing.
ScoredMove score_move(const Position& pos, Move m, Color winner) {
  ScoredMove sm{m, 0, false};
  const Position child = pos.after(m);
  const Color mover = pos.side_to_move();
  // Only a check can end the game usefully; stalemates are left to the search below.
  if (child.in_check() && child.count_legal_moves() == 0) {
    sm.mates = mover == winner;
    sm.score = sm.mates ? 1'000'000 : kNoScore;  // the winner itself mated: a dead end
    return sm;
  }
  const Piece moved = pos.piece_on(m.from());
  const Piece captured = m.kind() == MoveKind::kCastling ? Piece::kNoPiece : pos.piece_on(m.to());
  const Square loser_king = child.king_square(~winner);
  const Square winner_king = child.king_square(winner);
  int s = 0;
  if (mover == winner) {
    if (child.in_check()) s += 1000;
    if (m.kind() == MoveKind::kPromotion) s += m.promotion() == PieceType::kQueen ? 600 : 150;
    if (type_of(moved) != PieceType::kKing || m.kind() == MoveKind::kCastling)
      s += 10 * (distance(m.from(), loser_king) - distance(m.to(), loser_king));
    else
      s += 6 * (distance(m.from(), loser_king) - distance(m.to(), loser_king));
    if (captured != Piece::kNoPiece) s += type_of(captured) == PieceType::kPawn ? 20 : -40;
  } else {
    if (type_of(moved) == PieceType::kKing && m.kind() != MoveKind::kCastling) {
      s += 20 * (edge_distance(m.from()) - edge_distance(m.to()));
      s += 10 * (distance(m.from(), winner_king) - distance(m.to(), winner_king));
    } else if (distance(m.to(), loser_king) == 1) {
      s += 30;
    }
    if (m.kind() == MoveKind::kPromotion) s += 50;
    if (captured != Piece::kNoPiece) s -= type_of(captured) == PieceType::kPawn ? 30 : 100;
    if (child.in_check()) s -= 50;
  }
  sm.score = s;
  return sm;
}

// Scores all legal moves of pos, best first; moves ending the game without mate are dropped.
// Returns true (and puts the mating move first) as soon as a mating move is seen.
bool order_moves(const Position& pos, Color winner, std::vector<ScoredMove>& out) {
  out.clear();
  const MoveList moves = pos.legal_moves();
  for (Move m : moves) {
    const ScoredMove sm = score_move(pos, m, winner);
    if (sm.mates) {
      out.clear();
      out.push_back(sm);
      return true;
    }
    if (sm.score != kNoScore) out.push_back(sm);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  return false;
}

// True (with the move in `mate`) when the side to move has a mating move: only checking
// moves are played out.
bool mate_in_one(const Position& pos, Move& mate) {
  const CheckSquares checks = pos.check_squares();
  for (Move m : pos.legal_moves()) {
    if (!pos.gives_check(m, checks)) continue;
    if (pos.after(m).count_legal_moves() == 0) {
      mate = m;
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- iterative deepening

// The frame shared by the depth-first helpmate searches: iterative deepening from 1 ply up,
// the node budget, and the line (collected backwards as the recursion unwinds).
class DeepeningSearch {
 public:
  virtual ~DeepeningSearch() = default;

  // `exhaustive`: whether completing every depth without a mate shows that none exists
  // within max_plies (kNoMate); otherwise a failure is reported as kBudgetExhausted.
  HelpmateSearchResult run(const Position& root, int max_plies, bool exhaustive) {
    HelpmateSearchResult result;
    for (int depth = 1; depth <= max_plies && !aborted_; ++depth) {
      line_.clear();
      if (search_root(root, depth)) {
        std::reverse(line_.begin(), line_.end());
        result.outcome = SearchOutcome::kMateFound;
        result.line = line_;
        result.nodes = nodes_;
        return result;
      }
    }
    result.outcome =
        exhaustive && !aborted_ ? SearchOutcome::kNoMate : SearchOutcome::kBudgetExhausted;
    result.nodes = nodes_;
    return result;
  }

 protected:
  DeepeningSearch(Color winner, std::uint64_t max_nodes) : winner_(winner), max_nodes_(max_nodes) {}

  // True (with the line, reversed, in line_) if a helpmate within `depth` plies exists.
  virtual bool search_root(const Position& root, int depth) = 0;

  // Counts a node; false once the budget is spent (the search then unwinds).
  bool enter_node() {
    if (++nodes_ <= max_nodes_) return true;
    aborted_ = true;
    return false;
  }

  Color winner_;
  std::uint64_t max_nodes_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<Move> line_;
};

class IterativeHelpmate final : public DeepeningSearch {
 public:
  IterativeHelpmate(Color winner, std::uint64_t max_nodes)
      : DeepeningSearch(winner, max_nodes), memo_(thread_memo()) {}

 private:
  bool search_root(const Position& root, int depth) override { return search(root, depth, 0); }

  bool search(const Position& pos, int depth, int ply) {
    if (!enter_node()) return false;
    const bool winner_to_move = pos.side_to_move() == winner_;
    // The mating move is the winner's: with the loser to move one more ply is needed.
    if (depth < (winner_to_move ? 1 : 2)) return false;
    const ExactKey key = exact_key(pos);
    if (memo_.has_failed(key, depth)) return false;
    if (material_unwinnable(pos, winner_)) return false;

    if (depth == 1) {
      // The winner must mate now: only checking moves matter.
      Move mate;
      if (mate_in_one(pos, mate)) {
        line_.push_back(mate);
        return true;
      }
      memo_.set_failed(key, 1);
      return false;
    }
    if (ply >= static_cast<int>(scratch_.size())) scratch_.resize(ply + 1);
    if (order_moves(pos, winner_, scratch_[ply])) {
      line_.push_back(scratch_[ply].front().move);
      return true;
    }
    if (depth > 1) {
      // Copy: deeper plies reuse their own scratch vectors, but resize may move them.
      const std::vector<ScoredMove> moves = scratch_[ply];
      for (const ScoredMove& sm : moves) {
        if (search(pos.after(sm.move), depth - 1, ply + 1)) {
          line_.push_back(sm.move);
          return true;
        }
        if (aborted_) return false;
      }
    }
    memo_.set_failed(key, depth);
    return false;
  }

  PositionMemo& memo_;
  std::vector<std::vector<ScoredMove>> scratch_;
};

// ---------------------------------------------------------------- forward-pruned search

// Cheap ordering score (no move is played): the winner brings its pieces to the defending
// king, checks and promotes; the defender keeps its men around its king (blockers), walks its
// king toward the winner's strongest piece and the edge, and does not capture.
int cheap_score(const Position& pos, Move m, Color winner, Square target, Square loser_king) {
  const Color mover = pos.side_to_move();
  const Piece moved = pos.piece_on(m.from());
  const PieceType t = m.kind() == MoveKind::kPromotion ? m.promotion() : type_of(moved);
  const bool castling = m.kind() == MoveKind::kCastling;
  const Piece captured = castling ? Piece::kNoPiece : pos.piece_on(m.to());
  const Square to = m.to();
  int s = 0;
  if (mover == winner) {
    const Square lk = loser_king;
    if (m.kind() == MoveKind::kPromotion) s += t == PieceType::kQueen ? 60 : 10;
    if (t != PieceType::kKing && !castling) {
      s += 4 * (distance(m.from(), lk) - distance(to, lk));
      const Bitboard occ = (pos.occupied() & ~bit(m.from())) | bit(to);
      const Bitboard attacks = attacks_from(t, winner, to, occ);
      if (attacks & bit(lk)) s += 25;
      if (attacks & king_attacks(lk)) s += 6;
    } else if (!castling) {
      s += distance(m.from(), lk) - distance(to, lk);
    }
    if (captured != Piece::kNoPiece) s += type_of(captured) == PieceType::kPawn ? 4 : -6;
  } else {
    const Square own = loser_king;
    if (type_of(moved) == PieceType::kKing && !castling) {
      s += 3 * (distance(m.from(), target) - distance(to, target));
      s += 2 * (edge_distance(m.from()) - edge_distance(to));
    } else {
      if (distance(to, own) == 1) s += 4;
      if (distance(m.from(), own) == 1) s -= 3;
    }
    if (captured != Piece::kNoPiece) s -= 8;
  }
  return s;
}

// Iterative deepening with forward pruning: only the best few moves of each side (by
// cheap_score) are searched. It proves nothing when it fails; its lines are replayed by the
// caller like any other.
class PrunedHelpmate final : public DeepeningSearch {
 public:
  PrunedHelpmate(Color winner, std::uint64_t max_nodes, int winner_width, int loser_width)
      : DeepeningSearch(winner, max_nodes),
        winner_width_(winner_width),
        loser_width_(loser_width),
        memo_(thread_memo()) {}

 private:
  bool search_root(const Position& root, int depth) override {
    target_ = strongest(root);
    return search(root, depth);
  }

  // Square of the winner's most valuable piece (the defending king walks toward it).
  Square strongest(const Position& pos) const {
    for (PieceType t : {PieceType::kQueen, PieceType::kRook, PieceType::kBishop, PieceType::kKnight,
                        PieceType::kPawn})
      if (Bitboard b = pos.pieces(winner_, t)) return lsb(b);
    return pos.king_square(winner_);
  }

  bool search(const Position& pos, int depth) {
    if (!enter_node()) return false;
    const bool winner_to_move = pos.side_to_move() == winner_;
    if (depth < (winner_to_move ? 1 : 2)) return false;
    const ExactKey key = exact_key(pos);
    if (memo_.has_failed(key, depth)) return false;
    if (depth == 1) {
      Move mate;
      if (mate_in_one(pos, mate)) {
        line_.push_back(mate);
        return true;
      }
      memo_.set_failed(key, 1);
      return false;
    }
    const MoveList moves = pos.legal_moves();
    // Not value-initialised: only the first n entries are written and read.
    struct Scored {
      int score;
      std::uint8_t index;  // into moves
    };
    std::array<Scored, 256> scored;
    std::size_t n = 0;
    const Square loser_king = pos.king_square(~winner_);
    for (Move m : moves) {
      scored[n] =
          Scored{cheap_score(pos, m, winner_, target_, loser_king), static_cast<std::uint8_t>(n)};
      ++n;
    }
    const std::size_t width =
        std::min<std::size_t>(n, winner_to_move ? winner_width_ : loser_width_);
    std::partial_sort(scored.begin(), scored.begin() + width, scored.begin() + n,
                      [](const Scored& a, const Scored& b) { return a.score > b.score; });
    for (std::size_t i = 0; i < width; ++i) {
      const Move m = moves[scored[i].index];
      if (search(pos.after(m), depth - 1)) {
        line_.push_back(m);
        return true;
      }
      if (aborted_) return false;
    }
    memo_.set_failed(key, depth);
    return false;
  }

  int winner_width_;
  int loser_width_;
  PositionMemo& memo_;
  Square target_ = kNoSquare;
};

}  // namespace

HelpmateSearchResult find_helpmate_pruned(const Position& root, Color winner, int max_plies,
                                          std::uint64_t max_nodes, int winner_width,
                                          int loser_width) {
  PrunedHelpmate search(winner, max_nodes, winner_width, loser_width);
  return search.run(root, max_plies, /*exhaustive=*/false);
}

HelpmateSearchResult find_helpmate(const Position& root, Color winner, int max_plies,
                                   std::uint64_t max_nodes) {
  IterativeHelpmate search(winner, max_nodes);
  return search.run(root, max_plies, /*exhaustive=*/true);
}

}  // namespace corrchess::chess
