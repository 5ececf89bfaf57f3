#include "core/chess/notation.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace corrchess::chess {
namespace {

char piece_letter(PieceType t) {
  switch (t) {
    case PieceType::kKnight: return 'N';
    case PieceType::kBishop: return 'B';
    case PieceType::kRook: return 'R';
    case PieceType::kQueen: return 'Q';
    case PieceType::kKing: return 'K';
    case PieceType::kPawn: return 'P';
    case PieceType::kNone: return '?';
  }
  return '?';
}

std::optional<PieceType> piece_from_letter(char c) {
  switch (c) {
    case 'N':
    case 'n': return PieceType::kKnight;
    case 'B':
    case 'b': return PieceType::kBishop;
    case 'R':
    case 'r': return PieceType::kRook;
    case 'Q':
    case 'q': return PieceType::kQueen;
    case 'K':
    case 'k': return PieceType::kKing;
    case 'P':
    case 'p': return PieceType::kPawn;
    default: return std::nullopt;
  }
}

int numeric_promotion_digit(PieceType t) {
  switch (t) {
    case PieceType::kQueen: return 1;
    case PieceType::kRook: return 2;
    case PieceType::kBishop: return 3;
    case PieceType::kKnight: return 4;
    default: return 0;
  }
}

std::string_view color_name(Color c) { return c == Color::kWhite ? "White" : "Black"; }

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

// The null-move spellings of PGN extensions: never a legal chess move.
bool is_null_move_text(std::string_view text) {
  return text == "--" || text == "Z0" || text == "0000" || text == "@@@@" || text == "null";
}

bool is_capture_move(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kCastling) return false;
  if (m.kind() == MoveKind::kEnPassant) return true;
  return pos.piece_on(m.to()) != Piece::kNoPiece;
}

PieceType moving_type(const Position& pos, Move m) { return type_of(pos.piece_on(m.from())); }

// "Nb1d2", "e7e8=Q", "O-O": an unambiguous long form used in error details.
std::string long_form(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kCastling) return m.to() > m.from() ? "O-O" : "O-O-O";
  std::string s;
  PieceType t = moving_type(pos, m);
  if (t != PieceType::kPawn) s += piece_letter(t);
  s += square_name(m.from());
  s += square_name(m.to());
  if (m.kind() == MoveKind::kPromotion) {
    s += '=';
    s += piece_letter(m.promotion());
  }
  return s;
}

std::string join_long_forms(const Position& pos, std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) out += ", ";
    out += long_form(pos, moves[i]);
  }
  return out;
}

std::string quoted(std::string_view text) {
  std::string s = "'";
  s += text;
  s += "'";
  return s;
}

// How a castling move may be named by square pairs.
enum class CastlingSquares { kKingTakesRook, kKingDestination, kBoth };

struct SquareQuery {
  Square from = kNoSquare;
  Square to = kNoSquare;
  std::optional<PieceType> promotion;  // as written; nullopt when none was given
};

// Finds the legal moves named by a from/to square pair (UCI, numeric, fully specified SAN).
Result<Move> find_by_squares(const Position& pos, const SquareQuery& q, CastlingSquares castling,
                             std::string_view text) {
  std::vector<Move> matches;
  bool needs_promotion = false;
  bool promotion_on_non_promotion = false;
  for (Move m : pos.legal_moves()) {
    if (m.from() != q.from) continue;
    if (m.kind() == MoveKind::kCastling) {
      bool by_rook = m.to() == q.to;
      bool by_dest = castling_king_destination(m) == q.to;
      bool ok = (castling != CastlingSquares::kKingDestination && by_rook) ||
                (castling != CastlingSquares::kKingTakesRook && by_dest);
      if (!ok) continue;
      if (q.promotion) {
        promotion_on_non_promotion = true;
        continue;
      }
      matches.push_back(m);
      continue;
    }
    if (m.to() != q.to) continue;
    if (m.kind() == MoveKind::kPromotion) {
      if (!q.promotion) {
        needs_promotion = true;
        continue;
      }
      if (m.promotion() != *q.promotion) continue;
    } else if (q.promotion) {
      promotion_on_non_promotion = true;
      continue;
    }
    matches.push_back(m);
  }
  if (matches.size() == 2 && castling == CastlingSquares::kBoth) {
    // Chess960 only: the king's destination is also an ordinary king move's target. The
    // square pair then means the ordinary move (castling has its king-takes-rook form).
    std::erase_if(matches, [](Move m) { return m.kind() == MoveKind::kCastling; });
  }
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1) {
    return fail(ErrorCode::kAmbiguousMove,
                quoted(text) + " is ambiguous: " + join_long_forms(pos, matches));
  }
  if (needs_promotion) {
    return fail(ErrorCode::kIllegalMove,
                quoted(text) + " is a promotion: it needs the piece to promote to");
  }
  if (promotion_on_non_promotion) {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " names a promotion piece but " +
                                             square_name(q.from) + "-" + square_name(q.to) +
                                             " is not a promotion");
  }
  Piece p = pos.piece_on(q.from);
  if (p == Piece::kNoPiece || color_of(p) != pos.side_to_move()) {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " is not a legal move: no " +
                                             std::string(color_name(pos.side_to_move())) +
                                             " piece on " + square_name(q.from));
  }
  return fail(ErrorCode::kIllegalMove, quoted(text) + " is not a legal move");
}

Result<Move> find_castling(const Position& pos, bool king_side, std::string_view text) {
  for (Move m : pos.legal_moves()) {
    if (m.kind() == MoveKind::kCastling && (m.to() > m.from()) == king_side) return m;
  }
  return fail(ErrorCode::kIllegalMove,
              quoted(text) +
                  " is not a legal move: " + std::string(color_name(pos.side_to_move())) +
                  " cannot castle " + (king_side ? "king side" : "queen side") + " here");
}

bool has_surrounding_or_inner_space(std::string_view text) {
  for (unsigned char c : text) {
    if (c <= ' ' || c >= 0x7f) return true;
  }
  return false;
}

// The check/mate suffix SAN gets after playing m.
std::string_view check_suffix(const Position& pos, Move m) {
  Position next = pos.after(m);
  if (!next.in_check()) return "";
  return next.count_legal_moves() == 0 ? "#" : "+";
}

}  // namespace

Square castling_king_destination(Move m) {
  return make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
}

Square castling_rook_destination(Move m) {
  return make_square(m.to() > m.from() ? 5 : 3, rank_of(m.from()));
}

std::string to_san(const Position& pos, Move move) {
  if (move.is_null()) return "--";
  std::string s;
  if (move.kind() == MoveKind::kCastling) {
    s = move.to() > move.from() ? "O-O" : "O-O-O";
    s += check_suffix(pos, move);
    return s;
  }
  const PieceType type = moving_type(pos, move);
  const bool capture = is_capture_move(pos, move);
  if (type == PieceType::kPawn) {
    if (capture) {
      s += static_cast<char>('a' + file_of(move.from()));
      s += 'x';
    }
    s += square_name(move.to());
    if (move.kind() == MoveKind::kPromotion) {
      s += '=';
      s += piece_letter(move.promotion());
    }
  } else {
    s += piece_letter(type);
    bool ambiguous = false;
    bool file_shared = false;
    bool rank_shared = false;
    for (Move other : pos.legal_moves()) {
      if (other == move || other.kind() == MoveKind::kCastling) continue;
      if (other.to() != move.to() || other.from() == move.from()) continue;
      if (moving_type(pos, other) != type) continue;
      ambiguous = true;
      if (file_of(other.from()) == file_of(move.from())) file_shared = true;
      if (rank_of(other.from()) == rank_of(move.from())) rank_shared = true;
    }
    if (ambiguous) {
      if (!file_shared) {
        s += static_cast<char>('a' + file_of(move.from()));
      } else if (!rank_shared) {
        s += static_cast<char>('1' + rank_of(move.from()));
      } else {
        s += square_name(move.from());
      }
    }
    if (capture) s += 'x';
    s += square_name(move.to());
  }
  s += check_suffix(pos, move);
  return s;
}

std::string to_uci(const Position& pos, Move move) {
  if (move.is_null()) return "0000";
  Square to = move.to();
  if (move.kind() == MoveKind::kCastling && !pos.is_chess960()) {
    to = castling_king_destination(move);
  }
  std::string s = square_name(move.from()) + square_name(to);
  if (move.kind() == MoveKind::kPromotion) {
    s += static_cast<char>(piece_letter(move.promotion()) - 'A' + 'a');
  }
  return s;
}

std::string to_numeric(const Position& pos, Move move) {
  if (move.is_null()) return "0000";
  Square to = move.to();
  if (move.kind() == MoveKind::kCastling) {
    to = castling_king_destination(move);
    if (pos.is_chess960()) {
      // An ordinary king move to the same square would read the same: use king-takes-rook.
      for (Move other : pos.legal_moves()) {
        if (other.kind() != MoveKind::kCastling && other.from() == move.from() &&
            other.to() == to) {
          to = move.to();
          break;
        }
      }
    }
  }
  std::string s;
  s += static_cast<char>('1' + file_of(move.from()));
  s += static_cast<char>('1' + rank_of(move.from()));
  s += static_cast<char>('1' + file_of(to));
  s += static_cast<char>('1' + rank_of(to));
  if (move.kind() == MoveKind::kPromotion) {
    s += static_cast<char>('0' + numeric_promotion_digit(move.promotion()));
  }
  return s;
}

Result<Move> parse_uci(const Position& pos, std::string_view text) {
  if (is_null_move_text(text)) {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " is a null move, not a legal move");
  }
  if ((text.size() != 4 && text.size() != 5) || !is_file_char(text[0]) || !is_rank_char(text[1]) ||
      !is_file_char(text[2]) || !is_rank_char(text[3])) {
    return fail(ErrorCode::kInvalidNotation,
                "cannot read " + quoted(text) + " as UCI (expected e.g. e2e4 or e7e8q)");
  }
  SquareQuery q;
  q.from = make_square(text[0] - 'a', text[1] - '1');
  q.to = make_square(text[2] - 'a', text[3] - '1');
  if (text.size() == 5) {
    q.promotion = piece_from_letter(text[4]);
    if (!q.promotion) {
      return fail(ErrorCode::kInvalidNotation, "cannot read " + quoted(text) +
                                                   " as UCI: promotion letter must be q, r, b "
                                                   "or n");
    }
    if (*q.promotion == PieceType::kKing || *q.promotion == PieceType::kPawn) {
      return fail(ErrorCode::kIllegalMove,
                  quoted(text) + " is not a legal move: a pawn promotes to Q, R, B or N");
    }
  }
  return find_by_squares(
      pos, q, pos.is_chess960() ? CastlingSquares::kKingTakesRook : CastlingSquares::kBoth, text);
}

Result<Move> parse_numeric(const Position& pos, std::string_view text) {
  if (text == "0000") {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " is a null move, not a legal move");
  }
  auto digit_ok = [](char c) { return c >= '1' && c <= '8'; };
  if ((text.size() != 4 && text.size() != 5) || !digit_ok(text[0]) || !digit_ok(text[1]) ||
      !digit_ok(text[2]) || !digit_ok(text[3])) {
    return fail(ErrorCode::kInvalidNotation,
                "cannot read " + quoted(text) +
                    " as ICCF numeric notation (expected four digits 1-8, e.g. 5254)");
  }
  SquareQuery q;
  q.from = make_square(text[0] - '1', text[1] - '1');
  q.to = make_square(text[2] - '1', text[3] - '1');
  if (text.size() == 5) {
    switch (text[4]) {
      case '1': q.promotion = PieceType::kQueen; break;
      case '2': q.promotion = PieceType::kRook; break;
      case '3': q.promotion = PieceType::kBishop; break;
      case '4': q.promotion = PieceType::kKnight; break;
      default:
        return fail(ErrorCode::kInvalidNotation,
                    "cannot read " + quoted(text) +
                        " as ICCF numeric notation: the promotion digit must be 1=Q, 2=R, 3=B "
                        "or 4=N");
    }
  }
  return find_by_squares(pos, q, CastlingSquares::kBoth, text);
}

namespace {

// The parts of a SAN move other than castling: piece letter, origin file and rank when given,
// destination, promotion piece.
struct SanParts {
  std::optional<PieceType> piece;
  std::optional<PieceType> promotion;
  Square to = kNoSquare;
  std::optional<int> from_file;
  std::optional<int> from_rank;
};

// Reads `body` (the SAN of `text` without check marks and glyphs; not castling) into its
// parts; kInvalidNotation saying what cannot be read.
Result<SanParts> read_san_parts(std::string_view body, std::string_view text) {
  auto invalid = [&](std::string_view why) {
    return fail(ErrorCode::kInvalidNotation,
                "cannot read " + quoted(text) + " as SAN: " + std::string(why));
  };
  SanParts parts;
  std::string_view rest = body;
  if (rest.front() == 'N' || rest.front() == 'B' || rest.front() == 'R' || rest.front() == 'Q' ||
      rest.front() == 'K') {
    parts.piece = piece_from_letter(rest.front());
    rest.remove_prefix(1);
  }
  // Promotion: a piece letter (either case) after the destination rank, with or without '='.
  if (rest.size() >= 2 && piece_from_letter(rest.back()) &&
      (is_rank_char(rest[rest.size() - 2]) || rest[rest.size() - 2] == '=')) {
    parts.promotion = piece_from_letter(rest.back());
    rest.remove_suffix(1);
    if (rest.back() == '=') rest.remove_suffix(1);
  }
  if (rest.size() < 2) return invalid("no destination square");
  const char to_file = rest[rest.size() - 2];
  const char to_rank = rest[rest.size() - 1];
  if (!is_file_char(to_file) || !is_rank_char(to_rank)) {
    return invalid("no destination square at the end");
  }
  parts.to = make_square(to_file - 'a', to_rank - '1');
  rest.remove_suffix(2);
  if (!rest.empty() && (rest.back() == 'x' || rest.back() == '-')) rest.remove_suffix(1);
  if (rest.size() == 2 && is_file_char(rest[0]) && is_rank_char(rest[1])) {
    parts.from_file = rest[0] - 'a';
    parts.from_rank = rest[1] - '1';
  } else if (rest.size() == 1 && is_file_char(rest[0])) {
    parts.from_file = rest[0] - 'a';
  } else if (rest.size() == 1 && is_rank_char(rest[0])) {
    parts.from_rank = rest[0] - '1';
  } else if (!rest.empty()) {
    return invalid("unexpected " + quoted(rest));
  }
  return parts;
}

// The legal move of `pos` that the parts of `text` (SAN `body`) name: kAmbiguousMove when
// several do, kIllegalMove with the likely mistake when none does.
Result<Move> match_san(const Position& pos, const SanParts& parts, std::string_view body,
                       std::string_view text) {
  const auto& [piece, promotion, to, from_file, from_rank] = parts;
  const PieceType type = piece.value_or(PieceType::kPawn);
  std::vector<Move> matches;
  bool needs_promotion = false;
  bool promotion_on_non_promotion = false;
  for (Move m : pos.legal_moves()) {
    if (m.kind() == MoveKind::kCastling || m.to() != to) continue;
    if (moving_type(pos, m) != type) continue;
    if (from_file && file_of(m.from()) != *from_file) continue;
    if (from_rank && rank_of(m.from()) != *from_rank) continue;
    if (type == PieceType::kPawn && !from_file && file_of(m.from()) != file_of(to)) continue;
    if (m.kind() == MoveKind::kPromotion) {
      if (!promotion) {
        needs_promotion = true;
        continue;
      }
      if (m.promotion() != *promotion) continue;
    } else if (promotion) {
      promotion_on_non_promotion = true;
      continue;
    }
    matches.push_back(m);
  }
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1) {
    return fail(ErrorCode::kAmbiguousMove,
                std::string(body) + " is ambiguous: " + join_long_forms(pos, matches));
  }
  if (needs_promotion) {
    return fail(ErrorCode::kIllegalMove,
                quoted(text) + " is a promotion: it needs the piece to promote to (e.g. " +
                    square_name(to) + "=Q)");
  }
  if (promotion_on_non_promotion) {
    return fail(ErrorCode::kIllegalMove,
                quoted(text) + " is not a legal move: no promotion on " + square_name(to));
  }
  std::string why;
  if (type == PieceType::kKing && rank_of(to) == (pos.side_to_move() == Color::kWhite ? 0 : 7)) {
    why = " (castling is written O-O or O-O-O)";
  } else if (type == PieceType::kPawn && !from_file) {
    why = " (a pawn capture names the pawn's file, e.g. dxc4)";
  }
  return fail(ErrorCode::kIllegalMove, quoted(text) + " is not a legal move" + why);
}

}  // namespace

Result<Move> parse_san(const Position& pos, std::string_view text) {
  if (text.empty()) return fail(ErrorCode::kInvalidNotation, "empty move");
  if (has_surrounding_or_inner_space(text)) {
    return fail(ErrorCode::kInvalidNotation, "cannot read " + quoted(text) +
                                                 " as SAN: it contains spaces or control or "
                                                 "non-ASCII characters");
  }
  if (is_null_move_text(text)) {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " is a null move, not a legal move");
  }
  // Check and mate marks and annotation glyphs are ignored, wherever they stand at the end.
  std::string_view body = text;
  while (!body.empty() &&
         (body.back() == '+' || body.back() == '#' || body.back() == '!' || body.back() == '?')) {
    body.remove_suffix(1);
  }
  auto invalid = [&](std::string_view why) {
    return fail(ErrorCode::kInvalidNotation,
                "cannot read " + quoted(text) + " as SAN: " + std::string(why));
  };
  if (body.empty()) return invalid("no move");

  if (body == "O-O" || body == "0-0" || body == "o-o") return find_castling(pos, true, text);
  if (body == "O-O-O" || body == "0-0-0" || body == "o-o-o") {
    return find_castling(pos, false, text);
  }

  TRY_LET(parts, read_san_parts(body, text));
  const auto& promotion = parts->promotion;
  if (promotion && (*promotion == PieceType::kKing || *promotion == PieceType::kPawn)) {
    return fail(ErrorCode::kIllegalMove,
                quoted(text) + " is not a legal move: a pawn promotes to Q, R, B or N");
  }

  // Fully specified squares without a piece letter: any piece, castling included (e1g1).
  if (!parts->piece && parts->from_file && parts->from_rank) {
    SquareQuery q{make_square(*parts->from_file, *parts->from_rank), parts->to, promotion};
    return find_by_squares(
        pos, q, pos.is_chess960() ? CastlingSquares::kKingTakesRook : CastlingSquares::kBoth, text);
  }

  return match_san(pos, *parts, body, text);
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
  if (is_null_move_text(text)) {
    return fail(ErrorCode::kIllegalMove, quoted(text) + " is a null move, not a legal move");
  }
  bool all_digits = !text.empty();
  for (char c : text) all_digits = all_digits && c >= '0' && c <= '9';
  if (all_digits) return parse_numeric(pos, text);
  if ((text.size() == 4 || text.size() == 5) && is_file_char(text[0]) && is_rank_char(text[1]) &&
      is_file_char(text[2]) && is_rank_char(text[3]) &&
      (text.size() == 4 || piece_from_letter(text[4]))) {
    return parse_uci(pos, text);
  }
  auto r = parse_san(pos, text);
  if (!r && r.error().code == ErrorCode::kInvalidNotation) {
    return fail(ErrorCode::kInvalidNotation,
                "cannot read " + quoted(text) + " as SAN, UCI or ICCF numeric notation");
  }
  return r;
}

std::string move_number_label(const Position& pos) {
  return std::to_string(pos.fullmove_number()) +
         (pos.side_to_move() == Color::kWhite ? "." : "...");
}

}  // namespace corrchess::chess
