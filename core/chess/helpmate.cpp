#include "core/chess/helpmate.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <queue>
#include <stdexcept>
#include <tuple>

#include "core/chess/bitboard.h"
#include "core/chess/frozen_structure.h"

namespace corrchess::chess {
namespace {

constexpr int kMaxExploreDepth = 4096;

constexpr int kNoScore = -1'000'000;  // marks moves that end the game without mate

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

int edge_distance(Square s) {
  const int f = file_of(s);
  const int r = rank_of(s);
  return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

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
  IterativeHelpmate(Color winner, std::uint64_t max_nodes) : DeepeningSearch(winner, max_nodes) {
    std::size_t size = 1024;
    while (size < max_nodes && size < (std::size_t{1} << 20)) size <<= 1;
    keys_.assign(size, 0);
    depths_.assign(size, 0);
  }

 private:
  bool search_root(const Position& root, int depth) override { return search(root, depth, 0); }

  bool search(const Position& pos, int depth, int ply) {
    if (!enter_node()) return false;
    const bool winner_to_move = pos.side_to_move() == winner_;
    // The mating move is the winner's: with the loser to move one more ply is needed.
    if (depth < (winner_to_move ? 1 : 2)) return false;
    const std::uint64_t key = pos.key() ^ static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL;
    const std::size_t slot = key & (keys_.size() - 1);
    if (keys_[slot] == key && depths_[slot] >= depth) return false;
    if (material_unwinnable(pos, winner_)) return false;

    if (depth == 1) {
      // The winner must mate now: only checking moves matter.
      Move mate;
      if (mate_in_one(pos, mate)) {
        line_.push_back(mate);
        return true;
      }
      keys_[slot] = key;
      depths_[slot] = 1;
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
    keys_[slot] = key;
    depths_[slot] = static_cast<std::int8_t>(std::min(depth, 127));
    return false;
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::int8_t> depths_;
  std::vector<std::vector<ScoredMove>> scratch_;
};

// ---------------------------------------------------------------- exhaustive enumeration

// A position reduced to what decides its future: placement, side to move, castling rights
// and a legal en-passant square. Compared in full, so distinct positions never merge.
struct ExactKey {
  std::uint64_t hash = 0;
  Bitboard occupied = 0;
  Bitboard white = 0;
  // The type of each man in three bit planes (pawn 001, knight 010, bishop 011, rook 100,
  // queen 101, king 110), so that with `occupied` and `white` the placement is exact.
  std::array<Bitboard, 3> planes{};
  std::uint16_t meta = 0;

  bool operator==(const ExactKey&) const = default;
};

ExactKey exact_key(const Position& pos) {
  ExactKey k;
  k.hash = pos.key();
  k.occupied = pos.occupied();
  k.white = pos.pieces(Color::kWhite);
  const Bitboard p = pos.pieces(PieceType::kPawn);
  const Bitboard n = pos.pieces(PieceType::kKnight);
  const Bitboard b = pos.pieces(PieceType::kBishop);
  const Bitboard r = pos.pieces(PieceType::kRook);
  const Bitboard q = pos.pieces(PieceType::kQueen);
  const Bitboard kg = pos.pieces(PieceType::kKing);
  k.planes = {p | b | q, n | b | kg, r | q | kg};
  const bool ep_legal = pos.ep_square() != kNoSquare && pos.has_legal_en_passant();
  const int ep = ep_legal ? pos.ep_square() : kNoSquare;
  k.meta = static_cast<std::uint16_t>(index(pos.side_to_move()) | (pos.castling_rights() << 1) |
                                      (ep << 5));
  return k;
}

// Set of ExactKey that grows as needed. The keys are appended to a dense store; the probed
// table holds only 8-byte slots (a 32-bit tag of the hash and the key's index), so a probe
// touches one small slot and compares a full key only when the tags agree.
class VisitedSet {
 public:
  // expected_size: how many keys the caller may insert (reserved, not touched, up front).
  explicit VisitedSet(std::uint64_t expected_size = 0) : slots_(1 << 12) {
    keys_.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(expected_size, 1u << 20)));
  }

  // A hint that a key with this hash is about to be inserted (the probe is a cache miss in
  // large sets): fetches its home slot early.
  void prefetch(std::uint64_t hash) const {
    __builtin_prefetch(&slots_[home(hash, slots_.size() - 1)]);
  }

  // Inserts k; false when it was already present.
  bool insert(const ExactKey& k) {
    if ((keys_.size() + 1) * 2 > slots_.size()) grow();
    const std::uint32_t tag = tag_of(k);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = home(k.hash, mask);; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.entry == 0) {
        if (keys_.size() >= kMaxKeys) throw std::length_error("VisitedSet: too many positions");
        keys_.push_back(k);
        slot = Slot{tag, static_cast<std::uint32_t>(keys_.size())};
        return true;
      }
      if (slot.tag == tag && keys_[slot.entry - 1] == k) return false;
    }
  }

 private:
  // Zero-initialised means empty, so that a new table is a plain memset.
  struct Slot {
    std::uint32_t tag;
    std::uint32_t entry;  // 1 + the key's index in keys_; 0 when the slot is empty
  };
  static constexpr std::size_t kMaxKeys = 0xFFFFFFFEu;

  static std::size_t home(std::uint64_t hash, std::size_t mask) {
    return (hash * 0x9E3779B97F4A7C15ULL) >> 20 & mask;
  }
  static std::uint32_t tag_of(const ExactKey& k) {
    return static_cast<std::uint32_t>(k.hash >> 32);
  }

  void grow() {
    std::vector<Slot> bigger(slots_.size() * 2);
    const std::size_t mask = bigger.size() - 1;
    for (std::size_t n = 0; n < keys_.size(); ++n) {
      std::size_t i = home(keys_[n].hash, mask);
      while (bigger[i].entry != 0) i = (i + 1) & mask;
      bigger[i] = Slot{tag_of(keys_[n]), static_cast<std::uint32_t>(n + 1)};
    }
    slots_.swap(bigger);
  }

  std::vector<Slot> slots_;
  std::vector<ExactKey> keys_;
};

struct Frame {
  Position pos;
  Move via;               // the move that led here (null at the root)
  std::size_t begin = 0;  // this frame's moves are arena[begin, end)
  std::size_t next = 0;   // the next one to try
  std::size_t end = 0;
};

// Whether the static proofs must be re-run for child: they depend only on the pawns, the
// material, castling rights, en passant and checks by pawns, so after any other move the
// parent's "not proven" carries over (skipping the test is always sound).
bool structure_changed(const Position& parent, const Position& child) {
  return parent.pieces(PieceType::kPawn) != child.pieces(PieceType::kPawn) ||
         popcount(parent.occupied()) != popcount(child.occupied()) ||  // a capture
         parent.castling_rights() != child.castling_rights() || parent.in_check() ||
         (parent.ep_square() != kNoSquare && parent.has_legal_en_passant());
}

// ---------------------------------------------------------------- forward-pruned search

// Attacks of a man of type t on s (of colour c for pawns) with occupancy occ.
Bitboard attacks_from(PieceType t, Color c, Square s, Bitboard occ) {
  return t == PieceType::kPawn ? pawn_attacks(c, s) : piece_attacks(t, s, occ);
}

// Cheap ordering score (no move is played): the winner brings its pieces to the defending
// king, checks and promotes; the defender keeps its men around its king (blockers), walks its
// king toward the winner's strongest piece and the edge, and does not capture.
int cheap_score(const Position& pos, Move m, Color winner, Square target) {
  const Color mover = pos.side_to_move();
  const Piece moved = pos.piece_on(m.from());
  const PieceType t = m.kind() == MoveKind::kPromotion ? m.promotion() : type_of(moved);
  const bool castling = m.kind() == MoveKind::kCastling;
  const Piece captured = castling ? Piece::kNoPiece : pos.piece_on(m.to());
  const Square to = m.to();
  int s = 0;
  if (mover == winner) {
    const Square lk = pos.king_square(~winner);
    if (m.kind() == MoveKind::kPromotion) s += t == PieceType::kQueen ? 60 : 10;
    if (t != PieceType::kKing && !castling) {
      s += 4 * (distance(m.from(), lk) - distance(to, lk));
      const Bitboard occ = (pos.occupied() & ~bit(m.from())) | bit(to);
      if (attacks_from(t, winner, to, occ) & bit(lk)) s += 25;
      if (attacks_from(t, winner, to, occ) & king_attacks(lk)) s += 6;
    } else if (!castling) {
      s += distance(m.from(), lk) - distance(to, lk);
    }
    if (captured != Piece::kNoPiece) s += type_of(captured) == PieceType::kPawn ? 4 : -6;
  } else {
    const Square own = pos.king_square(mover);
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

// Squares attacked by the men of colour c with occupancy occ.
Bitboard attacks_of(const Position& pos, Color c, Bitboard occ) {
  Bitboard a = 0;
  Bitboard b = pos.pieces(c) & ~pos.pieces(c, PieceType::kPawn);
  while (b) {
    const Square s = pop_lsb(b);
    a |= piece_attacks(type_of(pos.piece_on(s)), s, occ);
  }
  return a | pawn_set_attacks(c, pos.pieces(c, PieceType::kPawn));
}

// Iterative deepening with forward pruning: only the best few moves of each side (by
// cheap_score) are searched. It proves nothing when it fails; its lines are replayed by the
// caller like any other.
class PrunedHelpmate final : public DeepeningSearch {
 public:
  PrunedHelpmate(Color winner, std::uint64_t max_nodes, int winner_width, int loser_width)
      : DeepeningSearch(winner, max_nodes), winner_width_(winner_width), loser_width_(loser_width) {
    std::size_t size = 256;
    while (size < 4 * max_nodes && size < (std::size_t{1} << 18)) size <<= 1;
    keys_.assign(size, 0);
  }

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
    const std::uint64_t key = pos.key() ^ static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL;
    const std::size_t slot = key & (keys_.size() - 1);
    if (keys_[slot] == key) return false;
    if (depth == 1) {
      Move mate;
      if (mate_in_one(pos, mate)) {
        line_.push_back(mate);
        return true;
      }
      keys_[slot] = key;
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
    for (Move m : moves) {
      scored[n] = Scored{cheap_score(pos, m, winner_, target_), static_cast<std::uint8_t>(n)};
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
    keys_[slot] = key;
    return false;
  }

  int winner_width_;
  int loser_width_;
  Square target_ = kNoSquare;
  std::vector<std::uint64_t> keys_;
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

namespace {

int corner_distance(Square s) {
  const int f = std::min(file_of(s), 7 - file_of(s));
  const int r = std::min(rank_of(s), 7 - rank_of(s));
  return std::max(f, r);
}

// Rough distance to a mating net for `winner` (lower is closer): the defending king near a
// corner, the winner's pieces and king near it, the defender's pieces next to their king
// (future blockers), pawns of both sides advanced (promotions open up blocked play).
int progress_distance(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Square lk = pos.king_square(loser);
  int h = 4 * edge_distance(lk) + 2 * corner_distance(lk);
  h += distance(pos.king_square(winner), lk);
  const Bitboard pawns = pos.pieces(PieceType::kPawn);
  const Bitboard kings = pos.pieces(PieceType::kKing);
  Bitboard wp = pos.pieces(winner) & ~pawns & ~kings;
  while (wp) h += 2 * distance(pop_lsb(wp), lk);
  Bitboard lp = pos.pieces(loser) & ~pawns & ~kings;
  while (lp) h += distance(pop_lsb(lp), lk);
  // A pawn costs more than the piece it can become, so promoting always looks like progress.
  Bitboard wpawns = pos.pieces(winner, PieceType::kPawn);
  while (wpawns) {
    const int r = rank_of(pop_lsb(wpawns));
    h += 16 + (winner == Color::kWhite ? 7 - r : r);
  }
  Bitboard lpawns = pos.pieces(loser, PieceType::kPawn);
  while (lpawns) {
    const int r = rank_of(pop_lsb(lpawns));
    h += 8 + (loser == Color::kWhite ? 7 - r : r);
  }
  if (pos.in_check() && pos.side_to_move() == loser) h -= 3;
  return h;
}

// Distance to a mating net around the defending king: its free flight squares (each needs a
// block or a guard), the winner's unguarded men next to it (it could take them), a check
// still to be given, the winner's pieces far from it and pawns far from promotion.
int net_distance(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Square lk = pos.king_square(loser);
  const Bitboard occ = pos.occupied() & ~bit(lk);
  const Bitboard watt = attacks_of(pos, winner, occ);
  const Bitboard free = king_attacks(lk) & ~pos.pieces(loser) & ~watt;
  int h = 3 * popcount(free);
  h += 2 * popcount(king_attacks(lk) & pos.pieces(winner) & ~watt);
  if (!(watt & bit(lk))) h += 2;
  Bitboard wp = pos.pieces(winner) & ~pos.pieces(PieceType::kPawn) & ~pos.pieces(PieceType::kKing);
  while (wp) h += distance(pop_lsb(wp), lk) / 2;
  Bitboard wpawns = pos.pieces(winner, PieceType::kPawn);
  while (wpawns) {
    const int r = rank_of(pop_lsb(wpawns));
    h += 2 + (winner == Color::kWhite ? 7 - r : r) / 2;
  }
  return h;
}

int guide_distance(const Position& pos, Color winner, BestFirstGuide guide) {
  const int progress = progress_distance(pos, winner);
  return guide == BestFirstGuide::kProgress ? progress : progress + net_distance(pos, winner);
}

// A position that has been expanded (its moves generated). Generated children are kept only
// as (parent, move) in the open list and their position is rebuilt when they are expanded:
// most children are never expanded, so storing a Position for each would be wasted memory.
struct ExpandedNode {
  Position pos;
  std::int32_t parent;  // index in the expanded list; -1 at the root
  Move via;
};

// A generated child waiting in the open list: smallest distance first, newest first among
// equals (sequence counts down).
struct OpenEntry {
  std::int32_t distance;
  std::int64_t sequence;
  std::int32_t parent;  // the expanded node it was generated from
  Move via;

  bool operator>(const OpenEntry& o) const {
    return distance != o.distance ? distance > o.distance : sequence > o.sequence;
  }
};

}  // namespace

HelpmateSearchResult best_first_helpmate(const Position& root, Color winner,
                                         std::uint64_t max_nodes, BestFirstGuide guide) {
  HelpmateSearchResult result;
  VisitedSet visited(max_nodes);
  std::vector<ExpandedNode> expanded;
  std::priority_queue<OpenEntry, std::vector<OpenEntry>, std::greater<OpenEntry>> open;
  auto line_to = [&](std::int32_t n, Move last) {
    std::vector<Move> line;
    if (!last.is_null()) line.push_back(last);
    for (; n > 0; n = expanded[n].parent) line.push_back(expanded[n].via);
    std::reverse(line.begin(), line.end());
    return line;
  };
  visited.insert(exact_key(root));
  result.nodes = 1;
  if (root.count_legal_moves() == 0) {
    result.outcome = root.in_check() && root.side_to_move() != winner ? SearchOutcome::kMateFound
                                                                      : SearchOutcome::kNoMate;
    return result;
  }
  std::int64_t sequence = 0;
  std::vector<Position> children;  // of the node being expanded, reused
  // Expands expanded[n]; true when the search ends there (a mate found or the budget spent).
  auto expand = [&](std::int32_t n) -> bool {
    const Position& pos = expanded[n].pos;
    const bool winner_moves = pos.side_to_move() == winner;
    const MoveList moves = pos.legal_moves();
    children.clear();
    for (Move m : moves) {
      children.push_back(pos);
      children.back().play(m);
      visited.prefetch(children.back().key());
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const Position& child = children[i];
      if (winner_moves && child.in_check() && child.count_legal_moves() == 0) {
        result.outcome = SearchOutcome::kMateFound;
        result.line = line_to(n, m);
        return true;
      }
      if (!visited.insert(exact_key(child))) continue;
      if (result.nodes >= max_nodes) {
        result.outcome = SearchOutcome::kBudgetExhausted;
        return true;
      }
      ++result.nodes;
      if (structure_changed(pos, child) && statically_unwinnable(child, winner)) continue;
      open.push(OpenEntry{guide_distance(child, winner, guide), --sequence, n, m});
    }
    return false;
  };
  expanded.push_back(ExpandedNode{root, -1, Move{}});
  if (expand(0)) return result;
  while (!open.empty()) {
    const OpenEntry e = open.top();
    open.pop();
    const ExpandedNode& parent = expanded[e.parent];
    ExpandedNode node{parent.pos.after(e.via), e.parent, e.via};
    expanded.push_back(std::move(node));
    if (expand(static_cast<std::int32_t>(expanded.size() - 1))) return result;
  }
  result.outcome = SearchOutcome::kNoMate;
  return result;
}

HelpmateSearchResult explore_all(const Position& root, Color winner, std::uint64_t max_nodes) {
  HelpmateSearchResult result;
  result.outcome = SearchOutcome::kNoMate;
  VisitedSet visited(max_nodes);
  std::vector<Frame> stack;
  std::vector<Move> arena;
  bool cut = false;

  // Enters pos, reached by `via` from the top frame. Returns true when pos is the mate sought.
  auto enter = [&](const Position& pos, Move via, bool check_static) -> bool {
    ++result.nodes;
    const MoveList moves = pos.legal_moves();
    if (moves.empty()) {
      if (!pos.in_check() || pos.side_to_move() == winner) return false;
      for (std::size_t i = 1; i < stack.size(); ++i) result.line.push_back(stack[i].via);
      if (!via.is_null()) result.line.push_back(via);
      return true;
    }
    if (check_static && statically_unwinnable(pos, winner)) return false;
    if (static_cast<int>(stack.size()) >= kMaxExploreDepth) {
      cut = true;
      return false;
    }
    Frame f{pos, via, arena.size(), arena.size(), 0};
    arena.insert(arena.end(), moves.begin(), moves.end());
    f.end = arena.size();
    stack.push_back(f);
    return false;
  };

  visited.insert(exact_key(root));
  if (enter(root, Move{}, true)) {
    result.outcome = SearchOutcome::kMateFound;
    return result;
  }
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.end) {
      arena.resize(top.begin);
      stack.pop_back();
      continue;
    }
    const Move m = arena[top.next++];
    Position child = top.pos.after(m);
    if (!visited.insert(exact_key(child))) continue;
    if (result.nodes >= max_nodes) {
      result.outcome = SearchOutcome::kBudgetExhausted;
      return result;
    }
    const bool check_static = structure_changed(top.pos, child);
    if (enter(child, m, check_static)) {
      result.outcome = SearchOutcome::kMateFound;
      return result;
    }
  }
  if (cut) result.outcome = SearchOutcome::kBudgetExhausted;
  return result;
}

}  // namespace corrchess::chess
