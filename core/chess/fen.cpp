// Position's FEN half: the start positions, reading a FEN (placement, side, castling in
// X-FEN and Shredder-FEN, en passant, counters), the checks of "could a game reach this?"
// at the strictness asked for, and printing a position back as FEN. Moves and queries are in
// position.cpp.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/castling_rights.h"
#include "core/chess/chess960.h"
#include "core/chess/position.h"
#include "core/chess/zobrist.h"

namespace corrchess::chess {

namespace {

using detail::back_rank;
using detail::right_color;
using detail::right_index_of;
using detail::right_is_king_side;

constexpr Color kWhite = Color::kWhite;
constexpr Color kBlack = Color::kBlack;

constexpr char kPieceChars[] = " PNBRQK  pnbrqk ";

Piece piece_from_char(char ch) {
  for (int i = 0; i < 16; ++i)
    if (kPieceChars[i] == ch && ch != ' ') return static_cast<Piece>(i);
  return Piece::kNoPiece;
}

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    if (i >= s.size()) break;
    std::size_t j = i;
    while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// Non-negative decimal counter of at most 6 digits; -1 when malformed.
int parse_counter(std::string_view s) {
  if (s.empty() || s.size() > 6) return -1;
  int value = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return -1;
    value = value * 10 + (ch - '0');
  }
  return value;
}

}  // namespace

Position Position::startpos() {
  static const Position kStart =
      *from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  return kStart;
}

Result<Position> Position::chess960_start(int n) {
  const std::string white = chess960_back_rank(n);
  if (white.empty()) return fail(ErrorCode::kInvalidFen, "Scharnagl number must be 0..959");
  std::string black = white;
  for (char& ch : black) ch = static_cast<char>(ch - 'A' + 'a');
  return from_fen(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1", true);
}

Result<void> Position::parse_castling(std::string_view field) {
  if (field == "-") return {};
  if (field.empty() || field.size() > 4) return fail(ErrorCode::kInvalidFen, "bad castling field");
  bool shredder = false;
  std::uint8_t rights = 0;
  for (char ch : field) {
    const bool valid = (ch >= 'A' && ch <= 'H') || (ch >= 'a' && ch <= 'h') || ch == 'K' ||
                       ch == 'Q' || ch == 'k' || ch == 'q';
    if (!valid)
      return fail(ErrorCode::kInvalidFen, std::string("bad castling character '") + ch + "'");
    const bool upper = ch >= 'A' && ch <= 'Z';
    const Color c = upper ? kWhite : kBlack;
    const char lower = upper ? static_cast<char>(ch - 'A' + 'a') : ch;
    const int rank = back_rank(c);
    const Bitboard kings = pieces(c, PieceType::kKing) & rank_bb(rank);
    if (!kings)
      return fail(ErrorCode::kInvalidFen,
                  std::string("castling right '") + ch + "' but the king is not on its back rank");
    const Square ksq = lsb(kings);
    const Bitboard rooks = pieces(c, PieceType::kRook) & rank_bb(rank);
    Square rsq = kNoSquare;
    if (lower == 'k') {
      const Bitboard side_rooks = rooks & ~((bit(ksq) << 1) - 1);
      if (side_rooks) rsq = static_cast<Square>(63 - std::countl_zero(side_rooks));
    } else if (lower == 'q') {
      const Bitboard side_rooks = rooks & (bit(ksq) - 1);
      if (side_rooks) rsq = lsb(side_rooks);
    } else {
      shredder = true;
      const Square s = make_square(lower - 'a', rank);
      if (rooks & bit(s)) rsq = s;
    }
    if (rsq == kNoSquare)
      return fail(ErrorCode::kInvalidFen,
                  std::string("castling right '") + ch + "' has no rook on the matching square");
    if (rsq == ksq) return fail(ErrorCode::kInvalidFen, "castling rook on the king's square");
    const int i = right_index_of(c, rsq > ksq);
    if (rights & (1 << i))
      return fail(ErrorCode::kInvalidFen, std::string("duplicate castling right on one side: '") +
                                              std::string(field) + "'");
    rights |= static_cast<std::uint8_t>(1 << i);
    castling_rook_[i] = rsq;
    if (file_of(ksq) != 4 || (file_of(rsq) != 0 && file_of(rsq) != 7)) chess960_ = true;
  }
  if (shredder) chess960_ = true;
  castling_ = rights;
  return {};
}

Result<void> Position::validate(FenCheck check) const {
  const bool strict = check == FenCheck::kGame;
  for (Color c : {kWhite, kBlack}) {
    const int kings = popcount(pieces(c, PieceType::kKing));
    if (kings != 1)
      return fail(ErrorCode::kInvalidFen, std::string(c == kWhite ? "white" : "black") +
                                              " must have exactly one king, has " +
                                              std::to_string(kings));
  }
  if (pieces(PieceType::kPawn) & (kRank1 | kRank8))
    return fail(ErrorCode::kInvalidFen, "pawn on the first or eighth rank");
  for (Color c : {kWhite, kBlack}) {
    const char* name = c == kWhite ? "white" : "black";
    const int pawns = popcount(pieces(c, PieceType::kPawn));
    if (pawns > 8)
      return fail(ErrorCode::kInvalidFen, std::string("more than 8 ") + name + " pawns");
    if (popcount(pieces(c)) > 16)
      return fail(ErrorCode::kInvalidFen, std::string("more than 16 ") + name + " men");
    // Every piece beyond the initial set must come from a promotion, i.e. a missing pawn.
    const int extra = std::max(0, popcount(pieces(c, PieceType::kQueen)) - 1) +
                      std::max(0, popcount(pieces(c, PieceType::kRook)) - 2) +
                      std::max(0, popcount(pieces(c, PieceType::kBishop)) - 2) +
                      std::max(0, popcount(pieces(c, PieceType::kKnight)) - 2);
    if (extra > 8 - pawns && check != FenCheck::kAnalysis)
      return fail(ErrorCode::kInvalidFen,
                  std::string("more promoted ") + name + " pieces than missing pawns");
  }
  const Color them = ~side_;
  if (attackers_to(king_square(them), occupied()) & pieces(side_))
    return fail(ErrorCode::kInvalidFen, "the side not to move is in check");

  const Square ksq = king_square(side_);
  const int n_checkers = popcount(checkers_);
  if (n_checkers > 2) return fail(ErrorCode::kInvalidFen, "more than two pieces give check");
  if (!strict) return {};

  // Castling rights need an unmoved king and rook of one (mirrored) start array.
  for (Color c : {kWhite, kBlack}) {
    const int mask = 3 << (2 * index(c));
    if ((castling_ & mask) && (file_of(king_square(c)) == 0 || file_of(king_square(c)) == 7))
      return fail(ErrorCode::kInvalidFen, "castling right for a king on the a- or h-file");
  }
  if ((castling_ & 3) && (castling_ & 12) &&
      file_of(king_square(kWhite)) != file_of(king_square(kBlack)))
    return fail(ErrorCode::kInvalidFen,
                "both sides have castling rights but kings on different files");
  for (int i = 0; i < 2; ++i) {
    if ((castling_ & (1 << i)) && (castling_ & (4 << i)) &&
        file_of(castling_rook_[i]) != file_of(castling_rook_[i + 2]))
      return fail(ErrorCode::kInvalidFen, "castling rooks of the two sides on different files");
  }

  if (n_checkers == 2 &&
      (line(lsb(checkers_), static_cast<Square>(63 - std::countl_zero(checkers_))) & bit(ksq)))
    return fail(ErrorCode::kInvalidFen, "impossible double check (both checkers on one line)");
  if (n_checkers == 2) {
    // One of two checkers must have been uncovered, so at least one must be a slider.
    const Bitboard sliders =
        pieces(PieceType::kBishop) | pieces(PieceType::kRook) | pieces(PieceType::kQueen);
    if (!(checkers_ & sliders))
      return fail(ErrorCode::kInvalidFen, "impossible double check (no slider among checkers)");
  }
  if (ep_square_ != kNoSquare && checkers_) {
    // The last move was the double step to `pushed_to`: it can only have checked by the
    // pawn itself or by uncovering a slider's line through the pawn's start square.
    const int dir = side_ == kWhite ? -8 : 8;
    const auto pushed_to = static_cast<Square>(ep_square_ + dir);
    const auto pushed_from = static_cast<Square>(ep_square_ - dir);
    if (n_checkers > 1)
      return fail(ErrorCode::kInvalidFen, "double check is impossible after a double pawn step");
    const Square checker = lsb(checkers_);
    if (checker != pushed_to && !(between(checker, ksq) & bit(pushed_from)))
      return fail(ErrorCode::kInvalidFen,
                  "check unrelated to the double pawn step implied by the en-passant square");
  }
  return {};
}

Result<Position> Position::from_fen(std::string_view fen, bool chess960) {
  return parse_fen(fen, chess960, FenCheck::kGame);
}

Result<Position> Position::from_fen_relaxed(std::string_view fen, bool chess960) {
  return parse_fen(fen, chess960, FenCheck::kRelaxed);
}

Result<Position> Position::from_fen_for_analysis(std::string_view fen, bool chess960) {
  return parse_fen(fen, chess960, FenCheck::kAnalysis);
}

// Eight ranks from the eighth down, each summing to eight files.
Result<void> Position::parse_placement(std::string_view field) {
  int rank = 7;
  int file = 0;
  bool last_was_digit = false;
  for (char ch : field) {
    if (ch == '/') {
      if (file != 8)
        return fail(ErrorCode::kInvalidFen,
                    "rank " + std::to_string(rank + 1) + " does not have 8 squares");
      if (rank == 0) return fail(ErrorCode::kInvalidFen, "more than 8 ranks");
      --rank;
      file = 0;
      last_was_digit = false;
    } else if (ch >= '1' && ch <= '8') {
      if (last_was_digit) return fail(ErrorCode::kInvalidFen, "two digits in a row in placement");
      file += ch - '0';
      if (file > 8)
        return fail(ErrorCode::kInvalidFen,
                    "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      last_was_digit = true;
    } else {
      const Piece p = piece_from_char(ch);
      if (p == Piece::kNoPiece)
        return fail(ErrorCode::kInvalidFen, std::string("bad placement character '") + ch + "'");
      if (file >= 8)
        return fail(ErrorCode::kInvalidFen,
                    "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      put_piece(p, make_square(file, rank));
      ++file;
      last_was_digit = false;
    }
  }
  if (rank != 0) return fail(ErrorCode::kInvalidFen, "fewer than 8 ranks");
  if (file != 8) return fail(ErrorCode::kInvalidFen, "rank 1 does not have 8 squares");
  return {};
}

// Behind a pawn of the side not to move that just stepped twice; "-" for none.
Result<void> Position::parse_en_passant(std::string_view field) {
  if (field == "-") return {};
  const auto f = field;
  if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
    return fail(ErrorCode::kInvalidFen, "bad en-passant square '" + std::string(f) + "'");
  const Square ep = make_square(f[0] - 'a', f[1] - '1');
  const int want_rank = side_ == kWhite ? 5 : 2;
  if (rank_of(ep) != want_rank)
    return fail(ErrorCode::kInvalidFen, "en-passant square " + std::string(f) + " is not on the " +
                                            (side_ == kWhite ? "sixth" : "third") + " rank");
  const int dir = side_ == kWhite ? -8 : 8;
  const auto pushed_to = static_cast<Square>(ep + dir);
  const auto pushed_from = static_cast<Square>(ep - dir);
  if (board_[pushed_to] != make_piece(~side_, PieceType::kPawn))
    return fail(ErrorCode::kInvalidFen,
                "en-passant square " + std::string(f) + " has no pawn in front of it");
  if (board_[ep] != Piece::kNoPiece || board_[pushed_from] != Piece::kNoPiece)
    return fail(ErrorCode::kInvalidFen, "en-passant square " + std::string(f) +
                                            " or the square the pawn came from is occupied");
  ep_square_ = ep;
  return {};
}

Result<Position> Position::parse_fen(std::string_view fen, bool chess960, FenCheck check) {
  init_bitboards();
  const auto fields = split_fields(fen);
  if (fields.size() != 6)
    return fail(ErrorCode::kInvalidFen,
                "expected 6 fields (placement, side, castling, en passant, halfmove clock, "
                "fullmove number), got " +
                    std::to_string(fields.size()));
  Position pos;
  pos.chess960_ = chess960;

  // 1. Placement.
  TRY(pos.parse_placement(fields[0]));
  for (Color c : {kWhite, kBlack}) {
    if (popcount(pos.pieces(c, PieceType::kKing)) != 1)
      return fail(ErrorCode::kInvalidFen,
                  std::string(c == kWhite ? "white" : "black") + " must have exactly one king");
  }

  // 2. Side to move.
  if (fields[1] == "w") {
    pos.side_ = kWhite;
  } else if (fields[1] == "b") {
    pos.side_ = kBlack;
    pos.key_ ^= zobrist::side();
  } else {
    return fail(ErrorCode::kInvalidFen, "side to move must be 'w' or 'b'");
  }

  // 3. Castling rights.
  TRY(pos.parse_castling(fields[2]));
  pos.key_ ^= pos.castling_key();
  pos.update_castling_touch();

  // 4. En-passant square.
  TRY(pos.parse_en_passant(fields[3]));

  // 5. Counters.
  const int halfmove = parse_counter(fields[4]);
  if (halfmove < 0) return fail(ErrorCode::kInvalidFen, "bad halfmove clock");
  const int fullmove = parse_counter(fields[5]);
  if (fullmove < 1) return fail(ErrorCode::kInvalidFen, "bad fullmove number (must be >= 1)");
  if (pos.ep_square_ != kNoSquare && halfmove != 0)
    return fail(ErrorCode::kInvalidFen, "halfmove clock must be 0 right after a double pawn step");
  pos.halfmove_clock_ = halfmove;
  pos.fullmove_number_ = fullmove;

  // 6. Whole-position checks.
  pos.compute_checkers();
  TRY(pos.validate(check));
  if (pos.ep_square_ != kNoSquare) pos.refresh_en_passant_key();
  return pos;
}

std::string Position::fen() const {
  std::string out;
  out.reserve(90);
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == Piece::kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += kPieceChars[static_cast<int>(p)];
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == kWhite ? " w " : " b ";
  if (!castling_) {
    out += '-';
  } else {
    for (int i = 0; i < 4; ++i) {
      if (!(castling_ & (1 << i))) continue;
      const Color c = right_color(i);
      const bool king_side = right_is_king_side(i);
      const Square rsq = castling_rook_[i];
      // K/Q when the castling rook is the outermost rook on its side, else its file letter.
      const Bitboard rooks = pieces(c, PieceType::kRook) & rank_bb(back_rank(c));
      const Bitboard outer = king_side ? rooks & ~((bit(rsq) << 1) - 1) : rooks & (bit(rsq) - 1);
      char ch = outer ? static_cast<char>('a' + file_of(rsq)) : (king_side ? 'k' : 'q');
      if (c == kWhite) ch = static_cast<char>(ch - 'a' + 'A');
      out += ch;
    }
  }
  out += ' ';
  out += has_legal_en_passant() ? square_name(ep_square_) : "-";
  out += ' ';
  out += std::to_string(halfmove_clock_);
  out += ' ';
  out += std::to_string(fullmove_number_);
  return out;
}

}  // namespace corrchess::chess
