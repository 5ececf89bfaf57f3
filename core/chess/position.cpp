#include "core/chess/position.h"

#include <cassert>

#include <algorithm>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/castling_rights.h"
#include "core/chess/zobrist.h"

namespace corrchess::chess {

namespace {

using detail::back_rank;
using detail::right_color;
using detail::right_is_king_side;

constexpr Color kWhite = Color::kWhite;
constexpr Color kBlack = Color::kBlack;

constexpr Square king_castle_target(Color c, bool king_side) {
  return make_square(king_side ? 6 : 2, back_rank(c));
}
constexpr Square rook_castle_target(Color c, bool king_side) {
  return make_square(king_side ? 5 : 3, back_rank(c));
}

}  // namespace

// ---------------------------------------------------------------------------------------
// MoveList

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

// ---------------------------------------------------------------------------------------
// Board editing

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_color_[index(color_of(p))] |= bit(s);
  by_type_[index(type_of(p))] |= bit(s);
  key_ ^= zobrist::piece(p, s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  board_[s] = Piece::kNoPiece;
  by_color_[index(color_of(p))] ^= bit(s);
  by_type_[index(type_of(p))] ^= bit(s);
  key_ ^= zobrist::piece(p, s);
}

void Position::update_castling_touch() {
  castling_touch_ = 0;
  for (int i = 0; i < 4; ++i) {
    if (!(castling_ & (1 << i))) continue;
    castling_touch_ |= bit(castling_rook_[i]);
    castling_touch_ |= pieces(right_color(i), PieceType::kKing);
  }
}

std::uint64_t Position::castling_key() const {
  std::uint64_t k = 0;
  for (int i = 0; i < 4; ++i)
    if (castling_ & (1 << i)) k ^= zobrist::castling(i, file_of(castling_rook_[i]));
  return k;
}

void Position::set_castling_rights(std::uint8_t rights) {
  key_ ^= castling_key();
  castling_ = rights;
  for (int i = 0; i < 4; ++i)
    if (!(rights & (1 << i))) castling_rook_[i] = kNoSquare;
  key_ ^= castling_key();
  update_castling_touch();
}

Square Position::king_square(Color c) const { return lsb(pieces(c, PieceType::kKing)); }

Square Position::castling_rook(CastlingRight right) const {
  if (right == 0 || (right & (right - 1)) != 0) return kNoSquare;
  return castling_rook_[std::countr_zero(static_cast<unsigned>(right))];
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(kBlack, s) & pieces(kWhite, PieceType::kPawn)) |
         (pawn_attacks(kWhite, s) & pieces(kBlack, PieceType::kPawn)) |
         (knight_attacks(s) & by_type_[index(PieceType::kKnight)]) |
         (king_attacks(s) & by_type_[index(PieceType::kKing)]) |
         (bishop_attacks(s, occ) &
          (by_type_[index(PieceType::kBishop)] | by_type_[index(PieceType::kQueen)])) |
         (rook_attacks(s, occ) &
          (by_type_[index(PieceType::kRook)] | by_type_[index(PieceType::kQueen)]));
}

bool Position::attacked_by(Square s, Color c) const {
  return (attackers_to(s, occupied()) & pieces(c)) != 0;
}

Bitboard Position::pinned(Color c) const {
  const Square ksq = king_square(c);
  const Bitboard them = pieces(~c);
  const Bitboard queens = by_type_[index(PieceType::kQueen)];
  Bitboard snipers = ((rook_attacks(ksq, 0) & (by_type_[index(PieceType::kRook)] | queens)) |
                      (bishop_attacks(ksq, 0) & (by_type_[index(PieceType::kBishop)] | queens))) &
                     them;
  const Bitboard occ = occupied();
  Bitboard result = 0;
  while (snipers) {
    const Bitboard b = between(ksq, pop_lsb(snipers)) & occ;
    if (b && !more_than_one(b)) result |= b & pieces(c);
  }
  return result;
}

void Position::compute_checkers() {
  checkers_ = attackers_to(king_square(side_), occupied()) & pieces(~side_);
}

// ---------------------------------------------------------------------------------------
// Move generation. Sinks receive target sets; the counting sink only adds popcounts.

struct Position::ListSink {
  MoveList& list;
  [[gnu::always_inline]] void add(Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, pop_lsb(targets)));
  }
  [[gnu::always_inline]] void add_pawn(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      list.push_back(Move(static_cast<Square>(to - offset), to));
    }
  }
  [[gnu::always_inline]] void add_promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      const auto from = static_cast<Square>(to - offset);
      list.push_back(Move(from, to, MoveKind::kPromotion, PieceType::kQueen));
      list.push_back(Move(from, to, MoveKind::kPromotion, PieceType::kRook));
      list.push_back(Move(from, to, MoveKind::kPromotion, PieceType::kBishop));
      list.push_back(Move(from, to, MoveKind::kPromotion, PieceType::kKnight));
    }
  }
  [[gnu::always_inline]] void add_move(Move m) { list.push_back(m); }
};

struct Position::CountSink {
  std::size_t count = 0;
  [[gnu::always_inline]] void add(Square, Bitboard targets) { count += popcount(targets); }
  [[gnu::always_inline]] void add_pawn(Bitboard targets, int) { count += popcount(targets); }
  [[gnu::always_inline]] void add_promotions(Bitboard targets, int) {
    count += 4 * static_cast<std::size_t>(popcount(targets));
  }
  [[gnu::always_inline]] void add_move(Move) { ++count; }
};

template <Color Us>
bool Position::en_passant_legal(Square from) const {
  constexpr Color kThem = ~Us;
  const Square to = ep_square_;
  const Square captured = make_square(file_of(to), rank_of(from));
  const Square ksq = king_square(Us);
  if (checkers_) {
    if (more_than_one(checkers_)) return false;
    const Square checker = lsb(checkers_);
    // The capture must remove the checker or land between it and the king.
    if (!((bit(captured) & checkers_) || (bit(to) & between(ksq, checker)))) return false;
  }
  const Bitboard occ = (occupied() ^ bit(from) ^ bit(captured)) | bit(to);
  const Bitboard queens = pieces(kThem, PieceType::kQueen);
  return !(rook_attacks(ksq, occ) & (pieces(kThem, PieceType::kRook) | queens)) &&
         !(bishop_attacks(ksq, occ) & (pieces(kThem, PieceType::kBishop) | queens));
}

template <Color Us>
bool Position::any_legal_en_passant() const {
  if (ep_square_ == kNoSquare) return false;
  Bitboard candidates = pawn_attacks(~Us, ep_square_) & pieces(Us, PieceType::kPawn);
  while (candidates)
    if (en_passant_legal<Us>(pop_lsb(candidates))) return true;
  return false;
}

template <Color Us>
bool Position::castling_legal(int i) const {
  const bool king_side = right_is_king_side(i);
  const Square ksq = king_square(Us);
  const Square rsq = castling_rook_[i];
  const Square kto = king_castle_target(Us, king_side);
  const Square rto = rook_castle_target(Us, king_side);
  const Bitboard king_path = between(ksq, kto) | bit(kto);
  const Bitboard must_be_empty =
      (king_path | between(rsq, rto) | bit(rto)) & ~(bit(ksq) | bit(rsq));
  if (occupied() & must_be_empty) return false;
  // Attacks are judged with king and rook lifted, so the rook cannot shield the king's path.
  const Bitboard occ = occupied() ^ bit(ksq) ^ bit(rsq);
  const Bitboard them = pieces(~Us);
  Bitboard path = king_path;
  while (path)
    if (attackers_to(pop_lsb(path), occ) & them) return false;
  return true;
}

// King moves: the king is lifted so sliders see through its current square.
template <Color Us, class Sink>
void Position::generate_king_moves(Sink& sink) const {
  constexpr Color kThem = ~Us;
  const Bitboard us = pieces(Us);
  const Bitboard occ = us | pieces(kThem);
  const Square ksq = king_square(Us);
  Bitboard targets = king_attacks(ksq) & ~us;
  const Bitboard occ_without_king = occ ^ bit(ksq);
  const Bitboard their_pawns = pieces(kThem, PieceType::kPawn);
  const Bitboard their_knights = pieces(kThem, PieceType::kKnight);
  const Bitboard their_diag = pieces(kThem, PieceType::kBishop) | pieces(kThem, PieceType::kQueen);
  const Bitboard their_orth = pieces(kThem, PieceType::kRook) | pieces(kThem, PieceType::kQueen);
  const Square their_king = king_square(kThem);
  Bitboard safe = 0;
  while (targets) {
    const Square to = pop_lsb(targets);
    if ((pawn_attacks(Us, to) & their_pawns) || (knight_attacks(to) & their_knights) ||
        (king_attacks(to) & bit(their_king)) ||
        (bishop_attacks(to, occ_without_king) & their_diag) ||
        (rook_attacks(to, occ_without_king) & their_orth))
      continue;
    safe |= bit(to);
  }
  sink.add(ksq, safe);
}

// Pawns landing on `target`: free pawns set-wise, pinned pawns (of `pinned_men`) one by one
// restricted to their pin line; en passant.
template <Color Us, class Sink>
void Position::generate_pawn_moves(Sink& sink, Bitboard target, Bitboard pinned_men) const {
  constexpr Color kThem = ~Us;
  constexpr int kUp = Us == kWhite ? 8 : -8;
  const Bitboard them = pieces(kThem);
  const Bitboard occ = pieces(Us) | them;
  const Square ksq = king_square(Us);
  const Bitboard pawns = pieces(Us, PieceType::kPawn);
  const Bitboard empty = ~occ;
  const Bitboard seventh = relative_rank_bb(Us, 6);
  const Bitboard third = relative_rank_bb(Us, 2);
  auto emit = [&](Bitboard group, Bitboard mask) {
    const Bitboard normal = group & ~seventh;
    const Bitboard promoting = group & seventh;
    const Bitboard single = pawn_push<Us>(normal) & empty;
    const Bitboard dbl = pawn_push<Us>(single & third) & empty;
    sink.add_pawn(single & mask, kUp);
    sink.add_pawn(dbl & mask, 2 * kUp);
    sink.add_pawn(pawn_attacks_west<Us>(normal) & them & mask, kUp - 1);
    sink.add_pawn(pawn_attacks_east<Us>(normal) & them & mask, kUp + 1);
    if (promoting) {
      sink.add_promotions(pawn_push<Us>(promoting) & empty & mask, kUp);
      sink.add_promotions(pawn_attacks_west<Us>(promoting) & them & mask, kUp - 1);
      sink.add_promotions(pawn_attacks_east<Us>(promoting) & them & mask, kUp + 1);
    }
  };
  emit(pawns & ~pinned_men, target);
  if (!checkers_) {  // a pinned man can never resolve a check
    Bitboard pinned_pawns = pawns & pinned_men;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      emit(bit(from), target & line(ksq, from));
    }
  }
  if (ep_square_ != kNoSquare) {
    Bitboard candidates = pawn_attacks(kThem, ep_square_) & pawns;
    while (candidates) {
      const Square from = pop_lsb(candidates);
      if (en_passant_legal<Us>(from)) sink.add_move(Move(from, ep_square_, MoveKind::kEnPassant));
    }
  }
}

template <Color Us, class Sink>
void Position::generate(Sink& sink) const {
  constexpr Color kThem = ~Us;
  const Bitboard us = pieces(Us);
  const Bitboard them = pieces(kThem);
  const Bitboard occ = us | them;
  const Square ksq = king_square(Us);

  generate_king_moves<Us>(sink);
  if (more_than_one(checkers_)) return;

  // Squares a non-king move must land on: anywhere not ours, or block/capture a single checker.
  Bitboard target = ~us;
  if (checkers_) target &= between(ksq, lsb(checkers_)) | checkers_;
  const Bitboard pinned_men = pinned(Us);

  // Knights (a pinned knight can never move).
  {
    Bitboard knights = pieces(Us, PieceType::kKnight) & ~pinned_men;
    while (knights) {
      const Square from = pop_lsb(knights);
      sink.add(from, knight_attacks(from) & target);
    }
  }
  // Sliders; a pinned slider stays on the line through its king.
  {
    const Bitboard queens = pieces(Us, PieceType::kQueen);
    Bitboard diag = pieces(Us, PieceType::kBishop) | queens;
    while (diag) {
      const Square from = pop_lsb(diag);
      Bitboard t = bishop_attacks(from, occ) & target;
      if (pinned_men & bit(from)) t &= line(ksq, from);
      sink.add(from, t);
    }
    Bitboard orth = pieces(Us, PieceType::kRook) | queens;
    while (orth) {
      const Square from = pop_lsb(orth);
      Bitboard t = rook_attacks(from, occ) & target;
      if (pinned_men & bit(from)) t &= line(ksq, from);
      sink.add(from, t);
    }
  }
  generate_pawn_moves<Us>(sink, target, pinned_men);
  // Castling.
  if (!checkers_ && castling_) {
    for (int i = index(Us) * 2; i < index(Us) * 2 + 2; ++i) {
      if ((castling_ & (1 << i)) && castling_legal<Us>(i))
        sink.add_move(Move(king_square(Us), castling_rook_[i], MoveKind::kCastling));
    }
  }
}

void Position::legal_moves(MoveList& out) const {
  out.clear();
  ListSink sink{out};
  if (side_ == kWhite)
    generate<kWhite>(sink);
  else
    generate<kBlack>(sink);
}

MoveList Position::legal_moves() const {
  MoveList list;
  legal_moves(list);
  return list;
}

std::size_t Position::count_legal_moves() const {
  CountSink sink;
  if (side_ == kWhite)
    generate<kWhite>(sink);
  else
    generate<kBlack>(sink);
  return sink.count;
}

bool Position::is_legal(Move m) const { return legal_moves().contains(m); }

bool Position::has_legal_en_passant() const {
  return side_ == kWhite ? any_legal_en_passant<kWhite>() : any_legal_en_passant<kBlack>();
}

// ---------------------------------------------------------------------------------------
// Making moves

void Position::refresh_en_passant_key() {
  const bool legal = has_legal_en_passant();
  if (legal != ep_in_key_) {
    key_ ^= zobrist::en_passant(file_of(ep_square_));
    ep_in_key_ = legal;
  }
}

void Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from();
  const Square to = m.to();
  const Piece moving = board_[from];

  if (ep_in_key_) {
    key_ ^= zobrist::en_passant(file_of(ep_square_));
    ep_in_key_ = false;
  }
  ep_square_ = kNoSquare;
  ++halfmove_clock_;
  if (us == kBlack) ++fullmove_number_;

  switch (m.kind()) {
    case MoveKind::kNormal: {
      if (board_[to] != Piece::kNoPiece) {
        remove_piece(to);
        halfmove_clock_ = 0;
      }
      remove_piece(from);
      put_piece(moving, to);
      if (type_of(moving) == PieceType::kPawn) {
        halfmove_clock_ = 0;
        if ((from ^ to) == 16) ep_square_ = static_cast<Square>((from + to) / 2);
      }
      break;
    }
    case MoveKind::kPromotion: {
      if (board_[to] != Piece::kNoPiece) remove_piece(to);
      remove_piece(from);
      put_piece(make_piece(us, m.promotion()), to);
      halfmove_clock_ = 0;
      break;
    }
    case MoveKind::kEnPassant: {
      remove_piece(make_square(file_of(to), rank_of(from)));
      remove_piece(from);
      put_piece(moving, to);
      halfmove_clock_ = 0;
      break;
    }
    case MoveKind::kCastling: {
      const bool king_side = to > from;
      const Piece rook = board_[to];
      remove_piece(from);
      remove_piece(to);
      put_piece(moving, king_castle_target(us, king_side));
      put_piece(rook, rook_castle_target(us, king_side));
      break;
    }
  }

  if (castling_touch_ & (bit(from) | bit(to))) {
    std::uint8_t rights = castling_;
    for (int i = 0; i < 4; ++i) {
      if (!(rights & (1 << i))) continue;
      const Square rook = castling_rook_[i];
      const bool king_moved = right_color(i) == us && type_of(moving) == PieceType::kKing;
      if (king_moved || from == rook || to == rook) rights &= static_cast<std::uint8_t>(~(1 << i));
    }
    set_castling_rights(rights);
  }

  side_ = ~us;
  key_ ^= zobrist::side();
  compute_checkers();
  if (ep_square_ != kNoSquare) {
    if (pawn_attacks(us, ep_square_) & pieces(side_, PieceType::kPawn)) refresh_en_passant_key();
  }
  assert(is_consistent());
}

bool Position::is_consistent() const {
  std::array<Bitboard, 2> colors{};
  std::array<Bitboard, 7> types{};
  std::uint64_t key = side_ == kBlack ? zobrist::side() : 0;
  for (int i = 0; i < 64; ++i) {
    const auto sq = static_cast<Square>(i);
    const Piece p = board_[sq];
    if (p == Piece::kNoPiece) continue;
    colors[index(color_of(p))] |= bit(sq);
    types[index(type_of(p))] |= bit(sq);
    key ^= zobrist::piece(p, sq);
  }
  if (colors != by_color_ || types != by_type_ || (by_color_[0] & by_color_[1])) return false;
  for (Color c : {kWhite, kBlack}) {
    if (std::popcount(pieces(c, PieceType::kKing)) != 1) return false;
  }
  constexpr Bitboard kBackRanks = 0xFF000000000000FFULL;
  if (pieces(PieceType::kPawn) & kBackRanks) return false;
  for (int i = 0; i < 4; ++i) {
    if (!(castling_ & (1 << i))) continue;
    const Square rook = castling_rook_[i];
    if (rook == kNoSquare || board_[rook] != make_piece(right_color(i), PieceType::kRook)) {
      return false;
    }
  }
  key ^= castling_key();
  if (ep_in_key_) {
    if (ep_square_ == kNoSquare) return false;
    key ^= zobrist::en_passant(file_of(ep_square_));
  }
  if (key != key_) return false;
  if (checkers_ != (attackers_to(king_square(side_), occupied()) & pieces(~side_))) return false;
  if (attackers_to(king_square(~side_), occupied()) & pieces(side_)) return false;
  return halfmove_clock_ >= 0 && fullmove_number_ >= 1;
}

// ---------------------------------------------------------------------------------------
// Queries

bool Position::is_capture(Move m) const {
  if (m.kind() == MoveKind::kEnPassant) return true;
  if (m.kind() == MoveKind::kCastling) return false;
  return board_[m.to()] != Piece::kNoPiece;
}

bool Position::is_zeroing(Move m) const {
  return is_capture(m) || type_of(board_[m.from()]) == PieceType::kPawn;
}

bool Position::gives_check(Move m) const {
  // Castling and en passant move two men: play them. Otherwise check geometrically: the
  // moved (or promoted) man attacks the king from its new square, or leaving its old square
  // uncovers a slider of the mover.
  if (m.kind() == MoveKind::kCastling || m.kind() == MoveKind::kEnPassant)
    return after(m).in_check();
  const Color us = side_;
  const Square ksq = king_square(~us);
  const Bitboard from = bit(m.from());
  const Bitboard occ = (occupied() & ~from) | bit(m.to());
  const PieceType moved =
      m.kind() == MoveKind::kPromotion ? m.promotion() : type_of(board_[m.from()]);
  // A king never checks directly (it cannot stand next to the other king).
  const Bitboard direct = moved == PieceType::kPawn   ? pawn_attacks(us, m.to())
                          : moved == PieceType::kKing ? 0
                                                      : piece_attacks(moved, m.to(), occ);
  if (direct & bit(ksq)) return true;
  const Bitboard queens = pieces(us, PieceType::kQueen);
  const Bitboard diagonal = (pieces(us, PieceType::kBishop) | queens) & ~from;
  const Bitboard straight = (pieces(us, PieceType::kRook) | queens) & ~from;
  return ((bishop_attacks(ksq, occ) & diagonal) | (rook_attacks(ksq, occ) & straight)) != 0;
}

CheckSquares Position::check_squares() const {
  CheckSquares cs;
  const Color us = side_;
  const Square ksq = king_square(~us);
  const Bitboard occ = occupied();
  cs.direct[index(PieceType::kPawn)] = pawn_attacks(~us, ksq);
  cs.direct[index(PieceType::kKnight)] = knight_attacks(ksq);
  cs.direct[index(PieceType::kBishop)] = bishop_attacks(ksq, occ);
  cs.direct[index(PieceType::kRook)] = rook_attacks(ksq, occ);
  cs.direct[index(PieceType::kQueen)] =
      cs.direct[index(PieceType::kBishop)] | cs.direct[index(PieceType::kRook)];
  // A man can uncover a check only if it is the first one seen from the king along a line
  // on which the mover has a slider of that line's kind.
  const Bitboard queens = pieces(us, PieceType::kQueen);
  if (bishop_attacks(ksq, 0) & (pieces(us, PieceType::kBishop) | queens))
    cs.discoverers |= cs.direct[index(PieceType::kBishop)] & pieces(us);
  if (rook_attacks(ksq, 0) & (pieces(us, PieceType::kRook) | queens))
    cs.discoverers |= cs.direct[index(PieceType::kRook)] & pieces(us);
  return cs;
}

bool Position::gives_check(Move m, const CheckSquares& squares) const {
  // Castling, en passant and promotions change more than one square's role, and a possible
  // discoverer needs the line checked: the general test decides those.
  if (m.kind() != MoveKind::kNormal || (squares.discoverers & bit(m.from()))) return gives_check(m);
  // A slider whose own old square lay between its new square and the king would already have
  // been giving check, so the squares computed with the old occupancy are exact.
  return (squares.direct[index(type_of(board_[m.from()]))] & bit(m.to())) != 0;
}

bool Position::is_checkmate() const { return in_check() && count_legal_moves() == 0; }

bool Position::is_stalemate() const { return !in_check() && count_legal_moves() == 0; }

int Position::men_count() const { return popcount(occupied()); }

bool Position::is_insufficient_material() const {
  if (pieces(PieceType::kPawn) | pieces(PieceType::kRook) | pieces(PieceType::kQueen)) return false;
  if (men_count() <= 3) return true;  // K v K, K v KB, K v KN
  if (pieces(PieceType::kKnight)) return false;
  const Bitboard bishops = pieces(PieceType::kBishop);
  return !(bishops & kDarkSquares) || !(bishops & kLightSquares);
}

bool Position::operator==(const Position& other) const {
  return key_ == other.key_ && board_ == other.board_ && side_ == other.side_ &&
         castling_ == other.castling_ && castling_rook_ == other.castling_rook_ &&
         has_legal_en_passant() == other.has_legal_en_passant() &&
         (!has_legal_en_passant() || ep_square_ == other.ep_square_) &&
         halfmove_clock_ == other.halfmove_clock_ && fullmove_number_ == other.fullmove_number_ &&
         chess960_ == other.chess960_;
}

}  // namespace corrchess::chess
