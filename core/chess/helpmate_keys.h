// Exact position keys for the helpmate searches (helpmate.cpp, helpmate_explore.cpp): a
// position reduced to what decides its future, compared in full, so that two distinct
// positions never share an entry whatever their Zobrist keys. Internal to core/chess.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/position.h"

namespace corrchess::chess::helpmate_detail {

// Placement, side to move, castling rights and a legal en-passant square. `hash` (the
// Zobrist key) only spreads keys over tables; equality compares everything.
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

inline ExactKey exact_key(const Position& pos) {
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

// The depth-first searches' memory of positions already searched, direct-mapped (a new entry
// replaces the old one in its slot), one 64-byte entry per slot. A hit needs the whole key to
// be equal, so a Zobrist collision can neither skip a subtree nor make anything up; it only
// costs a slot. Two uses, never mixed within one search:
//  - failures: "no mate from this position within exactly `depth` plies" (slot by key and
//    depth, so that the depths of one position keep separate entries);
//  - coverage: "searched with at least `left` plies to go" (slot by key alone).
// begin() forgets everything in constant time (entries carry the number of the search that
// wrote them), so one table serves many searches: see thread_memo().
class PositionMemo {
 public:
  // slots: rounded up to a power of two, at least 64.
  explicit PositionMemo(std::size_t slots) {
    std::size_t size = 64;
    while (size < slots) size <<= 1;
    entries_.assign(size, Entry{});
  }

  void begin() {
    if (++search_ == 0) {  // wrapped: old entries could look current again
      std::fill(entries_.begin(), entries_.end(), Entry{});
      search_ = 1;
    }
  }

  bool has_failed(const ExactKey& k, int depth) const {
    const Entry& e = entries_[slot(k.hash ^ depth_salt(depth))];
    return e.search == search_ && e.value == depth && e.key == k;
  }
  void set_failed(const ExactKey& k, int depth) {
    entries_[slot(k.hash ^ depth_salt(depth))] = Entry{k, depth, search_};
  }

  bool covers(const ExactKey& k, int left) const {
    const Entry& e = entries_[slot(k.hash)];
    return e.search == search_ && e.value >= left && e.key == k;
  }
  void record(const ExactKey& k, int left) { entries_[slot(k.hash)] = Entry{k, left, search_}; }

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    ExactKey key;
    std::int32_t value = 0;
    std::uint32_t search = 0;  // never equal to search_ until written (search_ starts at 1)
  };

  static std::uint64_t depth_salt(int depth) {
    return static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL;
  }
  std::size_t slot(std::uint64_t h) const {
    return static_cast<std::size_t>((h * 0xD6E8FEB86659FD93ULL) >> 32) & (entries_.size() - 1);
  }

  std::vector<Entry> entries_;
  std::uint32_t search_ = 1;
};

// This thread's memo for the depth-first searches (2 MB, allocated on first use), begun
// afresh: the searches run one at a time on a thread, never nested.
inline PositionMemo& thread_memo() {
  thread_local PositionMemo memo(std::size_t{1} << 15);
  memo.begin();
  return memo;
}

}  // namespace corrchess::chess::helpmate_detail
