// The tempo proof (tempo_structure.h).
//
// Setting. Every pawn stands head-on against a pawn (so none can advance), no pawn attacks
// an enemy pawn, one side S (the "shuttler") has only its king besides pawns, and every piece
// of the other side O (computed over the squares it can ever reach with the pawns as walls,
// other men transparent) can never stand where an S pawn attacks nor attack an S pawn. Then,
// as long as no king captures a pawn, the pawns never change: pieces never take pawns, pawns
// never take pieces or pawns, kings are never taken. Only a king's capture of a pawn could
// change them.
//
// Abstraction. A real position maps to the state (S king square, O king square, side to
// move); O's pieces are forgotten. Abstract moves over-approximate real moves:
//  - S moves its king to any adjacent square that holds no S pawn, is not attacked by an O
//    pawn and is not next to the O king (O's pieces' attacks are ignored: more moves);
//  - O moves its king likewise, or "passes" (any piece move) when it has a piece.
// So every real game from pos, as long as the pawns stand, is a path in the abstract graph,
// and a state with no abstract move for the side to move is a real stalemate or mate.
//
// Mates. S can never give check: it has no piece, its king cannot discover one, and the O
// king never stands where an S pawn attacks. So S can mate only after the pawns change. O
// mates only by a move that checks, with every flight of the S king covered. The abstract
// edge into (s, o, S to move) "could check" when it is a pass and s lies in the union of
// O's pieces' attack spans, or a king move from f that uncovers a line from s through f to a
// square an O slider of that line's kind could stand on. It "could mate" when it could check
// and every square the S king could step to (adjacent, no S pawn, not attacked by an O pawn,
// not next to the O king) is in that union too (a flight is covered only by attacks; S has
// no man to block with, and its pawns never take a piece). No reachable edge that could mate
// means O never mates while the pawns stand.
//
// Captures of pawns. A king's capture of an unprotected pawn ends the abstraction, so it is
// allowed only when the side to move after it is stalemated (or mated) on the spot: after O's
// king takes an S pawn, S must have no abstract king move (its pawns are still blocked: the
// capturing king now stands in front of whatever the taken pawn blocked), and for O's
// question the capture must not uncover a check (else it could be mate); after S's king takes
// an O pawn, O must have no piece (a piece move would continue the game) and no king move.
// The game ends there, so no mate follows. Any other capture reachable in the graph: no proof.
//
// Why it proves what the static structure proofs cannot: the S king typically shuttles
// between two squares and must move every turn, so the squares it stands on alternate with
// the turn; the O king can approach it only in ways that leave it without a move (stalemate),
// and the mates that a static look at the regions allows are never reached with the right
// side to move.
#include "core/chess/tempo_structure.h"

#include <array>
#include <bitset>
#include <vector>

#include "core/chess/bitboard.h"

namespace corrchess::chess {
namespace {

// Squares a piece of type t on s can ever stand on with the pawns as walls (other men
// transparent: an over-approximation).
Bitboard tempo_region(PieceType t, Square s, Bitboard pawns) {
  Bitboard reach = bit(s);
  Bitboard frontier = reach;
  while (frontier) {
    Bitboard next = 0;
    while (frontier) next |= piece_attacks(t, pop_lsb(frontier), pawns);
    next &= ~pawns & ~reach;
    reach |= next;
    frontier = next;
  }
  return reach;
}

// What the pieces of the non-shuttling side can ever do.
struct PieceReach {
  Bitboard span = 0;        // every square one of them can ever attack
  Bitboard diagonal = 0;    // squares a bishop or queen can stand on
  Bitboard orthogonal = 0;  // squares a rook or queen can stand on
  bool any = false;         // it has a piece (a pass is possible)
};

// Could O's king moving from `from` to `to` uncover a check on the S king on s?
bool could_discover(Square s, Square from, Square to, Bitboard pawns, const PieceReach& r) {
  const Bitboard l = line(s, from);
  if (l == 0) return false;
  const bool diagonal = file_of(s) != file_of(from) && rank_of(s) != rank_of(from);
  const Bitboard stands = diagonal ? r.diagonal : r.orthogonal;
  if (stands == 0) return false;
  const Bitboard blockers = pawns | bit(to);
  if (between(s, from) & blockers) return false;
  const Bitboard rays = diagonal ? bishop_attacks(from, blockers) : rook_attacks(from, blockers);
  const Bitboard beyond = rays & l & ~between(s, from) & ~bit(s) & ~bit(to);
  return (beyond & stands) != 0;
}

}  // namespace

bool tempo_structure_unwinnable(const Position& pos, Color side) {
  const Bitboard pawns = pos.pieces(PieceType::kPawn);
  if (pawns == 0) return false;
  const Bitboard kings = pos.pieces(PieceType::kKing);
  const Bitboard white_pieces = pos.pieces(Color::kWhite) & ~pawns & ~kings;
  const Bitboard black_pieces = pos.pieces(Color::kBlack) & ~pawns & ~kings;
  if (white_pieces != 0 && black_pieces != 0) return false;
  const Color s_color = white_pieces == 0 ? Color::kWhite : Color::kBlack;
  const Color o_color = ~s_color;
  const Bitboard s_pawns = pos.pieces(s_color, PieceType::kPawn);
  const Bitboard o_pawns = pos.pieces(o_color, PieceType::kPawn);
  // Every pawn blocked head-on by a pawn, none attacking an enemy pawn.
  const Bitboard wp = pos.pieces(Color::kWhite, PieceType::kPawn);
  const Bitboard bp = pos.pieces(Color::kBlack, PieceType::kPawn);
  if ((wp << 8) & ~pawns) return false;
  if ((bp >> 8) & ~pawns) return false;
  const Bitboard s_pawn_att = pawn_set_attacks(s_color, s_pawns);
  const Bitboard o_pawn_att = pawn_set_attacks(o_color, o_pawns);
  if ((s_pawn_att & o_pawns) || (o_pawn_att & s_pawns)) return false;
  if (pos.castling_rights() != kNoCastling || pos.in_check() || pos.has_legal_en_passant())
    return false;

  PieceReach reach;
  Bitboard o_pieces = pos.pieces(o_color) & ~pawns & ~kings;
  reach.any = o_pieces != 0;
  while (o_pieces) {
    const Square sq = pop_lsb(o_pieces);
    const PieceType t = type_of(pos.piece_on(sq));
    const Bitboard region = tempo_region(t, sq, pawns);
    if (region & s_pawn_att) return false;  // an S pawn could take it
    Bitboard span = 0;
    for (Bitboard r = region; r;) span |= piece_attacks(t, pop_lsb(r), pawns);
    if (span & s_pawns) return false;  // it could take an S pawn
    reach.span |= span;
    if (t == PieceType::kBishop || t == PieceType::kQueen) reach.diagonal |= region;
    if (t == PieceType::kRook || t == PieceType::kQueen) reach.orthogonal |= region;
  }
  const bool o_asks = side == o_color;

  // S king's abstract moves with the O king on o (captures of O pawns included).
  auto s_moves = [&](Square s, Square o, Bitboard s_pawn_set) {
    return king_attacks(s) & ~s_pawn_set & ~o_pawn_att & ~king_attacks(o) & ~bit(o);
  };
  auto o_moves = [&](Square s, Square o, Bitboard o_pawn_set) {
    return king_attacks(o) & ~o_pawn_set & ~s_pawn_att & ~king_attacks(s) & ~bit(s);
  };
  // The edge into (s, o, S to move) could be O's mate.
  auto could_mate = [&](Square s, Square o, bool could_check) {
    return could_check && (s_moves(s, o, s_pawns) & ~reach.span) == 0;
  };

  // state = (s * 64 + o) * 2 + (O to move ? 1 : 0)
  std::bitset<64 * 64 * 2> seen;
  std::vector<int> todo;
  auto push = [&](Square s, Square o, bool o_to_move) {
    const int st = (static_cast<int>(s) * 64 + static_cast<int>(o)) * 2 + (o_to_move ? 1 : 0);
    if (!seen.test(static_cast<std::size_t>(st))) {
      seen.set(static_cast<std::size_t>(st));
      todo.push_back(st);
    }
  };
  push(pos.king_square(s_color), pos.king_square(o_color), pos.side_to_move() == o_color);
  while (!todo.empty()) {
    const int st = todo.back();
    todo.pop_back();
    const auto s = static_cast<Square>(st / 128);
    const auto o = static_cast<Square>(st / 2 % 64);
    if (st % 2 == 1) {  // O to move
      if (reach.any) {
        if (o_asks && could_mate(s, o, (reach.span & bit(s)) != 0)) return false;
        push(s, o, false);
      }
      for (Bitboard to = o_moves(s, o, o_pawns); to;) {
        const Square y = pop_lsb(to);
        const bool check = could_discover(s, o, y, pawns, reach);
        if (bit(y) & s_pawns) {  // takes an S pawn: S must be stalemated (or mated) at once
          if (s_moves(s, y, s_pawns & ~bit(y)) != 0) return false;
          if (o_asks && check) return false;
          continue;
        }
        if (o_asks && could_mate(s, y, check)) return false;
        push(s, y, false);
      }
    } else {  // S to move
      for (Bitboard to = s_moves(s, o, s_pawns); to;) {
        const Square x = pop_lsb(to);
        if (bit(x) & o_pawns) {  // takes an O pawn: O must be stalemated at once
          if (reach.any || o_moves(x, o, o_pawns & ~bit(x)) != 0) return false;
          continue;
        }
        push(x, o, true);
      }
    }
  }
  return true;
}

}  // namespace corrchess::chess
