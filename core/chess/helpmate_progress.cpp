// The progress-extended depth-first helpmate search (progress_helpmate, helpmate.h): full
// width, but a move that brings the position nearer to a mate in a chosen corner costs no
// depth, so long helpmates whose moves are mostly such progress are reached at small nominal
// depths. The idea (a designated mating corner, free "rewarded" moves, dearer "punished"
// ones, iterative deepening with a per-iteration node cap) is the one of the Chess
// Unwinnability Analyzer (M. Ambrona, "A practical algorithm for chess unwinnability"); this
// is an independent implementation on this library's position and exact keys.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate.h"
#include "core/chess/helpmate_geometry.h"
#include "core/chess/helpmate_keys.h"

namespace corrchess::chess {
namespace {

using namespace helpmate_detail;

// Knight moves between two squares on an empty board.
struct KnightDistances {
  std::array<std::array<std::uint8_t, 64>, 64> d{};
  KnightDistances() {
    for (int from = 0; from < 64; ++from) {
      auto& row = d[from];
      row.fill(0xFF);
      row[from] = 0;
      std::array<int, 64> queue{};
      int head = 0, tail = 0;
      queue[tail++] = from;
      while (head < tail) {
        const int s = queue[head++];
        Bitboard next = knight_attacks(static_cast<Square>(s));
        while (next) {
          const Square t = pop_lsb(next);
          if (row[t] != 0xFF) continue;
          row[t] = static_cast<std::uint8_t>(row[s] + 1);
          queue[tail++] = t;
        }
      }
    }
  }
};

const KnightDistances& knight_distances() {
  static const KnightDistances table;
  return table;
}

// Where each side's men head for a mate in one corner of the loser's back rank: the loser's
// king into the corner and its other men next to it (blockers), the winner's king two
// squares in front of the corner and its other men to the corner (to give the check). The
// corner's colour suits the winner's bishops (or the loser's bishops as blockers).
struct Targets {
  Square loser_king, loser_men, winner_king, winner_men;
};

Targets targets_for(const Position& pos, Color winner) {
  const Bitboard wb = pos.pieces(winner, PieceType::kBishop);
  const Bitboard lb = pos.pieces(~winner, PieceType::kBishop);
  const bool dark = (wb & kDarkSquares) || (!wb && (lb & kLightSquares));
  const bool white = winner == Color::kWhite;
  // h8 and a1 are dark, a8 and h1 light; the corner is on the loser's back rank.
  const int rank = white ? 7 : 0;
  const int file = dark == white ? 7 : 0;
  const int inward = file == 7 ? -1 : 1;
  const int forward = white ? -1 : 1;  // from the corner toward the middle of the board
  Targets t;
  t.loser_king = make_square(file, rank);
  t.loser_men = make_square(file + inward, rank);
  t.winner_king = make_square(file, rank + 2 * forward);
  t.winner_men = t.loser_king;
  return t;
}

bool nearer(PieceType t, Move m, Square target, const KnightDistances& knights) {
  if (t == PieceType::kKing) return distance(m.to(), target) < distance(m.from(), target);
  if (t == PieceType::kKnight) return knights.d[m.to()][target] < knights.d[m.from()][target];
  return false;
}

// The winner can mate only after the loser promotes (so the loser's pawn moves are the
// progress): a lone knight against only pawns and queens, or bishops of one colour against
// no knight and no bishop of the other colour.
bool loser_must_promote(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Bitboard own = pos.pieces(winner) & ~pos.pieces(PieceType::kKing);
  const Bitboard knights = pos.pieces(winner, PieceType::kKnight);
  const Bitboard bishops = pos.pieces(winner, PieceType::kBishop);
  if (own == knights && popcount(knights) == 1 &&
      !(pos.pieces(loser) & (pos.pieces(PieceType::kKnight) | pos.pieces(PieceType::kBishop) |
                             pos.pieces(PieceType::kRook))))
    return true;
  if (own && own == bishops) {
    const Bitboard colour = (bishops & kDarkSquares) ? kDarkSquares : kLightSquares;
    if (!(pos.pieces(PieceType::kBishop) & ~colour) && !pos.pieces(loser, PieceType::kKnight))
      return true;
  }
  return false;
}

enum class Step { kNormal, kProgress, kDetour };

class ProgressSearch {
 public:
  ProgressSearch(Color winner, std::uint64_t max_nodes, std::uint64_t iteration_nodes)
      : winner_(winner),
        max_nodes_(max_nodes),
        iteration_nodes_(iteration_nodes),
        memo_(thread_memo()) {}

  HelpmateSearchResult run(const Position& root) {
    HelpmateSearchResult result;
    for (int max_depth = 2; max_depth <= kMaxPlies; ++max_depth) {
      max_depth_ = max_depth;
      iteration_start_ = nodes_;
      cut_ = false;
      line_.clear();
      if (search(root, 0, false)) {
        result.outcome = SearchOutcome::kMateFound;
        result.line = line_;
        break;
      }
      // Never a proof: nothing here is exhaustive enough to trust (the memo forgets).
      if (nodes_ >= max_nodes_ || !cut_) break;
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  static constexpr int kMaxPlies = 1000;
  static constexpr int kFreeProgressPlies = 400;  // no free moves on lines longer than this
  static constexpr int kDetourCost = 3;

  // True when a helpmate is found below pos (the line is then in line_).
  bool search(const Position& pos, int depth, bool after_progress) {
    ++nodes_;
    const int left = max_depth_ - depth;
    const ExactKey key = exact_key(pos);
    if (memo_.covers(key, left)) return false;
    if (material_unwinnable(pos, winner_)) return false;
    const MoveList moves = pos.legal_moves();
    if (moves.empty()) return pos.in_check() && pos.side_to_move() != winner_;
    if (left <= 0 || nodes_ - iteration_start_ >= iteration_nodes_ || nodes_ >= max_nodes_) {
      cut_ = true;
      return false;
    }
    memo_.record(key, left);
    const bool winner_moves = pos.side_to_move() == winner_;
    const Targets targets = targets_for(pos, winner_);
    const bool promote = !winner_moves && loser_must_promote(pos, winner_);
    const bool free = static_cast<int>(line_.size()) < kFreeProgressPlies;
    // Progress first (free, so the deepest lines), then the others in generation order.
    std::array<Move, 256> ordered;
    std::array<std::uint8_t, 256> steps;
    std::size_t n = 0, rest = moves.size();
    for (Move m : moves) {
      const Step step = classify(pos, m, winner_moves, promote, targets);
      const std::size_t at = step == Step::kProgress ? n++ : --rest;
      ordered[at] = m;
      steps[at] = static_cast<std::uint8_t>(step);
    }
    // The others were filled from the end: put them back in generation order.
    std::reverse(ordered.begin() + n, ordered.begin() + moves.size());
    std::reverse(steps.begin() + n, steps.begin() + moves.size());
    n = moves.size();
    const CheckSquares checks = pos.check_squares();
    for (std::size_t i = 0; i < n; ++i) {
      const Move m = ordered[i];
      const Step step = static_cast<Step>(steps[i]);
      int next = depth + 1;
      if (step == Step::kProgress && free)
        next = depth;
      else if (step == Step::kDetour)
        next = std::min(max_depth_, depth + kDetourCost);
      else if (step == Step::kNormal && after_progress && free)
        next = depth;
      if (next >= max_depth_) {
        // The child is a leaf: only a mate by the winner can come of it, and only a checking
        // move can mate. Counted as a node like any other.
        ++nodes_;
        cut_ = true;
        if (!winner_moves || !pos.gives_check(m, checks)) continue;
        if (pos.after(m).count_legal_moves() == 0) {
          line_.push_back(m);
          return true;
        }
        continue;
      }
      line_.push_back(m);
      if (search(pos.after(m), next, step == Step::kProgress)) return true;
      line_.pop_back();
      if (nodes_ >= max_nodes_) return false;
    }
    return false;
  }

  Step classify(const Position& pos, Move m, bool winner_moves, bool promote,
                const Targets& targets) const {
    const PieceType t = type_of(pos.piece_on(m.from()));
    const bool castling = m.kind() == MoveKind::kCastling;
    const bool capture =
        !castling && (pos.piece_on(m.to()) != Piece::kNoPiece || m.kind() == MoveKind::kEnPassant);
    if (winner_moves) {
      if (t == PieceType::kPawn) {
        const int r = winner_ == Color::kWhite ? rank_of(m.to()) : 7 - rank_of(m.to());
        if (r >= 4) return Step::kProgress;
      }
      if (capture) return Step::kProgress;
      if (!castling &&
          nearer(t, m, t == PieceType::kKing ? targets.winner_king : targets.winner_men, knights_))
        return Step::kProgress;
      return Step::kNormal;
    }
    Step step = Step::kNormal;
    if (promote) {
      const bool heavy = m.kind() == MoveKind::kPromotion &&
                         (m.promotion() == PieceType::kQueen || m.promotion() == PieceType::kRook);
      step = t == PieceType::kPawn && !heavy ? Step::kProgress : Step::kDetour;
    }
    if (!castling &&
        nearer(t, m, t == PieceType::kKing ? targets.loser_king : targets.loser_men, knights_))
      return Step::kProgress;
    if (capture) return Step::kDetour;
    return step;
  }

  const KnightDistances& knights_ = knight_distances();
  Color winner_;
  std::uint64_t max_nodes_;
  std::uint64_t iteration_nodes_;
  std::uint64_t nodes_ = 0;
  std::uint64_t iteration_start_ = 0;
  int max_depth_ = 0;
  bool cut_ = false;
  PositionMemo& memo_;
  std::vector<Move> line_;
};

}  // namespace

HelpmateSearchResult progress_helpmate(const Position& root, Color winner, std::uint64_t max_nodes,
                                       std::uint64_t iteration_nodes) {
  ProgressSearch search(winner, max_nodes, iteration_nodes);
  return search.run(root);
}

}  // namespace corrchess::chess
