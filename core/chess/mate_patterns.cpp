#include "core/chess/mate_patterns.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/chess/bitboard.h"

namespace corrchess::chess {
namespace {

// What a defending man can be when it blocks a flight square (pawns: anything).
enum Kind : std::uint8_t {
  kKindPawn = 1,
  kKindKnight = 2,
  kKindLightBishop = 4,
  kKindDarkBishop = 8,
  kKindRook = 16,
  kKindQueen = 32,
};
constexpr std::uint8_t kAllKinds = 63;
constexpr std::array<std::uint8_t, 6> kKinds = {kKindPawn,       kKindKnight, kKindLightBishop,
                                                kKindDarkBishop, kKindRook,   kKindQueen};

// The question asked, independent of where the men stand now.
struct Signature {
  bool knight = false;  // the mating force is one knight (else bishops)
  bool dark = false;    // bishops on dark squares (else light)
  bool many = false;    // two or more bishops (spare bishops may guard, block and pin)
  Color defender = Color::kBlack;
  std::array<int, 6> count{};  // defending men by kKinds index (pawns first), capped at 8

  std::uint64_t key() const {
    std::uint64_t k = (knight ? 1u : 0u) | (dark ? 2u : 0u) | (many ? 4u : 0u) |
                      (defender == Color::kWhite ? 8u : 0u);
    for (int c : count) k = (k << 4) | static_cast<std::uint64_t>(c);
    return k;
  }
};

bool is_dark(Square s) { return (kDarkSquares >> s) & 1; }

// Can a defending man of kind `kind` on u resolve the check of the piece on n (capture it or
// step between it and the king)? Only moves nothing can obstruct count; a longer slide counts
// only when no man could ever stand in its way (sound: forgetting an escape only makes us
// find more mates).
bool escapes(std::uint8_t kind, Square u, Color defender, Square n, Bitboard interpose, Square k,
             Square w, Bitboard other_blockers, bool many, bool orth_stopper, bool diag_stopper) {
  const Bitboard targets = bit(n) | interpose;
  switch (kind) {
    case kKindPawn: {
      if (pawn_attacks(defender, u) & bit(n)) return true;
      const int forward = defender == Color::kWhite ? 8 : -8;
      const int to = static_cast<int>(u) + forward;
      return to >= 0 && to < 64 && (interpose & bit(static_cast<Square>(to)));
    }
    case kKindKnight: return (knight_attacks(u) & targets) != 0;
    default: break;
  }
  Bitboard reach = 0;
  if (kind & (kKindLightBishop | kKindDarkBishop | kKindQueen)) reach |= bishop_attacks(u, 0);
  if (kind & (kKindRook | kKindQueen)) reach |= rook_attacks(u, 0);
  Bitboard hits = reach & targets;
  while (hits) {
    const Square t = pop_lsb(hits);
    const Bitboard path = between(u, t);
    if (path == 0) return true;
    if (path & (bit(k) | bit(w) | other_blockers)) continue;
    if (many) continue;  // a spare bishop might stand in the way
    const bool diagonal = (bishop_attacks(u, 0) & bit(t)) != 0;
    if (diagonal ? diag_stopper : orth_stopper) continue;
    return true;
  }
  return false;
}

// Bipartite matching: can every square of `need` get its own man (man i may take the squares
// in options[i])?
class Matcher {
 public:
  explicit Matcher(const std::vector<Bitboard>& options) : options_(options) {}
  bool all(Bitboard need) {
    owner_.assign(options_.size(), -1);
    while (need) {
      const Square s = pop_lsb(need);
      seen_.assign(options_.size(), false);
      if (!augment(s)) return false;
    }
    return true;
  }

 private:
  bool augment(Square s) {
    for (std::size_t i = 0; i < options_.size(); ++i) {
      if (!(options_[i] & bit(s)) || seen_[i]) continue;
      seen_[i] = true;
      if (owner_[i] < 0 || augment(static_cast<Square>(owner_[i]))) {
        owner_[i] = s;
        return true;
      }
    }
    return false;
  }
  const std::vector<Bitboard>& options_;
  std::vector<int> owner_;
  std::vector<bool> seen_;
};

// True when some placement is a checkmate (or might be: every doubt counts as a mate).
bool some_mate_exists(const Signature& sig) {
  std::vector<std::uint8_t> men;  // kinds each defending man may take
  const std::array<std::uint8_t, 6> kinds_of = {kAllKinds,       kKindKnight, kKindLightBishop,
                                                kKindDarkBishop, kKindRook,   kKindQueen};
  for (std::size_t i = 0; i < sig.count.size(); ++i)
    for (int j = 0; j < sig.count[i]; ++j) men.push_back(kinds_of[i]);
  bool orth_stopper = false;
  bool diag_stopper = false;
  for (std::uint8_t m : men) {
    orth_stopper |= (m & (kKindPawn | kKindKnight | kKindLightBishop | kKindDarkBishop)) != 0;
    diag_stopper |= (m & (kKindPawn | kKindKnight | kKindRook)) != 0;
  }
  const Bitboard own_colour = sig.dark ? kDarkSquares : kLightSquares;
  const Bitboard promotion_ranks = kRank1 | kRank8;
  std::vector<Bitboard> options(men.size());
  for (Square k = 0; k < 64; ++k) {
    if (!sig.knight && !(own_colour & bit(k))) continue;
    Bitboard checkers = sig.knight ? knight_attacks(k) : bishop_attacks(k, 0);
    while (checkers) {
      const Square n = pop_lsb(checkers);
      const Bitboard interpose = sig.knight ? 0 : between(n, k);
      const Bitboard checker_cover = sig.knight ? knight_attacks(n) : bishop_attacks(n, 0);
      for (Square w = 0; w < 64; ++w) {
        if (w == n || w == k || (king_attacks(k) & bit(w)) || (interpose & bit(w))) continue;
        // The king takes an unguarded adjacent checker (spare bishops might guard it).
        const bool guarded = sig.many || (king_attacks(w) & bit(n));
        if ((king_attacks(k) & bit(n)) && !guarded) continue;
        Bitboard cover = king_attacks(w) | checker_cover;
        if (sig.many) cover |= own_colour;
        const Bitboard need = king_attacks(k) & ~cover & ~bit(n);
        if (popcount(need) > static_cast<int>(men.size())) continue;
        if (need == 0) return true;
        // Which kinds may block each needed square without resolving the check?
        std::array<std::uint8_t, 64> safe{};
        Bitboard b = need;
        while (b) {
          const Square u = pop_lsb(b);
          std::uint8_t ok = 0;
          const bool pinned = sig.many && (own_colour & bit(u));  // diagonal neighbour of k
          for (std::uint8_t kind : kKinds) {
            if (kind == kKindPawn && (promotion_ranks & bit(u))) continue;
            if (kind == kKindLightBishop && is_dark(u)) continue;
            if (kind == kKindDarkBishop && !is_dark(u)) continue;
            if (pinned || !escapes(kind, u, sig.defender, n, interpose, k, w, need & ~bit(u),
                                   sig.many, orth_stopper, diag_stopper))
              ok |= kind;
          }
          safe[u] = ok;
        }
        for (std::size_t i = 0; i < men.size(); ++i) {
          Bitboard o = 0;
          Bitboard c = need;
          while (c) {
            const Square u = pop_lsb(c);
            if (safe[u] & men[i]) o |= bit(u);
          }
          options[i] = o;
        }
        Matcher matcher(options);
        if (matcher.all(need)) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool minor_force_cannot_mate(const Position& pos, Color side) {
  if (pos.pieces(side, PieceType::kPawn)) return false;
  const Bitboard force = pos.pieces(side) & ~pos.pieces(side, PieceType::kKing);
  if (force == 0) return true;
  Signature sig;
  const Bitboard knights = pos.pieces(side, PieceType::kKnight);
  const Bitboard bishops = pos.pieces(side, PieceType::kBishop);
  if (force == knights && !more_than_one(knights)) {
    sig.knight = true;
  } else if (force == bishops &&
             ((bishops & kDarkSquares) == 0 || (bishops & kLightSquares) == 0)) {
    sig.dark = (bishops & kDarkSquares) != 0;
    sig.many = more_than_one(bishops);
  } else {
    return false;
  }
  sig.defender = ~side;
  const Color d = ~side;
  auto capped = [](Bitboard b) { return std::min(popcount(b), 8); };
  sig.count = {capped(pos.pieces(d, PieceType::kPawn)),
               capped(pos.pieces(d, PieceType::kKnight)),
               capped(pos.pieces(d, PieceType::kBishop) & kLightSquares),
               capped(pos.pieces(d, PieceType::kBishop) & kDarkSquares),
               capped(pos.pieces(d, PieceType::kRook)),
               capped(pos.pieces(d, PieceType::kQueen))};
  thread_local std::unordered_map<std::uint64_t, bool> cache;
  const std::uint64_t key = sig.key();
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  const bool proven = !some_mate_exists(sig);
  cache.emplace(key, proven);
  return proven;
}

}  // namespace corrchess::chess
