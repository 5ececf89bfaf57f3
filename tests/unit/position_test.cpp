// Position behaviour: moves and their effects, game-end states, Chess960 start arrays and
// castling, insufficient material, and Zobrist keys as repetition identity (rules.md 3.3).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/chess/chess960.h"
#include "core/chess/position.h"

namespace corrchess::chess {
namespace {

Square sq(std::string_view name) { return make_square(name[0] - 'a', name[1] - '1'); }

Position must(std::string_view fen, bool chess960 = false) {
  auto p = Position::from_fen(fen, chess960);
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

// The legal move from -> to (promotion piece when given); fails the test if there is none.
Move find_move(const Position& pos, std::string_view from, std::string_view to,
               PieceType promotion = PieceType::kNone) {
  for (Move m : pos.legal_moves()) {
    if (m.from() != sq(from) || m.to() != sq(to)) continue;
    if (promotion != PieceType::kNone &&
        (m.kind() != MoveKind::kPromotion || m.promotion() != promotion))
      continue;
    return m;
  }
  ADD_FAILURE() << "no legal move " << from << to << " in " << pos.fen();
  return Move();
}

// find_move(pos, from, to), checked to be of `kind` and to capture (and so to reset the
// fifty-move count) or not, as `captures` says.
Move checked_move(const Position& pos, std::string_view from, std::string_view to, MoveKind kind,
                  bool captures) {
  const Move m = find_move(pos, from, to);
  EXPECT_EQ(m.kind(), kind);
  EXPECT_EQ(pos.is_capture(m), captures);
  EXPECT_EQ(pos.is_zeroing(m), captures);
  return m;
}

Position play_moves(Position pos,
                    std::initializer_list<std::pair<const char*, const char*>> moves) {
  for (const auto& [from, to] : moves) pos.play(find_move(pos, from, to));
  return pos;
}

TEST(Position, StartposBasics) {
  const Position p = Position::startpos();
  EXPECT_EQ(p.side_to_move(), Color::kWhite);
  EXPECT_EQ(p.legal_moves().size(), 20u);
  EXPECT_EQ(p.count_legal_moves(), 20u);
  EXPECT_EQ(p.men_count(), 32);
  EXPECT_EQ(p.king_square(Color::kWhite), sq("e1"));
  EXPECT_EQ(p.king_square(Color::kBlack), sq("e8"));
  EXPECT_EQ(p.castling_rights(), kAllCastling);
  EXPECT_EQ(p.castling_rook(kWhiteQueenSide), sq("a1"));
  EXPECT_EQ(p.castling_rook(kBlackKingSide), sq("h8"));
  EXPECT_EQ(p.game_ply(), 0);
  EXPECT_FALSE(p.in_check());
  EXPECT_EQ(p.piece_on(sq("d1")), Piece::kWhiteQueen);
  EXPECT_EQ(p.pieces(Color::kBlack, PieceType::kPawn), 0x00FF000000000000ULL);
}

TEST(Position, PlayUpdatesCountersAndEnPassant) {
  Position p = play_moves(Position::startpos(), {{"e2", "e4"}});
  EXPECT_EQ(p.side_to_move(), Color::kBlack);
  EXPECT_EQ(p.ep_square(), sq("e3"));
  EXPECT_FALSE(p.has_legal_en_passant());
  EXPECT_EQ(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  p = play_moves(p, {{"g8", "f6"}, {"g1", "f3"}});
  EXPECT_EQ(p.halfmove_clock(), 2);
  EXPECT_EQ(p.fullmove_number(), 2);
  EXPECT_EQ(p.game_ply(), 3);
  EXPECT_EQ(p.ep_square(), kNoSquare);
}

TEST(Position, EnPassantCaptureRemovesThePawn) {
  Position p = must("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
  p.play(checked_move(p, "d4", "e3", MoveKind::kEnPassant, true));
  EXPECT_EQ(p.piece_on(sq("e4")), Piece::kNoPiece);
  EXPECT_EQ(p.piece_on(sq("e3")), Piece::kBlackPawn);
  EXPECT_EQ(p.fen(), "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
}

TEST(Position, PromotionsAreFourMoves) {
  const Position p = must("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  int promotions = 0;
  for (Move m : p.legal_moves()) promotions += m.kind() == MoveKind::kPromotion;
  EXPECT_EQ(promotions, 4);
  const Position q = p.after(find_move(p, "e7", "e8", PieceType::kKnight));
  EXPECT_EQ(q.piece_on(sq("e8")), Piece::kWhiteKnight);
  EXPECT_EQ(q.fen(), "4N3/8/8/8/8/8/k7/4K3 b - - 0 1");
}

TEST(Position, StandardCastlingEncodedAsKingTakesRook) {
  Position p = must("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10");
  p.play(checked_move(p, "e1", "h1", MoveKind::kCastling, false));
  EXPECT_EQ(p.piece_on(sq("g1")), Piece::kWhiteKing);
  EXPECT_EQ(p.piece_on(sq("f1")), Piece::kWhiteRook);
  EXPECT_EQ(p.piece_on(sq("h1")), Piece::kNoPiece);
  EXPECT_EQ(p.castling_rights(), kBlackKingSide | kBlackQueenSide);
  p.play(find_move(p, "e8", "a8"));
  EXPECT_EQ(p.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 7 11");
}

TEST(Position, CastlingForbiddenThroughCheckAndWhenBlocked) {
  // f1 attacked by the bishop on c4: no O-O; b1 attacked does not stop O-O-O.
  const Position p = must("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(p.is_legal(Move(sq("e1"), sq("h1"), MoveKind::kCastling)));
  const Position q = must("r3k2r/8/8/8/8/8/8/Rb2K2R w KQkq - 0 1");
  EXPECT_FALSE(q.is_legal(Move(sq("e1"), sq("a1"), MoveKind::kCastling)));
  const Position r = must("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_TRUE(r.is_legal(Move(sq("e1"), sq("a1"), MoveKind::kCastling)));
  const Position s = must("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");  // b1 attacked only
  EXPECT_TRUE(s.is_legal(Move(sq("e1"), sq("a1"), MoveKind::kCastling)));
}

TEST(Position, RookCaptureRemovesCastlingRight) {
  Position p = must("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
  p.play(find_move(p, "g2", "a8"));
  EXPECT_EQ(p.castling_rights(), kWhiteKingSide | kWhiteQueenSide | kBlackKingSide);
  EXPECT_EQ(p.castling_rook(kBlackQueenSide), kNoSquare);
}

TEST(Position, Chess960CastlingMovesKingAndRookToStandardSquares) {
  Position p = must("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", true);  // rooks b and g
  ASSERT_TRUE(p.is_chess960());
  const Move ooo = find_move(p, "e1", "b1");
  EXPECT_EQ(ooo.kind(), MoveKind::kCastling);
  p.play(ooo);
  EXPECT_EQ(p.piece_on(sq("c1")), Piece::kWhiteKing);
  EXPECT_EQ(p.piece_on(sq("d1")), Piece::kWhiteRook);
  EXPECT_EQ(p.piece_on(sq("b1")), Piece::kNoPiece);
  Position q = must("5rk1/8/8/8/8/8/8/6K1 b f - 0 1");
  ASSERT_TRUE(q.is_chess960());
  // Black: rook f8, king g8; O-O-O puts the king on c8 and the rook on d8.
  q.play(find_move(q, "g8", "f8"));
  EXPECT_EQ(q.piece_on(sq("c8")), Piece::kBlackKing);
  EXPECT_EQ(q.piece_on(sq("d8")), Piece::kBlackRook);
}

TEST(Position, Chess960CastlingNeedsEmptySquaresAndSafePath) {
  // Rook on b1 blocks nothing for the king going e1->c1 but a knight on d1 does.
  EXPECT_FALSE(must("1r2k1r1/8/8/8/8/8/8/1R1NK1R1 w KQkq - 0 1", true)
                   .is_legal(Move(sq("e1"), sq("b1"), MoveKind::kCastling)));
  // King c1 with its queen-side rook on b1 (king stays on c1, rook goes to d1): the black
  // rook on a1 attacks c1 once b1 is vacated, so castling is illegal (the castling rook is
  // lifted when the king's squares are tested).
  const Position p = must("7k/8/8/8/8/8/8/rRK1R3 w B - 0 1", true);
  EXPECT_FALSE(p.is_legal(Move(sq("c1"), sq("b1"), MoveKind::kCastling)));
}

TEST(Position, CheckmateAndStalemate) {
  const Position fools =
      play_moves(Position::startpos(), {{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}, {"d8", "h4"}});
  EXPECT_TRUE(fools.in_check());
  EXPECT_TRUE(fools.is_checkmate());
  EXPECT_FALSE(fools.is_stalemate());
  EXPECT_EQ(fools.checkers(), bit(sq("h4")));
  const Position stale = must("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(stale.is_stalemate());
  EXPECT_FALSE(stale.is_checkmate());
}

TEST(Position, GivesCheckAndCaptureQueries) {
  const Position p = must("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_TRUE(p.gives_check(find_move(p, "a1", "a8")));
  EXPECT_FALSE(p.gives_check(find_move(p, "a1", "a2")));
  const Position q = must("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(q.is_capture(find_move(q, "e4", "d5")));
  EXPECT_FALSE(q.is_capture(find_move(q, "e4", "e5")));
  EXPECT_TRUE(q.is_zeroing(find_move(q, "e4", "e5")));
  EXPECT_FALSE(q.is_zeroing(find_move(q, "e1", "e2")));
  EXPECT_TRUE(q.attacked_by(sq("d5"), Color::kWhite));
  EXPECT_FALSE(q.attacked_by(sq("e5"), Color::kWhite));
  EXPECT_FALSE(q.is_legal(Move(sq("e4"), sq("e6"))));
}

TEST(Position, PinnedPiecesStayOnTheirLine) {
  const Position p = must("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
  for (Move m : p.legal_moves())
    if (m.from() == sq("e2")) {
      EXPECT_EQ(file_of(m.to()), 4);
    }
  EXPECT_EQ(p.pinned(Color::kWhite), bit(sq("e2")));
}

TEST(Chess960, ScharnaglReferencePositions) {
  EXPECT_EQ(chess960_back_rank(0), "BBQNNRKR");
  EXPECT_EQ(chess960_back_rank(518), "RNBQKBNR");
  EXPECT_EQ(chess960_back_rank(959), "RKRNNQBB");
  EXPECT_EQ(chess960_back_rank(960), "");
  EXPECT_EQ(chess960_back_rank(-1), "");
  EXPECT_EQ(scharnagl_number("rnbqkbnr"), 518);
  EXPECT_EQ(scharnagl_number("RNBKQBNR"), 534);
  EXPECT_EQ(scharnagl_number("RRBQKBNN"), -1);
  EXPECT_EQ(scharnagl_number("RNBQK"), -1);
  const auto p518 = Position::chess960_start(518);
  ASSERT_TRUE(p518);
  EXPECT_EQ(p518->fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_TRUE(p518->is_chess960());
  const auto p0 = Position::chess960_start(0);
  ASSERT_TRUE(p0);
  EXPECT_EQ(p0->fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_EQ(p0->castling_rook(kWhiteQueenSide), sq("f1"));
  EXPECT_FALSE(Position::chess960_start(960));
  EXPECT_EQ(Position::chess960_start(-5).error().code, ErrorCode::kInvalidFen);
}

TEST(Chess960, AllStartArraysDistinctAndWellFormed) {
  std::set<std::string> seen;
  for (int n = 0; n < 960; ++n) {
    const std::string rank = chess960_back_rank(n);
    ASSERT_EQ(rank.size(), 8u);
    seen.insert(rank);
    EXPECT_EQ(scharnagl_number(rank), n);
    // Bishops on opposite colours, king between the rooks.
    const auto b1 = rank.find('B');
    const auto b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << rank;
    const auto r1 = rank.find('R');
    const auto r2 = rank.rfind('R');
    const auto k = rank.find('K');
    EXPECT_TRUE(r1 < k && k < r2) << rank;
    const auto pos = Position::chess960_start(n);
    ASSERT_TRUE(pos) << n;
    EXPECT_EQ(pos->castling_rights(), kAllCastling);
    EXPECT_EQ(pos->count_legal_moves(), pos->legal_moves().size());
  }
  EXPECT_EQ(seen.size(), 960u);
}

TEST(InsufficientMaterial, NarrowCases) {
  EXPECT_TRUE(must("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
  EXPECT_TRUE(must("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material());
  EXPECT_TRUE(must("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").is_insufficient_material());
  EXPECT_TRUE(must("4kn2/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
  // Bishops of both sides, all on light squares (c8, h3, f1).
  EXPECT_TRUE(must("2b1k3/8/8/8/8/7B/8/4KB2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("3bk3/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(must("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(Position::startpos().is_insufficient_material());
}

TEST(Key, TranspositionsHaveEqualKeys) {
  const Position a =
      play_moves(Position::startpos(), {{"g1", "f3"}, {"g8", "f6"}, {"b1", "c3"}, {"b8", "c6"}});
  const Position b =
      play_moves(Position::startpos(), {{"b1", "c3"}, {"b8", "c6"}, {"g1", "f3"}, {"g8", "f6"}});
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a, b);
  // Knights out and back: same placement as the start, same key.
  const Position c =
      play_moves(Position::startpos(), {{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}});
  EXPECT_EQ(c.key(), Position::startpos().key());
  EXPECT_FALSE(c == Position::startpos());  // the counters differ
  EXPECT_NE(a.key(), Position::startpos().key());
}

TEST(Key, EnPassantCountsOnlyWhenCaptureIsLegal) {
  // 1.e4: no black pawn can capture, so the key equals the same position without ep.
  const Position after_e4 = play_moves(Position::startpos(), {{"e2", "e4"}});
  EXPECT_EQ(after_e4.key(),
            must("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
  EXPECT_EQ(after_e4.key(),
            must("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").key());
  // A legal en-passant capture makes a different position.
  const Position legal = must("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
  const Position none = must("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  EXPECT_NE(legal.key(), none.key());
  // Same after reaching it by moves.
  const Position played = play_moves(
      Position::startpos(), {{"d2", "d4"}, {"e7", "e5"}, {"e2", "e3"}, {"e5", "e4"}, {"f2", "f4"}});
  EXPECT_TRUE(played.has_legal_en_passant());
  EXPECT_NE(played.key(),
            must("rnbqkbnr/pppp1ppp/8/8/3PpP2/4P3/PPP3PP/RNBQKBNR b KQkq - 0 3").key());
  // Capture pinned along the rank: illegal, so it is not part of the identity.
  EXPECT_EQ(must("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1").key(),
            must("8/8/8/8/k2Pp2Q/8/8/4K3 b - - 0 1").key());
}

TEST(Key, CastlingRightsCountAsRights) {
  // Castling momentarily impossible (pieces in between) still differs from no right.
  EXPECT_NE(Position::startpos().key(),
            must("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1").key());
  // Side to move is part of the identity.
  EXPECT_NE(must("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(),
            must("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key());
}

// Incremental keys after play() agree with keys computed from scratch, for a small tree.
void expect_keys_consistent(const Position& pos, int depth) {
  const auto fresh = Position::from_fen_relaxed(pos.fen(), pos.is_chess960());
  ASSERT_TRUE(fresh) << pos.fen();
  ASSERT_EQ(fresh->key(), pos.key()) << pos.fen();
  ASSERT_EQ(fresh->checkers(), pos.checkers()) << pos.fen();
  ASSERT_EQ(fresh->count_legal_moves(), pos.count_legal_moves()) << pos.fen();
  if (depth == 0) return;
  for (Move m : pos.legal_moves()) expect_keys_consistent(pos.after(m), depth - 1);
}

TEST(Key, IncrementalMatchesFromScratch) {
  for (std::string_view fen : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
           "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
       }) {
    expect_keys_consistent(must(fen), 3);
  }
}

}  // namespace
}  // namespace corrchess::chess
