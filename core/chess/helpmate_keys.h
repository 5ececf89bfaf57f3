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

// The depth-first searches' memory of "no mate from this position within `depth` plies":
// direct-mapped (a new entry replaces the old one in its slot), one 64-byte entry per slot.
// A hit needs the whole key and the depth to be equal, so a Zobrist collision can neither
// skip a subtree nor make anything up; it only costs a slot.
class FailureMemo {
 public:
  // slots: rounded up to a power of two, at least 64.
  explicit FailureMemo(std::size_t slots) {
    std::size_t size = 64;
    while (size < slots) size <<= 1;
    entries_.assign(size, Entry{});
  }

  bool contains(const ExactKey& k, int depth) const {
    const Entry& e = entries_[slot(k.hash, depth)];
    return e.depth == depth && e.key == k;
  }

  void insert(const ExactKey& k, int depth) {
    Entry& e = entries_[slot(k.hash, depth)];
    e.key = k;
    e.depth = static_cast<std::int16_t>(std::min(depth, 0x7FFF));
  }

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    ExactKey key;
    std::int16_t depth = -1;  // -1: empty (searched depths are at least 1)
  };

  std::size_t slot(std::uint64_t hash, int depth) const {
    const std::uint64_t h = hash ^ static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>((h * 0xD6E8FEB86659FD93ULL) >> 32) & (entries_.size() - 1);
  }

  std::vector<Entry> entries_;
};

}  // namespace corrchess::chess::helpmate_detail
