// SAN, UCI and ICCF numeric notation: writing, lenient reading, typed errors. Expected values
// from rules.md 1.4 and tests/data/rules-edge-cases.md sections E and F.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

Position fen(std::string_view text, bool chess960 = false) {
  auto p = Position::from_fen(text, chess960);
  EXPECT_TRUE(p.has_value()) << text << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

Move uci(const Position& pos, std::string_view text) {
  auto m = parse_uci(pos, text);
  EXPECT_TRUE(m.has_value()) << text << ": " << (m ? "" : m.error().detail);
  return m ? *m : Move{};
}

// Plays SAN moves; fails the test on the first one that does not parse.
Position play_san(Position pos, const std::vector<std::string>& sans) {
  for (const std::string& s : sans) {
    auto m = parse_san(pos, s);
    EXPECT_TRUE(m.has_value()) << s << " in " << pos.fen() << ": " << (m ? "" : m.error().detail);
    if (!m) return pos;
    pos.play(*m);
  }
  return pos;
}

// Every spelling in `spellings` reads (parse_san) as the move `uci` in `pos`.
void expect_san_spellings(const Position& pos, std::initializer_list<const char*> spellings,
                          std::string_view uci) {
  for (const char* s : spellings) {
    auto m = parse_san(pos, s);
    ASSERT_TRUE(m.has_value()) << s;
    EXPECT_EQ(to_uci(pos, *m), uci) << s;
  }
}

void expect_error(const Result<Move>& r, ErrorCode code, std::string_view what) {
  ASSERT_FALSE(r.has_value()) << what << " parsed as " << r->raw();
  EXPECT_EQ(r.error().code, code) << what << ": " << r.error().detail;
  EXPECT_FALSE(r.error().detail.empty()) << what;
}

// ---- SAN writing (rules-edge-cases E1-E10) ----

TEST(ToSan, CastlingWithCheckE1) {
  Position pos = fen("rnbk1b1r/ppp2pp1/5n1p/4p1B1/2P5/2N5/PP2PPPP/R3KBNR w KQ - 0 7");
  Move m = uci(pos, "e1c1");
  EXPECT_EQ(m.kind(), MoveKind::kCastling);
  EXPECT_EQ(uci(pos, "e1a1"), m);  // both UCI spellings name the same castling move
  EXPECT_EQ(to_san(pos, m), "O-O-O+");
  EXPECT_EQ(to_uci(pos, m), "e1c1");
}

TEST(ToSan, EnPassantMateE2) {
  Position pos = fen("6bk/7b/8/3pP3/8/8/8/Q3K3 w - d6 0 2");
  Move m = uci(pos, "e5d6");
  EXPECT_EQ(m.kind(), MoveKind::kEnPassant);
  EXPECT_EQ(to_san(pos, m), "exd6#");
}

TEST(ToSan, DisambiguationFileThenRankThenBothE3) {
  Position pos = fen("N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "e1f1")), "Kf1");
  EXPECT_EQ(to_san(pos, uci(pos, "c3c2")), "Rcc2");
  EXPECT_EQ(to_san(pos, uci(pos, "b2c2")), "Rbc2");
  EXPECT_EQ(to_san(pos, uci(pos, "a4b6")), "N4b6");
  EXPECT_EQ(to_san(pos, uci(pos, "h8g6")), "N8g6");
  EXPECT_EQ(to_san(pos, uci(pos, "h4g6")), "Nh4g6");
}

TEST(ToSan, NotOverSpecifiedE4) {
  Position pos = fen("8/2KN1p2/5p2/3N1B1k/5PNp/7P/7P/8 w - - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "d5f6")), "N5xf6#");
}

TEST(ToSan, PinnedPieceIsNotDisambiguatedE5) {
  Position pos = fen("8/8/8/R2nkn2/8/8/2K5/8 b - - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "f5e3")), "Ne3+");
}

TEST(ToSan, PromotionsE6E7E8) {
  Position e6 = fen("7k/1p2Npbp/8/2P5/1P1r4/3b2QP/3q1pPK/2RB4 b - - 1 29");
  EXPECT_EQ(to_san(e6, uci(e6, "f2f1q")), "f1=Q");
  EXPECT_EQ(to_san(e6, uci(e6, "f2f1n")), "f1=N+");

  Position e7 = fen("8/6P1/2p5/1Pqk4/6P1/2P1RKP1/4P1P1/8 w - - 0 1");
  Move g8q = uci(e7, "g7g8q");
  EXPECT_EQ(to_san(e7, g8q), "g8=Q+");
  EXPECT_EQ(e7.after(g8q).fen(), "6Q1/8/2p5/1Pqk4/6P1/2P1RKP1/4P1P1/8 b - - 0 1");

  Position e8 = fen("8/8/8/3R1P2/8/2k2K2/3p4/r7 b - - 0 82");
  auto d1q = parse_san(e8, "d1=Q+");
  ASSERT_TRUE(d1q.has_value());
  EXPECT_EQ(to_san(e8, *d1q), "d1=Q+");
  EXPECT_EQ(e8.after(*d1q).fen(), "8/8/8/3R1P2/8/2k2K2/8/r2q4 w - - 0 83");
}

TEST(ToSan, KingTakesUnmovedRookIsNotCastlingE9) {
  Position pos = fen("8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1");
  Move m = uci(pos, "g2h1");
  EXPECT_EQ(m.kind(), MoveKind::kNormal);
  EXPECT_EQ(to_san(pos, m), "Kxh1");
  EXPECT_EQ(pos.after(m).fen(), "8/8/8/B2p3Q/2qPp1P1/b7/2P2P1P/4K2k w - - 0 2");
}

std::string numbered_san(Position pos, const std::vector<std::string>& ucis) {
  std::string out;
  bool first = true;
  for (const std::string& u : ucis) {
    Move m = uci(pos, u);
    if (!out.empty()) out += ' ';
    if (pos.side_to_move() == Color::kWhite) {
      out += std::to_string(pos.fullmove_number()) + ". ";
    } else if (first) {
      out += std::to_string(pos.fullmove_number()) + "... ";
    }
    first = false;
    out += to_san(pos, m);
    pos.play(m);
  }
  return out;
}

TEST(ToSan, GameFragmentE10) {
  const std::vector<std::string> ucis = {"d3h7", "g8h7", "f3h5", "h7g8", "c3g3", "e7f8",
                                         "f4g5", "e8e7", "g5f6", "b8d7", "h5h6", "d7f6",
                                         "e5f6", "g7g6", "f6e7", "f8e7"};
  Position pos = fen("rn1qr1k1/1p2bppp/p3p3/3pP3/P2P1B2/2RB1Q1P/1P3PP1/R5K1 w - - 0 19");
  EXPECT_EQ(numbered_san(pos, ucis),
            "19. Bxh7+ Kxh7 20. Qh5+ Kg8 21. Rg3 Bf8 22. Bg5 Re7 23. Bf6 Nd7 24. Qh6 Nxf6 "
            "25. exf6 g6 26. fxe7 Bxe7");
  pos.play(uci(pos, "d3h7"));
  EXPECT_EQ(numbered_san(pos, std::vector<std::string>(ucis.begin() + 1, ucis.begin() + 3)),
            "19... Kxh7 20. Qh5+");
}

// ---- SAN reading (E11-E21) ----

TEST(ParseSan, CastlingSpellingsE11E12) {
  Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1");
  for (const char* s : {"O-O", "0-0", "O-O+", "O-O#", "O-O!?", "0-0+"}) {
    auto m = parse_san(pos, s);
    ASSERT_TRUE(m.has_value()) << s;
    EXPECT_EQ(m->kind(), MoveKind::kCastling) << s;
    EXPECT_EQ(to_uci(pos, *m), "e1g1") << s;
  }
  expect_san_spellings(pos, {"O-O-O", "0-0-0", "O-O-O+"}, "e1c1");
}

TEST(ParseSan, FullySpecifiedSquaresWithoutPieceLetterE13) {
  Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1");
  auto m = parse_san(pos, "e1g1");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->kind(), MoveKind::kCastling);
  expect_error(parse_san(pos, "Ke1g1"), ErrorCode::kIllegalMove, "Ke1g1");
}

TEST(ParseSan, KingMoveIsNeverCastlingE14) {
  Position pos = fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  expect_error(parse_san(pos, "Kg1"), ErrorCode::kIllegalMove, "Kg1");
  expect_error(parse_san(pos, "Kh1"), ErrorCode::kIllegalMove, "Kh1");
  auto m = parse_san(pos, "O-O");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(to_uci(pos, *m), "e1g1");
  EXPECT_NE(parse_san(pos, "Kg1").error().detail.find("O-O"), std::string::npos);
}

TEST(ParseSan, TrailingNewlineIsUnreadableE15) {
  Position pos = fen("rnbqk2r/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQK2R w KQkq - 2 4");
  expect_error(parse_san(pos, "O-O\n"), ErrorCode::kInvalidNotation, "O-O\\n");
  expect_error(parse_san(pos, "Nc3\n"), ErrorCode::kInvalidNotation, "Nc3\\n");
  expect_error(parse_san(pos, " Nc3"), ErrorCode::kInvalidNotation, "leading space");
  EXPECT_TRUE(parse_san(pos, "Nc3").has_value());
}

TEST(ParseSan, AmbiguityAndDisambiguationE16) {
  Position pos = fen("8/8/1n6/3R1P2/1n6/2k2K2/3p4/r6r b - - 0 82");
  expect_error(parse_san(pos, "Rf1"), ErrorCode::kAmbiguousMove, "Rf1");
  expect_error(parse_san(pos, "Nd5"), ErrorCode::kAmbiguousMove, "Nd5");
  expect_error(parse_san(pos, "Nbd5"), ErrorCode::kAmbiguousMove, "Nbd5");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "Rhf1")), "h1f1");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "Raf1")), "a1f1");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "N4d5")), "b4d5");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "N6xd5")), "b6d5");
  EXPECT_EQ(parse_san(pos, "Rf1").error().detail, "Rf1 is ambiguous: Ra1f1, Rh1f1");
}

TEST(ParseSan, AmbiguityDetailNamesTheCandidates) {
  Position pos = play_san(Position::startpos(), {"d4", "d5", "Nf3", "Nf6"});
  auto r = parse_san(pos, "Nd2");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, ErrorCode::kAmbiguousMove);
  EXPECT_EQ(r.error().detail, "Nd2 is ambiguous: Nb1d2, Nf3d2");
  // Over-disambiguation is accepted.
  expect_san_spellings(pos, {"Nbd2", "Nb1d2", "N1d2", "Nb1-d2", "Nbd2!"}, "b1d2");
  // After 1.e4 e5 one knight reaches f3.
  expect_san_spellings(play_san(Position::startpos(), {"e4", "e5"}),
                       {"Ngf3", "Ng1f3", "Nf3", "Nxf3"}, "g1f3");
}

TEST(ParseSan, PromotionSpellingsE17) {
  Position pos = fen("8/8/1n6/3R1P2/1n6/2k2K2/3p4/r6r b - - 0 82");
  expect_san_spellings(pos, {"d1=Q", "d1Q", "d1=Q+", "d1q", "d1=q"}, "d2d1q");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "d1=N")), "d2d1n");
  expect_error(parse_san(pos, "d1"), ErrorCode::kIllegalMove, "d1");
  expect_error(parse_san(pos, "d1=K"), ErrorCode::kIllegalMove, "d1=K");
  expect_error(parse_san(pos, "Rb1=Q"), ErrorCode::kIllegalMove, "Rb1=Q");
}

TEST(ParseSan, PawnCaptureNeedsItsFileE18) {
  Position pos = fen("2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13");
  expect_error(parse_san(pos, "c4"), ErrorCode::kIllegalMove, "c4");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "dxc4")), "d5c4");
  EXPECT_EQ(to_uci(pos, *parse_san(pos, "dc4")), "d5c4");
}

TEST(ParseSan, EnPassantSpellingsE19) {
  Position pos = fen("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
  expect_error(parse_san(pos, "f6"), ErrorCode::kIllegalMove, "f6");
  for (const char* s : {"exf6", "ef6"}) {
    auto m = parse_san(pos, s);
    ASSERT_TRUE(m.has_value()) << s;
    EXPECT_EQ(m->kind(), MoveKind::kEnPassant);
  }
  expect_error(parse_san(pos, "exf6e.p."), ErrorCode::kInvalidNotation, "exf6e.p.");
  expect_error(parse_san(pos, "ef"), ErrorCode::kInvalidNotation, "ef");
}

TEST(ParseSan, PromotionWithoutEqualsSignE20) {
  Position pos = fen("4k3/8/8/8/8/8/1p6/R3K3 w - - 0 58");
  pos = play_san(pos, {"Ra7"});
  auto m = parse_san(pos, "b1Q");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(to_uci(pos, *m), "b2b1q");
}

TEST(ParseSan, NullMovesAreNotLegalMovesE21) {
  Position pos = Position::startpos();
  for (const char* s : {"--", "Z0", "0000", "@@@@"}) {
    expect_error(parse_san(pos, s), ErrorCode::kIllegalMove, s);
    expect_error(parse_move(pos, s), ErrorCode::kIllegalMove, s);
  }
}

TEST(ParseSan, UnreadableTextIsInvalidNotation) {
  Position pos = Position::startpos();
  for (const char* s : {"", "xyz", "Ni3", "e9", "N", "+", "!?", "Nf3f", "e4=", "P@e4", "Nf 3"}) {
    expect_error(parse_san(pos, s), ErrorCode::kInvalidNotation, s);
  }
  for (const char* s : {"e5", "Nf4", "Ke2", "O-O", "Bb5", "exd4"}) {
    expect_error(parse_san(pos, s), ErrorCode::kIllegalMove, s);
  }
}

TEST(ParseSan, AnnotationsAndCheckMarksAreIgnored) {
  Position pos = Position::startpos();
  expect_san_spellings(
      pos, {"e4", "e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!", "e4+", "e4#", "e2e4", "e2-e4"},
      "e2e4");
}

// ---- UCI (E22, F9, F10) ----

TEST(ParseUci, PromotionRulesE22) {
  Position pos = fen("3k4/6P1/7P/8/K7/8/8/4R3 w - - 0 1");
  for (const char* s : {"g7g8", "g7g8p", "g7g8k", "a5b5q", "h6h7n"}) {
    expect_error(parse_uci(pos, s), ErrorCode::kIllegalMove, s);
  }
  EXPECT_EQ(to_san(pos, uci(pos, "e1g1")), "Rg1");
  EXPECT_EQ(to_san(pos, uci(pos, "g7g8r")), "g8=R+");
  expect_error(parse_uci(pos, "g7g8x"), ErrorCode::kInvalidNotation, "g7g8x");
  expect_error(parse_uci(pos, "g7"), ErrorCode::kInvalidNotation, "g7");
  expect_error(parse_uci(pos, "G7G8Q"), ErrorCode::kInvalidNotation, "G7G8Q");
}

TEST(ParseUci, StandardCastlingAcceptsKingDestinationAndKingTakesRook) {
  Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1");
  Move a = uci(pos, "e1g1");
  Move b = uci(pos, "e1h1");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.kind(), MoveKind::kCastling);
  EXPECT_EQ(to_uci(pos, a), "e1g1");
  EXPECT_EQ(to_uci(pos, uci(pos, "e1a1")), "e1c1");
  Position black = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 1 1");
  EXPECT_EQ(to_uci(black, uci(black, "e8h8")), "e8g8");
  EXPECT_EQ(to_uci(black, uci(black, "e8a8")), "e8c8");
}

TEST(ParseUci, Chess960CastlingIsKingTakesRookF9) {
  Position pos = fen("3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", true);
  Move oo = *parse_san(pos, "O-O");
  EXPECT_EQ(oo.kind(), MoveKind::kCastling);
  EXPECT_EQ(to_uci(pos, oo), "f1g1");
  EXPECT_EQ(uci(pos, "f1g1"), oo);
  EXPECT_EQ(to_numeric(pos, oo), "6171");
  EXPECT_EQ(*parse_numeric(pos, "6171"), oo);
  pos.play(oo);
  // Same rights as python-chess's "b d - 2 1" (our FEN writes X-FEN q: d8 is the outer rook).
  EXPECT_EQ(pos, fen("3r1k1r/4pp2/8/8/8/8/8/4RRK1 b d - 2 1", true));
  expect_error(parse_uci(pos, "e8h8"), ErrorCode::kIllegalMove, "e8h8");
  Move ooo = *parse_san(pos, "O-O-O");
  EXPECT_EQ(to_san(pos, ooo), "O-O-O");
  EXPECT_EQ(to_uci(pos, ooo), "f8d8");
  pos.play(ooo);
  EXPECT_EQ(pos, fen("2kr3r/4pp2/8/8/8/8/8/4RRK1 w - - 3 2", true));
}

TEST(ParseUci, Chess960RookHopF10) {
  Position pos = fen("Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1", true);
  Move oo = *parse_san(pos, "O-O");
  EXPECT_EQ(to_uci(pos, oo), "g1h1");
  EXPECT_EQ(to_san(pos, oo), "O-O");
  EXPECT_EQ(to_numeric(pos, oo), "7171");  // the king "moves" to its own square
  EXPECT_EQ(*parse_numeric(pos, "7171"), oo);
  EXPECT_EQ(*parse_numeric(pos, "7181"), oo);
  pos.play(oo);
  EXPECT_EQ(pos, fen("Qr4k1/4pppp/8/8/8/8/8/R4RK1 b b - 1 1", true));
  expect_error(parse_san(pos, "O-O-O"), ErrorCode::kIllegalMove, "O-O-O");
  expect_error(parse_san(pos, "O-O"), ErrorCode::kIllegalMove, "O-O");
}

TEST(ParseUci, Chess960CastlingWithCheckF13) {
  Position pos = fen("4r3/3k4/8/8/8/8/q5PP/1R1KR3 w Q - 2 2", true);
  Move m = uci(pos, "d1b1");
  EXPECT_EQ(m.kind(), MoveKind::kCastling);
  EXPECT_EQ(to_san(pos, m), "O-O-O+");
  // Kc1 is also legal: the numeric pair d1-c1 means Kc1, castling is written king-takes-rook.
  Move kc1 = *parse_san(pos, "Kc1");
  EXPECT_EQ(to_numeric(pos, kc1), "4131");
  EXPECT_EQ(*parse_numeric(pos, "4131"), kc1);
  EXPECT_EQ(to_numeric(pos, m), "4121");
  EXPECT_EQ(*parse_numeric(pos, "4121"), m);
  // In Chess960 UCI d1c1 is the king move, never castling.
  EXPECT_EQ(uci(pos, "d1c1"), kc1);
}

// ---- ICCF numeric (rules.md 1.4) ----

TEST(Numeric, AppendixAExamples) {
  Position pos = Position::startpos();
  Move e4 = *parse_numeric(pos, "5254");
  EXPECT_EQ(to_san(pos, e4), "e4");
  EXPECT_EQ(to_numeric(pos, e4), "5254");
  EXPECT_EQ(to_numeric(pos, *parse_san(pos, "Nf3")), "7163");

  Position promo = fen("8/4P3/8/8/8/k7/8/4K3 w - - 0 1");
  Move e8q = *parse_numeric(promo, "57581");
  EXPECT_EQ(to_san(promo, e8q), "e8=Q");
  EXPECT_EQ(to_numeric(promo, e8q), "57581");
  EXPECT_EQ(to_san(promo, *parse_numeric(promo, "57582")), "e8=R");
  EXPECT_EQ(to_san(promo, *parse_numeric(promo, "57583")), "e8=B");
  EXPECT_EQ(to_san(promo, *parse_numeric(promo, "57584")), "e8=N");
  expect_error(parse_numeric(promo, "5758"), ErrorCode::kIllegalMove, "5758");
  expect_error(parse_numeric(promo, "57585"), ErrorCode::kInvalidNotation, "57585");

  Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1");
  Move oo = *parse_numeric(castle, "5171");
  EXPECT_EQ(to_san(castle, oo), "O-O");
  EXPECT_EQ(to_numeric(castle, oo), "5171");
  EXPECT_EQ(to_san(castle, *parse_numeric(castle, "5131")), "O-O-O");
  Position black = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 1 1");
  ASSERT_TRUE(parse_san(black, "O-O").has_value());
  EXPECT_EQ(to_numeric(black, *parse_san(black, "O-O")), "5878");
  EXPECT_EQ(to_numeric(black, *parse_san(black, "O-O-O")), "5838");
}

TEST(Numeric, ErrorsAreTyped) {
  Position pos = Position::startpos();
  expect_error(parse_numeric(pos, "5255"), ErrorCode::kIllegalMove, "5255");
  expect_error(parse_numeric(pos, "5554"), ErrorCode::kIllegalMove, "5554");
  for (const char* s : {"525", "5294", "0254", "525411", "52a4", ""}) {
    expect_error(parse_numeric(pos, s), ErrorCode::kInvalidNotation, s);
  }
  EXPECT_NE(parse_numeric(pos, "5554").error().detail.find("no White piece on e5"),
            std::string::npos);
}

// ---- parse_move dispatch ----

TEST(ParseMove, AcceptsAllThreeNotations) {
  Position pos = Position::startpos();
  for (const char* s : {"e4", "e2e4", "5254", "e2-e4", "e4!"}) {
    auto m = parse_move(pos, s);
    ASSERT_TRUE(m.has_value()) << s;
    EXPECT_EQ(to_uci(pos, *m), "e2e4") << s;
  }
  Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1 1");
  for (const char* s : {"O-O", "0-0", "e1g1", "e1h1", "5171"}) {
    auto m = parse_move(castle, s);
    ASSERT_TRUE(m.has_value()) << s;
    EXPECT_EQ(m->kind(), MoveKind::kCastling) << s;
    EXPECT_EQ(to_san(castle, *m), "O-O") << s;
  }
  expect_error(parse_move(pos, "hello"), ErrorCode::kInvalidNotation, "hello");
  expect_error(parse_move(pos, "e2e5"), ErrorCode::kIllegalMove, "e2e5");
  expect_error(parse_move(pos, "Nd2"), ErrorCode::kIllegalMove, "Nd2");
  expect_error(parse_move(pos, "9999"), ErrorCode::kInvalidNotation, "9999");
}

// ---- round trip over every legal move of the perft suites ----

std::vector<std::string> epd_fens(const std::string& file) {
  std::ifstream in(corrchess::testing::data_dir() + "/perft/" + file);
  EXPECT_TRUE(in.good()) << file;
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line)) {
    auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    fens.push_back(line.substr(0, semi));
  }
  return fens;
}

void expect_round_trips(const Position& pos) {
  for (Move m : pos.legal_moves()) {
    const std::string san = to_san(pos, m);
    auto s = parse_san(pos, san);
    ASSERT_TRUE(s.has_value()) << pos.fen() << " " << san << ": " << s.error().detail;
    EXPECT_EQ(*s, m) << pos.fen() << " " << san;
    const std::string u = to_uci(pos, m);
    auto ur = parse_uci(pos, u);
    ASSERT_TRUE(ur.has_value()) << pos.fen() << " " << u << ": " << ur.error().detail;
    EXPECT_EQ(*ur, m) << pos.fen() << " " << u;
    const std::string n = to_numeric(pos, m);
    auto nr = parse_numeric(pos, n);
    ASSERT_TRUE(nr.has_value()) << pos.fen() << " " << n << ": " << nr.error().detail;
    EXPECT_EQ(*nr, m) << pos.fen() << " " << n;
    auto any = parse_move(pos, san);
    ASSERT_TRUE(any.has_value()) << pos.fen() << " " << san;
    EXPECT_EQ(*any, m);
  }
}

TEST(RoundTrip, EveryLegalMoveOfTheStandardPerftSuite) {
  auto fens = epd_fens("ethereal-standard.epd");
  EXPECT_GE(fens.size(), 120u);
  int rejected = 0;
  for (const std::string& f : fens) {
    auto p = Position::from_fen(f);
    if (!p) {  // the suite holds one impossible position (double check along one line)
      ++rejected;
      continue;
    }
    Position pos = *p;
    expect_round_trips(pos);
    for (Move m : pos.legal_moves()) expect_round_trips(pos.after(m));
  }
  EXPECT_LE(rejected, 1);
}

TEST(RoundTrip, EveryLegalMoveOfTheChess960PerftSuite) {
  auto fens = epd_fens("ethereal-fischer.epd");
  EXPECT_EQ(fens.size(), 960u);
  int castling_moves = 0;
  for (const std::string& f : fens) {
    Position pos = fen(f, true);
    expect_round_trips(pos);
    for (Move m : pos.legal_moves()) {
      if (m.kind() == MoveKind::kCastling) {
        ++castling_moves;
        EXPECT_EQ(to_uci(pos, m), square_name(m.from()) + square_name(m.to()));
      }
    }
  }
  EXPECT_GT(castling_moves, 0);
}

}  // namespace
}  // namespace corrchess::chess
