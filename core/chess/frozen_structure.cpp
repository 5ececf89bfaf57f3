#include "core/chess/frozen_structure.h"

#include <array>
#include <cstddef>

#include "core/chess/bitboard.h"
#include "core/chess/blocker_matcher.h"
#include "core/chess/locked_structure.h"
#include "core/chess/mate_patterns.h"
#include "core/chess/tempo_structure.h"

namespace corrchess::chess {
namespace {

constexpr std::array<PieceType, 4> kMinorAndMajor = {PieceType::kKnight, PieceType::kBishop,
                                                     PieceType::kRook, PieceType::kQueen};

// Every square a piece of type t starting on s can ever stand on when the squares in
// `walls` are permanently occupied and those in `forbidden` may never be entered (other
// pieces are treated as transparent: an over-approximation).
Bitboard reachable(PieceType t, Square s, Bitboard walls, Bitboard forbidden) {
  Bitboard reach = bit(s);
  Bitboard frontier = reach;
  while (frontier) {
    Bitboard next = 0;
    while (frontier) next |= piece_attacks(t, pop_lsb(frontier), walls);
    next &= ~walls & ~forbidden & ~reach;
    reach |= next;
    frontier = next;
  }
  return reach;
}

// Union of the attacks of a piece of type t from every square of `region`.
Bitboard attack_span(PieceType t, Bitboard region, Bitboard walls) {
  Bitboard span = 0;
  while (region) span |= piece_attacks(t, pop_lsb(region), walls);
  return span;
}

Bitboard king_span(Bitboard region) { return attack_span(PieceType::kKing, region, 0); }

}  // namespace

bool material_unwinnable(const Position& pos, Color side) {
  const Bitboard mine = pos.pieces(side) & ~pos.pieces(side, PieceType::kKing);
  if (mine == 0) return true;
  const Bitboard theirs = pos.pieces(~side) & ~pos.pieces(~side, PieceType::kKing);
  const Bitboard all_bishops = pos.pieces(PieceType::kBishop);
  const Bitboard others = (mine | theirs) & ~all_bishops;
  // Only bishops besides the kings, all on one square colour: every king has orthogonal
  // neighbours of the other colour that nothing can guard or block.
  if (others == 0 && ((all_bishops & kDarkSquares) == 0 || (all_bishops & kLightSquares) == 0))
    return true;
  if (theirs != 0) return false;
  // Against a bare king: a lone knight, or bishops of one colour only, cannot mate.
  if (mine == pos.pieces(side, PieceType::kKnight) && !more_than_one(mine)) return true;
  const Bitboard bishops = pos.pieces(side, PieceType::kBishop);
  return mine == bishops && ((bishops & kDarkSquares) == 0 || (bishops & kLightSquares) == 0);
}

bool frozen_structure_unwinnable(const Position& pos, Color side) {
  if (pos.castling_rights() != kNoCastling || pos.has_legal_en_passant()) return false;
  // Cheap necessary conditions first: there are pawns (without them nothing is confined),
  // and every pawn has a man in front of it.
  if (pos.pieces(PieceType::kPawn) == 0) return false;
  if ((pos.pieces(Color::kWhite, PieceType::kPawn) << 8) & ~pos.occupied()) return false;
  if ((pos.pieces(Color::kBlack, PieceType::kPawn) >> 8) & ~pos.occupied()) return false;
  const Bitboard pawns = pos.pieces(PieceType::kPawn);
  const std::array<Bitboard, 2> pawns_of = {pos.pieces(Color::kWhite, PieceType::kPawn),
                                            pos.pieces(Color::kBlack, PieceType::kPawn)};
  const std::array<Bitboard, 2> pawn_att = {
      pawn_set_attacks(Color::kWhite, pos.pieces(Color::kWhite, PieceType::kPawn)),
      pawn_set_attacks(Color::kBlack, pos.pieces(Color::kBlack, PieceType::kPawn))};
  // Kings confined to the squares they can reach while the pawns stand still; a king whose
  // region is its own square never moves and blocks a pawn in front of it like a pawn.
  std::array<Bitboard, 2> king_region{};
  Bitboard immobile = pawns;
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const int ci = index(c);
    const int ei = index(~c);
    const Square k = pos.king_square(c);
    if (bit(k) & pawn_att[ei]) return false;
    king_region[ci] = reachable(PieceType::kKing, k, pawns, pawn_att[ei]);
    if (king_region[ci] == bit(k)) immobile |= bit(k);
  }
  // A king may capture any enemy pawn not protected for ever: by a pawn, or by an immobile
  // king next to it.
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const int ci = index(c);
    const int ei = index(~c);
    const Square their_king = pos.king_square(~c);
    const Bitboard king_guard = (immobile & bit(their_king)) ? king_attacks(their_king) : 0;
    const Bitboard unprotected = pawns_of[ei] & ~pawn_att[ei] & ~king_guard;
    if (king_span(king_region[ci]) & unprotected) return false;
  }
  // Every pawn stands in front of another pawn or an immobile king: none can ever advance.
  if ((pawns_of[0] << 8) & ~immobile) return false;
  if ((pawns_of[1] >> 8) & ~immobile) return false;
  // No pawn can capture a pawn now.
  if ((pawn_att[0] & pawns_of[1]) || (pawn_att[1] & pawns_of[0])) return false;

  // Regions and attack spans of every piece; bail out if any piece could ever capture a
  // pawn or stand where a pawn could capture it.
  std::array<Bitboard, 2> attack_union{};
  std::array<std::array<Bitboard, 16>, 2> regions{};
  std::array<std::size_t, 2> region_count{};
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const int ci = index(c);
    const int ei = index(~c);
    for (PieceType t : kMinorAndMajor) {
      Bitboard b = pos.pieces(c, t);
      while (b) {
        const Square s = pop_lsb(b);
        const Bitboard region = reachable(t, s, pawns, 0);
        if (region & pawn_att[ei]) return false;
        const Bitboard span = attack_span(t, region, pawns);
        if (span & pawns_of[ei]) return false;
        attack_union[ci] |= span;
        if (region_count[ci] < regions[ci].size())
          regions[ci][region_count[ci]++] = region;
        else
          return false;  // more pieces than promotions allow: not worth proving
      }
    }
  }

  // The structure is frozen for ever. Look for a square where the defender's king could
  // stand in a mating net: attacked by some piece of `side`, with every flight square
  // blocked by a pawn, guarded by a pawn or piece of `side` or its king, or blocked by a
  // distinct defending piece.
  const int wi = index(side);
  const int li = index(~side);
  BlockerMatcher matcher(regions[li].data(), region_count[li]);
  Bitboard candidates = attack_union[wi] & king_region[li];
  while (candidates) {
    const Square k = pop_lsb(candidates);
    const Bitboard flights = king_attacks(k) & ~pawns & ~pawn_att[wi];
    const Bitboard king_guard = king_span(king_region[wi] & ~king_attacks(k) & ~bit(k));
    const Bitboard need_block = flights & ~attack_union[wi] & ~king_guard;
    if (popcount(need_block) > static_cast<int>(region_count[li])) continue;
    if (matcher.can_block_all(need_block)) return false;
  }
  return true;
}

bool statically_unwinnable(const Position& pos, Color side) {
  return material_unwinnable(pos, side) || minor_force_cannot_mate(pos, side) ||
         frozen_structure_unwinnable(pos, side) || locked_structure_unwinnable(pos, side) ||
         tempo_structure_unwinnable(pos, side);
}

}  // namespace corrchess::chess
