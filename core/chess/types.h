// The chess vocabulary: colours, pieces, squares, bitboards and moves.
// Everything here is a small value type; no allocation, no I/O.
#pragma once

#include <cstdint>
#include <string>

namespace corrchess::chess {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { kNone = 0, kPawn, kKnight, kBishop, kRook, kQueen, kKing };
constexpr int index(PieceType t) { return static_cast<int>(t); }

// A piece is colour + type; kNoPiece for an empty square.
enum class Piece : std::uint8_t {
  kNoPiece = 0,
  kWhitePawn = 1,
  kWhiteKnight,
  kWhiteBishop,
  kWhiteRook,
  kWhiteQueen,
  kWhiteKing,
  kBlackPawn = 9,
  kBlackKnight,
  kBlackBishop,
  kBlackRook,
  kBlackQueen,
  kBlackKing,
};
constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(index(c) * 8 + index(t));
}
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(static_cast<int>(p) & 7); }
constexpr Color color_of(Piece p) { return static_cast<Color>(static_cast<int>(p) >> 3); }

// Squares a1=0, b1=1, ..., h8=63. kNoSquare (64) marks "none".
using Square = std::uint8_t;
constexpr Square kNoSquare = 64;
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
// "e4" for a square; "-" for kNoSquare.
std::string square_name(Square s);

// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2).
// Castling is encoded as the king moving onto its own rook's square (so standard
// chess and Chess960 share one encoding); the king and rook destinations follow
// from the side (to > from: king side).
enum class MoveKind : std::uint8_t { kNormal = 0, kPromotion = 1, kEnPassant = 2, kCastling = 3 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::kNormal,
                 PieceType promotion = PieceType::kKnight)
      : data_(static_cast<std::uint16_t>(from | (to << 6) |
                                         ((index(promotion) - index(PieceType::kKnight)) << 12) |
                                         (static_cast<int>(kind) << 14))) {}

  constexpr Square from() const { return static_cast<Square>(data_ & 63); }
  constexpr Square to() const { return static_cast<Square>((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>(data_ >> 14); }
  // Only meaningful when kind() == kPromotion.
  constexpr PieceType promotion() const {
    return static_cast<PieceType>(((data_ >> 12) & 3) + index(PieceType::kKnight));
  }
  constexpr bool is_null() const { return data_ == 0; }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

// Castling rights as four bits: white king side, white queen side, black king side,
// black queen side. The rook squares they refer to are stored in the Position.
enum CastlingRight : std::uint8_t {
  kNoCastling = 0,
  kWhiteKingSide = 1,
  kWhiteQueenSide = 2,
  kBlackKingSide = 4,
  kBlackQueenSide = 8,
  kAllCastling = 15,
};

}  // namespace corrchess::chess
