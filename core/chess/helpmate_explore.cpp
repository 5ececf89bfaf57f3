// The helpmate searches that enumerate positions rather than deepen: the exhaustive
// enumeration of every reachable position (explore_all) and the best-first search guided by
// distances to a mate (best_first_helpmate). The deepening searches are in helpmate.cpp.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <queue>
#include <stdexcept>
#include <tuple>

#include "core/chess/bitboard.h"
#include "core/chess/frozen_structure.h"
#include "core/chess/helpmate.h"
#include "core/chess/helpmate_geometry.h"
#include "core/chess/helpmate_keys.h"

namespace corrchess::chess {
namespace {

using namespace helpmate_detail;

constexpr int kMaxExploreDepth = 4096;

// ---------------------------------------------------------------- exhaustive enumeration

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

}  // namespace

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
