// Move notation: SAN, UCI (long algebraic) and ICCF numeric, in and out.
//
// Writing needs a legal move (precondition: pos.is_legal(move)). Reading always ends by
// finding the move in pos.legal_moves(): a string that reads well but names no legal move is
// kIllegalMove, a SAN string that fits several legal moves is kAmbiguousMove, and text that no
// grammar accepts is kInvalidNotation. Each error's detail says why.
//
// Castling (Move kind kCastling, encoded as the king moving onto its own rook):
//   SAN      O-O / O-O-O in standard chess and Chess960 alike.
//   UCI      standard chess: the king's destination (e1g1); Chess960: king takes rook (e1h1).
//            Reading standard chess accepts both e1g1 and e1h1.
//   numeric  the king's destination square (5171 = O-O for White), in standard chess and in
//            Chess960. In Chess960 the king's destination can also be the target of an
//            ordinary king move (king b1, rook a1: O-O-O and Kc1 both end on c1); then the
//            square pair means the ordinary move, and castling is written in the
//            king-takes-rook form (2111), which the reader always accepts too.
#pragma once

#include <string>
#include <string_view>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/error.h"

namespace corrchess::chess {

// Strict SAN of a legal move: minimal disambiguation (file, else rank, else both), `x` for
// captures, `=Q` for promotions, `O-O`/`O-O-O` for castling, `+` for check, `#` for mate.
std::string to_san(const Position& pos, Move move);

// The move number as a game's text shows it before the next move: "12." with White to move,
// "12..." with Black.
std::string move_number_label(const Position& pos);

// UCI / long algebraic: from and to square plus a lowercase promotion letter (e7e8q).
// Castling: e1g1 in standard chess, king-takes-rook (e1h1) in Chess960 positions.
std::string to_uci(const Position& pos, Move move);

// ICCF numeric notation: file digit and rank digit of the from and to squares, plus a digit
// for promotions (1=Q 2=R 3=B 4=N): 5254 = e2-e4, 57581 = e7-e8=Q, 5171 = O-O.
std::string to_numeric(const Position& pos, Move move);

// Reads SAN leniently (rules.md 1.4): O-O/0-0, missing or extra +/#, e8Q or e8=Q (promotion
// letter in either case), over-disambiguation (Ngf3, Ng1f3), optional x or -, trailing
// annotation glyphs (!, ?, !?, ...), and fully specified squares without a piece letter
// (g1f3, e1g1). A pawn move without a from-file is a straight push (a capture needs its file);
// a king move written with a piece letter is never castling. No surrounding whitespace.
Result<Move> parse_san(const Position& pos, std::string_view text);

// Reads UCI (e2e4, e7e8q). Castling as described at the top of this header.
Result<Move> parse_uci(const Position& pos, std::string_view text);

// Reads ICCF numeric notation (4 digits, or 5 for a promotion).
Result<Move> parse_numeric(const Position& pos, std::string_view text);

// Reads a move in any of the three notations: all digits is ICCF numeric, square-square
// (with an optional promotion letter) is UCI, anything else is SAN.
Result<Move> parse_move(const Position& pos, std::string_view text);

// The square the king ends on when it castles with move m (precondition: m is castling):
// the c- or g-file of the king's rank.
Square castling_king_destination(Move m);

// The square the rook ends on when the king castles with move m (the d- or f-file).
Square castling_rook_destination(Move m);

}  // namespace corrchess::chess
