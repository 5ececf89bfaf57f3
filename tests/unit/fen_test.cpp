// Strict FEN reading and writing: round trips, X-FEN / Shredder-FEN castling, the
// en-passant field, and a table of malformed or impossible FENs.
#include <gtest/gtest.h>

#include <string>

#include "core/chess/perft_suite.h"
#include "core/chess/position.h"
#include "tests/support/perft_suites.h"

namespace corrchess::chess {
namespace {

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Position must(std::string_view fen, bool chess960 = false) {
  auto p = Position::from_fen(fen, chess960);
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

TEST(Fen, StartposRoundTrips) {
  EXPECT_EQ(Position::startpos().fen(), kStart);
  EXPECT_EQ(must(kStart), Position::startpos());
  EXPECT_FALSE(Position::startpos().is_chess960());
}

TEST(Fen, CanonicalFensRoundTripExactly) {
  for (std::string_view fen : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
           "r3k3/8/8/8/8/8/8/4K3 b q - 12 40",
           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
           "3rk2r/8/8/8/8/8/8/1K1R3R w D - 0 1",
       }) {
    EXPECT_EQ(must(fen).fen(), fen);
  }
}

TEST(Fen, WhitespaceBetweenFieldsIsTolerated) {
  EXPECT_EQ(must("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0 1\n").fen(), kStart);
}

// Every suite position survives fen() -> from_fen() unchanged (same state, same key).
TEST(Fen, SuitePositionsRoundTrip) {
  for (const char* file : {"ethereal-standard.epd", "ethereal-fischer.epd",
                           "python-chess-tricky.perft", "scalachess-tricky.perft"}) {
    const auto suite = testing::load_perft_suite(file);
    ASSERT_FALSE(suite.empty()) << file;
    for (const auto& e : suite) {
      const auto a = Position::from_fen_relaxed(e.fen);
      ASSERT_TRUE(a) << e.fen << ": " << a.error().detail;
      const auto b = Position::from_fen_relaxed(a->fen(), a->is_chess960());
      ASSERT_TRUE(b) << a->fen() << ": " << b.error().detail;
      EXPECT_EQ(*a, *b) << e.fen << " -> " << a->fen();
      EXPECT_EQ(a->key(), b->key()) << e.fen;
      EXPECT_EQ(b->fen(), a->fen());
    }
  }
}

TEST(Fen, ShredderCastlingIsReadAndWrittenAsXFenWhenUnambiguous) {
  const Position p = must("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  EXPECT_TRUE(p.is_chess960());
  EXPECT_EQ(p.castling_rook(kWhiteKingSide), make_square(7, 0));
  EXPECT_EQ(p.castling_rook(kWhiteQueenSide), make_square(5, 0));
  EXPECT_EQ(p.castling_rook(kBlackKingSide), make_square(7, 7));
  EXPECT_EQ(p.castling_rook(kBlackQueenSide), make_square(5, 7));
  EXPECT_EQ(p.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
}

TEST(Fen, XFenPicksOutermostRookAndFileLetterForInnerRook) {
  // White: king b1, rooks d1 and h1. K means the outermost (h1); D names the inner d1 rook.
  const Position outer = must("3rk2r/8/8/8/8/8/8/1K1R3R w K - 0 1");
  EXPECT_EQ(outer.castling_rook(kWhiteKingSide), make_square(7, 0));
  EXPECT_TRUE(outer.is_chess960());
  const Position inner = must("3rk2r/8/8/8/8/8/8/1K1R3R w D - 0 1");
  EXPECT_EQ(inner.castling_rook(kWhiteKingSide), make_square(3, 0));
  EXPECT_EQ(inner.fen(), "3rk2r/8/8/8/8/8/8/1K1R3R w D - 0 1");
  EXPECT_NE(inner.key(), outer.key());
  // Standard squares written as Shredder letters imply Chess960 but print as KQkq.
  const Position shredder = must("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  EXPECT_TRUE(shredder.is_chess960());
  EXPECT_EQ(shredder.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST(Fen, EnPassantSquareWrittenOnlyWhenCaptureIsLegal) {
  // After 1.e4 no black pawn can capture: the square is kept internally but not written.
  const Position p = must("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(p.ep_square(), make_square(4, 2));
  EXPECT_FALSE(p.has_legal_en_passant());
  EXPECT_EQ(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // A capturing pawn pinned along the rank: the capture is illegal, so not written either.
  const Position pinned = must("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1");
  EXPECT_FALSE(pinned.has_legal_en_passant());
  EXPECT_EQ(pinned.fen(), "8/8/8/8/k2Pp2Q/8/8/4K3 b - - 0 1");
  const Position legal = must("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
  EXPECT_TRUE(legal.has_legal_en_passant());
  EXPECT_EQ(legal.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
}

struct BadFen {
  std::string_view fen;
  std::string_view detail_contains;
};

TEST(Fen, MalformedAndImpossibleFensAreRejected) {
  const BadFen cases[] = {
      // Syntax.
      {"", "6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "fewer than 8 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
      {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "does not have 8 squares"},
      {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad placement character"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad placement character"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "does not have 8 squares"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1", "castling character"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "duplicate"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", "duplicate"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant square"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en-passant square"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", "fullmove"},
      // Kings and pawns.
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "exactly one king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "exactly one king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "exactly one king"},
      {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn on the first or eighth"},
      {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on the first or eighth"},
      {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "more than 8"},
      {"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promoted"},
      // Checks.
      {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move is in check"},
      {"8/8/8/8/8/8/8/3kK3 w - - 0 1", "not to move is in check"},
      {"4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", "more than two"},
      {"4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", "impossible double check"},
      {"4k3/8/8/8/8/8/8/r3K2r w - - 0 1", "one line"},
      {"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", "one line"},
      {"rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1", "unrelated"},
      {"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", "unrelated"},
      // En passant.
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "third rank"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "no pawn in front"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "sixth rank"},
      {"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "occupied"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1", "occupied"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1", "halfmove clock must be 0"},
      // Castling rights that do not match the men.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no rook"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", "no rook"},
      {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "back rank"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kc - 0 1", "no rook"},
      {"r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", "a- or h-file"},
      {"r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "different files"},
      {"1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "different files"},
  };
  for (const auto& c : cases) {
    const auto r = Position::from_fen(c.fen);
    ASSERT_FALSE(r.has_value()) << "accepted: " << c.fen;
    EXPECT_EQ(r.error().code, ErrorCode::kInvalidFen) << c.fen;
    EXPECT_NE(r.error().detail.find(c.detail_contains), std::string::npos)
        << c.fen << " -> detail '" << r.error().detail << "' lacks '" << c.detail_contains << "'";
  }
}

TEST(Fen, RelaxedReaderAcceptsHistoryImpossibleButNotBroken) {
  EXPECT_TRUE(Position::from_fen_relaxed(
      "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1"));
  EXPECT_TRUE(Position::from_fen_relaxed("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"));
  EXPECT_TRUE(Position::from_fen_relaxed("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1"));
  EXPECT_FALSE(Position::from_fen_relaxed("4k3/8/8/8/8/8/8/4K2r b - - 0 1"));
  EXPECT_FALSE(Position::from_fen_relaxed("8/8/8/8/8/8/8/8 w - - 0 1"));
  EXPECT_FALSE(Position::from_fen_relaxed("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"));
}

TEST(Fen, PossibleChecksAreAccepted) {
  // Discovered double check (rook + knight), check by the pawn that just double-stepped,
  // and a check uncovered by the double step.
  EXPECT_TRUE(Position::from_fen("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1"));
  EXPECT_TRUE(Position::from_fen("8/8/8/8/3p4/4K3/8/7k w - - 0 1"));
  EXPECT_TRUE(Position::from_fen("8/8/8/8/4p3/3K4/8/7k w - - 0 1"));
  EXPECT_TRUE(Position::from_fen("4k3/8/8/8/4p3/8/8/4K1r1 w - - 0 1"));
  EXPECT_TRUE(Position::from_fen("8/8/8/2k5/3Pp3/8/8/3K4 b - d3 0 1"));  // pawn check
  // Queen e1 was blocked by the pawn on d2 and now checks b4 through d2.
  EXPECT_TRUE(Position::from_fen("8/8/8/8/1k1P4/8/8/3KQ3 b - d3 0 1"));
  // Bishop on c1 was blocked by the pawn on d2 and now checks h6 via d2..g5.
  EXPECT_TRUE(Position::from_fen("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1"));
}

TEST(Fen, FenImpliesChess960FromCastlingSquares) {
  EXPECT_FALSE(must("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_chess960());
  EXPECT_TRUE(must("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true).is_chess960());
  EXPECT_TRUE(must("1r2k2r/8/8/8/8/8/8/1R2K2R w KQk - 0 1").is_chess960());
}

}  // namespace
}  // namespace corrchess::chess
