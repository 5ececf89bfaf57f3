// A chess position (standard or Chess960) with strict FEN I/O and legal move
// generation. Positions are small copyable values; make a move with after()/play().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "core/chess/types.h"
#include "core/error.h"

namespace corrchess::chess {

// Fixed-capacity list of moves (the maximum legal moves in any position is 218).
class MoveList {
 public:
  MoveList() = default;
  MoveList(const MoveList& other) : size_(other.size_) {
    std::memcpy(storage_, other.storage_, sizeof(Move) * size_);
  }
  MoveList& operator=(const MoveList& other) {
    size_ = other.size_;
    std::memmove(storage_, other.storage_, sizeof(Move) * size_);
    return *this;
  }

  void push_back(Move m) { new (&storage_[sizeof(Move) * size_++]) Move(m); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return begin()[i]; }
  const Move* begin() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }
  const Move* end() const { return begin() + size_; }
  bool contains(Move m) const;
  void clear() { size_ = 0; }

 private:
  // Raw storage: a list is built on every node of every search, and zeroing 256 moves each
  // time would cost more than generating them. Only the first size_ moves are ever read.
  alignas(Move) std::byte storage_[sizeof(Move) * 256];
  std::size_t size_ = 0;
};

// Where the side to move could give check from, computed once per position so that many
// moves can be tested cheaply (see Position::gives_check(Move, const CheckSquares&)).
struct CheckSquares {
  // By the type of the man that lands: the squares from which it would attack the enemy king.
  std::array<Bitboard, 7> direct{};
  // The mover's men that might uncover a check by leaving their square (a superset).
  Bitboard discoverers = 0;
};

class Position {
 public:
  // The standard start position.
  static Position startpos();
  // Chess960 start position by Scharnagl number 0..959 (518 = standard array).
  static Result<Position> chess960_start(int scharnagl);
  // Strict FEN reader (X-FEN or Shredder-FEN castling). Rejects malformed or impossible
  // positions with ErrorCode::kInvalidFen and a detail naming the defect. `chess960`
  // enables Chess960 castling semantics (also implied by Shredder-FEN letters or by
  // castling rights whose king/rook are not on the standard squares).
  static Result<Position> from_fen(std::string_view fen, bool chess960 = false);
  // Like from_fen, but also accepts positions that are impossible only because of how they
  // could have arisen: checks no last move could give (aligned or non-slider double checks, a
  // check unrelated to the double step implied by the en-passant square) and castling rights
  // no start array allows (king on the a/h file, kings or rooks of both sides on different
  // files). Structural checks stay. For move-generator test suites only, never for games.
  static Result<Position> from_fen_relaxed(std::string_view fen, bool chess960 = false);
  // Like from_fen_relaxed, and also accepts more promoted pieces than missing pawns (composed
  // studies and test vectors for the unwinnability analysis, which does not rely on the
  // position being reachable). Never for games.
  static Result<Position> from_fen_for_analysis(std::string_view fen, bool chess960 = false);

  // FEN out: X-FEN castling where unambiguous, Shredder-FEN letters otherwise.
  // The en-passant square is written only if an en-passant capture is legal.
  std::string fen() const;

  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  Square king_square(Color c) const;
  // Square behind a pawn that just made a double step (kNoSquare if none), whether
  // or not an en-passant capture is legal.
  Square ep_square() const { return ep_square_; }
  // True when an en-passant capture is legal for the side to move.
  bool has_legal_en_passant() const;
  std::uint8_t castling_rights() const { return castling_; }
  // The rook square a castling right refers to (kNoSquare when that right is absent).
  Square castling_rook(CastlingRight right) const;
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  // Plies since the game start implied by the FEN's move counters.
  int game_ply() const { return 2 * (fullmove_number_ - 1) + index(side_); }
  bool is_chess960() const { return chess960_; }

  // Zobrist key of placement, side to move, castling rights and the en-passant
  // square when (and only when) an en-passant capture is legal: two positions have the
  // same key exactly when they are "the same position" for repetition (rules.md 3.3).
  std::uint64_t key() const { return key_; }

  bool in_check() const { return checkers_ != 0; }
  Bitboard checkers() const { return checkers_; }
  // Squares attacked by side c (with the given occupancy).
  bool attacked_by(Square s, Color c) const;

  // All legal moves of the side to move.
  MoveList legal_moves() const;
  void legal_moves(MoveList& out) const;
  // True if m is in the legal-move list.
  bool is_legal(Move m) const;
  // Number of legal moves (faster than generating the list when only the count matters).
  std::size_t count_legal_moves() const;

  // Plays `m`, which must be legal (is_legal(m); not checked here: callers play moves from the
  // legal-move list or parsed against it). Debug builds (NDEBUG unset, e.g. the sanitizer
  // build) assert is_consistent() afterwards, as Stockfish's pos_is_ok. after() is the
  // copy-make form.
  void play(Move m);
  // Whether the redundant representations agree: the board array and the bitboards, one king
  // per side, no pawn on the first or last rank, the Zobrist key recomputed from scratch,
  // the checkers, the side not to move not in check, castling rights with their rooks in
  // place, sane counters. For debug checks and tests; O(64).
  bool is_consistent() const;
  Position after(Move m) const {
    Position p = *this;
    p.play(m);
    return p;
  }

  bool is_capture(Move m) const;
  // True if m changes the halfmove clock to zero (pawn move or capture).
  bool is_zeroing(Move m) const;
  bool gives_check(Move m) const;
  // The same answer, faster when many moves of one position are tested.
  CheckSquares check_squares() const;
  bool gives_check(Move m, const CheckSquares& squares) const;
  bool is_checkmate() const;
  bool is_stalemate() const;
  // Total men on the board, kings and pawns included.
  int men_count() const;
  // Neither side has mating material in the narrow sense: K v K, K v KB, K v KN,
  // and any number of bishops all on squares of one colour (both sides together).
  bool is_insufficient_material() const;

  // Same placement, side to move, castling rights (and their rooks), legal en-passant
  // right, move counters and Chess960 flag: equal fen() plus the same variant.
  bool operator==(const Position& other) const;

  // Pieces of either colour attacking square s, given the occupancy occ.
  Bitboard attackers_to(Square s, Bitboard occ) const;
  // Men of colour c that are pinned to c's own king by an enemy slider.
  Bitboard pinned(Color c) const;

 private:
  struct ListSink;
  struct CountSink;
  template <Color Us, class Sink>
  void generate(Sink& sink) const;
  template <Color Us, class Sink>
  void generate_king_moves(Sink& sink) const;
  template <Color Us, class Sink>
  void generate_pawn_moves(Sink& sink, Bitboard target, Bitboard pinned_men) const;
  template <Color Us>
  bool en_passant_legal(Square from) const;
  template <Color Us>
  bool castling_legal(int right_index) const;
  template <Color Us>
  bool any_legal_en_passant() const;
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void update_castling_touch();
  void set_castling_rights(std::uint8_t rights);
  std::uint64_t castling_key() const;
  void refresh_en_passant_key();
  void compute_checkers();
  Result<void> parse_placement(std::string_view field);
  Result<void> parse_castling(std::string_view field);
  Result<void> parse_en_passant(std::string_view field);
  // How much of "could a game reach this?" a FEN must pass.
  enum class FenCheck { kGame, kRelaxed, kAnalysis };
  static Result<Position> parse_fen(std::string_view fen, bool chess960, FenCheck check);
  Result<void> validate(FenCheck check) const;

  // Implementation state; the engine may add members as it needs.
  std::array<Piece, 64> board_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, 7> by_type_{};
  std::array<Square, 4> castling_rook_{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  Bitboard checkers_ = 0;
  std::uint64_t key_ = 0;
  Color side_ = Color::kWhite;
  Square ep_square_ = kNoSquare;
  std::uint8_t castling_ = 0;
  bool chess960_ = false;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  // King and rook squares whose move (or capture) removes a castling right.
  Bitboard castling_touch_ = 0;
  // Whether key_ currently includes the en-passant file (only when a capture is legal).
  bool ep_in_key_ = false;
};

}  // namespace corrchess::chess
