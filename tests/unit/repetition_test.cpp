// GameRecord and the threefold / fifty-move claims (rules.md 3.3-3.5a). Vectors from
// tests/data/rules-edge-cases.md sections A, B and C; where python-chess follows FIDE's
// over-the-board Laws (fivefold, 75 moves, fifty-move claims with 7 or fewer men) the ICCF
// verdict is asserted instead and the difference is named.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/game_record.h"
#include "core/chess/notation.h"
#include "core/chess/position.h"

namespace corrchess::chess {
namespace {

constexpr std::string_view kStart = "startpos";

Position position_from(std::string_view fen) {
  if (fen == kStart) return Position::startpos();
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().detail);
  return p ? *p : Position::startpos();
}

GameRecord record(std::string_view fen, const std::vector<std::string>& sans) {
  GameRecord rec(position_from(fen));
  for (const std::string& s : sans) {
    auto m = parse_san(rec.current(), s);
    EXPECT_TRUE(m.has_value()) << s << " in " << rec.current().fen() << ": "
                               << (m ? "" : m.error().detail);
    if (!m) break;
    EXPECT_TRUE(rec.play(*m).has_value());
  }
  return rec;
}

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<std::string> times(const std::vector<std::string>& v, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out = out + v;
  return out;
}

Move san(const GameRecord& rec, std::string_view text) {
  auto m = parse_san(rec.current(), text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : Move{};
}

// Python-chess's can_claim_threefold_repetition(): the board, or some legal move.
bool python_claim3(const GameRecord& rec) {
  ClaimOptions o = rec.claim_options();
  return o.threefold_now || !o.threefold_moves.empty();
}

// ---- GameRecord basics ----

TEST(GameRecord, KeepsPositionsAndKeysPerPly) {
  GameRecord rec = record(kStart, {"e4", "e5", "Nf3"});
  EXPECT_EQ(rec.ply_count(), 3);
  EXPECT_EQ(rec.position_at(0), Position::startpos());
  EXPECT_EQ(rec.key_at(0), Position::startpos().key());
  EXPECT_EQ(rec.key_at(3), rec.current().key());
  EXPECT_EQ(rec.position_at(2).fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(rec.start(), Position::startpos());
  EXPECT_EQ(rec.moves().size(), 3u);
}

TEST(GameRecord, IllegalMovesAreRefusedAndChangeNothing) {
  GameRecord rec;
  auto r = rec.play(Move(make_square(4, 1), make_square(4, 4)));  // e2e5
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, ErrorCode::kIllegalMove);
  EXPECT_EQ(rec.ply_count(), 0);

  std::vector<Move> moves = {*parse_san(Position::startpos(), "e4"),
                             Move(make_square(4, 1), make_square(4, 3))};
  auto bad = GameRecord::from_moves(Position::startpos(), moves);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kIllegalMove);
  EXPECT_TRUE(bad.error().detail.starts_with("ply 2: ")) << bad.error().detail;

  auto good = GameRecord::from_moves(Position::startpos(), std::vector<Move>{moves[0]});
  ASSERT_TRUE(good.has_value());
  EXPECT_EQ(good->ply_count(), 1);
}

TEST(Repetition, IllegalIntendedMoveMakesTheClaimInvalid) {
  GameRecord rec = record(kStart, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  Move illegal(make_square(4, 6), make_square(4, 3));  // e7-e4: no pawn jumps two squares
  auto v = rec.judge_threefold_claim(illegal);
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().code, ErrorCode::kIllegalMove);
  EXPECT_FALSE(rec.can_claim_threefold(illegal));
  auto f = rec.judge_fifty_move_claim(illegal);
  ASSERT_FALSE(f.has_value());
  EXPECT_EQ(f.error().code, ErrorCode::kIllegalMove);
}

// ---- A. Threefold ----

TEST(Repetition, ClaimByAnnouncingTheRepeatingMoveA1) {
  GameRecord rec = record(kStart, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  EXPECT_EQ(rec.repetition_count(), 2);
  EXPECT_FALSE(rec.can_claim_threefold());  // rep(3) False: not on the board
  EXPECT_TRUE(rec.can_claim_threefold(san(rec, "Ng8")));
  EXPECT_FALSE(rec.can_claim_threefold(san(rec, "Nc6")));
  EXPECT_EQ(rec.repetition_count_after(san(rec, "Ng8")), 3);
  EXPECT_TRUE(python_claim3(rec));
  EXPECT_TRUE(rec.claimable());
  auto v = rec.judge_threefold_claim(san(rec, "Ng8"));
  ASSERT_TRUE(v.has_value());
  EXPECT_TRUE(v->correct);
  EXPECT_EQ(v->reason,
            "the position after 4...Ng8 would stand for the 3rd time: it stood the start "
            "position and after 2...Ng8");
}

TEST(Repetition, StartPositionThreeTimesA2) {
  GameRecord rec = record(kStart, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(rec.repetition_count(), 3);
  EXPECT_TRUE(rec.can_claim_threefold());
  // Naming a move that repeats nothing does not spoil a claim the board already supports.
  EXPECT_TRUE(rec.can_claim_threefold(san(rec, "e4")));
  auto v = rec.judge_threefold_claim();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->reason,
            "the position on the board has stood 3 times with the same player to move: the "
            "start position, after 2...Ng8 and after 4...Ng8");
}

TEST(Repetition, IrreversibleMoveEndsTheClaimA3) {
  const std::vector<std::string> line = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3",
                                         "Nf6", "Ng1", "Ng8", "e4"};
  GameRecord rec = record(kStart, line);
  EXPECT_FALSE(rec.can_claim_threefold());
  EXPECT_FALSE(python_claim3(rec));
  EXPECT_FALSE(rec.claimable());
  // "Undoing" ply by ply: claimable at plies 7 and 8 only.
  for (int ply = 0; ply <= static_cast<int>(line.size()); ++ply) {
    GameRecord prefix = record(kStart, std::vector<std::string>(line.begin(), line.begin() + ply));
    EXPECT_EQ(python_claim3(prefix), ply == 7 || ply == 8) << ply;
    EXPECT_EQ(prefix.claimable(), ply == 7 || ply == 8) << ply;
  }
}

constexpr std::string_view kA4 =
    "rnbq1rk1/ppp3pp/3bpn2/3p1p2/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQ - 3 7";
const std::vector<std::string> kA4Cycle = {"Be2", "Ne4", "Bd3", "Nf6"};

TEST(Repetition, FourthOccurrenceA4) {
  GameRecord rec = record(kA4, times(kA4Cycle, 3));
  EXPECT_EQ(rec.repetition_count(), 4);
  EXPECT_TRUE(rec.can_claim_threefold());
}

TEST(Repetition, NoAutomaticFivefoldUnderIccfA5) {
  // python-chess: fivefold, is_game_over() True. ICCF (rules.md 3.5a): only a claim.
  GameRecord rec = record(kA4, times(kA4Cycle, 4));
  EXPECT_EQ(rec.repetition_count(), 5);
  EXPECT_TRUE(rec.can_claim_threefold());
  EXPECT_GT(rec.current().count_legal_moves(), 0u);
  EXPECT_FALSE(rec.current().is_checkmate());
  EXPECT_FALSE(rec.current().is_stalemate());
  EXPECT_TRUE(rec.play(san(rec, "Qc2")).has_value());  // the game simply goes on
  // Even a sixth and seventh occurrence change nothing but the count.
  GameRecord seven = record(kA4, times(kA4Cycle, 6));
  EXPECT_EQ(seven.repetition_count(), 7);
  EXPECT_TRUE(seven.play(san(seven, "Be2")).has_value());
}

TEST(Repetition, AfterLeavingTheCycleA6A7A8) {
  const auto a6 = times(kA4Cycle, 4) + std::vector<std::string>{"Qc2", "Qd7", "Qd2", "Qe7"};
  GameRecord rec6 = record(kA4, a6);
  EXPECT_FALSE(rec6.can_claim_threefold());
  EXPECT_FALSE(python_claim3(rec6));
  EXPECT_EQ(rec6.repetition_count(), 1);

  GameRecord rec7 = record(kA4, a6 + std::vector<std::string>{"Qd1"});
  EXPECT_FALSE(rec7.can_claim_threefold());
  EXPECT_TRUE(rec7.can_claim_threefold(san(rec7, "Qd8")));  // Qd8 would repeat
  EXPECT_TRUE(python_claim3(rec7));
  EXPECT_EQ(rec7.claim_options().threefold_moves, std::vector<Move>{san(rec7, "Qd8")});

  GameRecord rec8 = record(kA4, a6 + std::vector<std::string>{"Qd1", "Qd8"});
  EXPECT_TRUE(rec8.can_claim_threefold());
  // The start plus four cycles plus this return: 6 occurrences (python-chess: fivefold, i.e.
  // at least five, not all consecutive). Under ICCF still only a claim.
  EXPECT_EQ(rec8.repetition_count(), 6);
  EXPECT_GT(rec8.current().count_legal_moves(), 0u);
}

TEST(Repetition, StartPositionStandsOnceA9) {
  GameRecord rec;
  EXPECT_EQ(rec.repetition_count(), 1);
  EXPECT_FALSE(rec.can_claim_threefold());
  EXPECT_FALSE(rec.claimable());
}

// ---- B. En passant and castling rights in the repetition identity ----

const std::vector<std::string> kB1 = {"e4", "Nf6", "e5", "d5"};
const std::vector<std::string> kKnightDance = {"Nf3", "Ng8", "Ng1", "Nf6"};

TEST(Repetition, LegalEnPassantIsPartOfThePositionB1B2B3) {
  GameRecord b1 = record(kStart, kB1);
  EXPECT_EQ(b1.current().fen(), "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  EXPECT_TRUE(b1.current().has_legal_en_passant());

  GameRecord b2 = record(kStart, kB1 + times(kKnightDance, 2));
  EXPECT_EQ(b2.repetition_count(), 2);  // the first occurrence had a legal ep capture
  EXPECT_FALSE(b2.can_claim_threefold());
  EXPECT_TRUE(b2.can_claim_threefold(san(b2, "Nf3")));  // 3rd time after 5.Nf3 / 7.Nf3
  EXPECT_TRUE(python_claim3(b2));

  GameRecord b3 = record(kStart, kB1 + times(kKnightDance, 3));
  EXPECT_EQ(b3.repetition_count(), 3);
  EXPECT_TRUE(b3.can_claim_threefold());
}

TEST(Repetition, PinnedEnPassantDoesNotCountB4B5) {
  constexpr std::string_view kFen = "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1";
  GameRecord b4 = record(kFen, {"e4"});
  EXPECT_EQ(b4.current().ep_square(), make_square(4, 2));  // e3: pseudo-legal only
  EXPECT_FALSE(b4.current().has_legal_en_passant());
  EXPECT_EQ(b4.current().fen(), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");

  GameRecord b5 = record(kFen, {"e4", "Ka5", "Kf1", "Ka4", "Ke1", "Ka5", "Kf1", "Ka4", "Ke1"});
  EXPECT_EQ(b5.repetition_count(), 3);
  EXPECT_TRUE(b5.can_claim_threefold());
  EXPECT_EQ(b5.plies_with_key(b5.current().key()), (std::vector<int>{1, 5, 9}));
}

TEST(Repetition, CastlingRightsArePartOfThePositionB6B7) {
  constexpr std::string_view kFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const std::vector<std::string> walk = {"Ke2", "Ke7", "Ke1", "Ke8"};
  GameRecord b6 = record(kFen, walk);
  EXPECT_EQ(b6.repetition_count(), 1);  // same placement, rights now "-"
  EXPECT_NE(b6.current().key(), b6.start().key());

  GameRecord b7 = record(kFen, times(walk, 3));
  EXPECT_EQ(b7.repetition_count(), 3);
  EXPECT_TRUE(b7.can_claim_threefold());
}

TEST(Repetition, EnPassantOnlyImmediatelyB8B9) {
  GameRecord b8 = record("rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3", {});
  EXPECT_TRUE(parse_uci(b8.current(), "h5g6").has_value());
  GameRecord b8b =
      record("rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3", {"Nf3", "Nf6"});
  auto late = parse_uci(b8b.current(), "h5g6");
  ASSERT_FALSE(late.has_value());
  EXPECT_EQ(late.error().code, ErrorCode::kIllegalMove);

  constexpr std::string_view kB9 =
      "rnbqkbnr/pp1ppppp/8/8/2pP4/2P2N2/PP2PPPP/RNBQKB1R b KQkq d3 0 3";
  EXPECT_TRUE(parse_uci(record(kB9, {}).current(), "c4d3").has_value());
  auto late9 = parse_uci(record(kB9, {"Qc7", "Bd2"}).current(), "c4d3");
  ASSERT_FALSE(late9.has_value());
  EXPECT_EQ(late9.error().code, ErrorCode::kIllegalMove);
}

// ---- C. Fifty moves ----

TEST(FiftyMoves, NotYetC1C2C3) {
  for (std::string_view fen :
       {std::string_view("startpos"), std::string_view("8/5R2/8/r2KB3/6k1/8/8/8 w - - 19 79"),
        std::string_view("8/8/6r1/4B3/8/4K2k/5R2/8 b - - 68 103")}) {
    GameRecord rec = record(fen, {});
    EXPECT_FALSE(rec.can_claim_fifty_moves()) << fen;
    EXPECT_TRUE(rec.claim_options().fifty_move_moves.empty()) << fen;
    EXPECT_FALSE(rec.claimable()) << fen;
  }
}

TEST(FiftyMoves, SevenOrFewerMenNeverC4C5C6) {
  // python-chess: claim50 True in all three. ICCF (rules.md 3.4): 5 men, the tablebase decides.
  for (std::string_view fen :
       {"6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119",
        "8/7k/8/1r3KR1/5B2/8/8/8 w - - 105 122"}) {
    GameRecord rec = record(fen, {});
    EXPECT_FALSE(rec.can_claim_fifty_moves()) << fen;
    EXPECT_TRUE(rec.claim_options().fifty_move_moves.empty()) << fen;
    auto v = rec.judge_fifty_move_claim();
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v->reason,
              "only 5 men on the board: the fifty-move rule does not apply (the tablebase "
              "decides)");
  }
  GameRecord c4 = record("6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119", {});
  EXPECT_FALSE(c4.can_claim_fifty_moves(san(c4, "Ke3")));
}

TEST(FiftyMoves, ClockAndIntendedMoveWithEightOrMoreMenC4C5Derived) {
  // C4 with four black pawns added (9 men): a quiet intended move reaches 100 plies.
  GameRecord c4 = record("6R1/pppp3k/8/8/1r3B2/5K2/8/8 w - - 99 119", {});
  EXPECT_FALSE(c4.can_claim_fifty_moves());
  EXPECT_TRUE(c4.can_claim_fifty_moves(san(c4, "Ke3")));
  auto v = c4.judge_fifty_move_claim(san(c4, "Ke3"));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->reason, "with 119.Ke3 no pawn move and no capture in the last 100 plies");
  // Every legal move but the capture Bxc7 supports the claim.
  EXPECT_EQ(c4.claim_options().fifty_move_moves.size(), c4.current().count_legal_moves() - 1);
  EXPECT_TRUE(c4.claimable());

  // C5 with three black pawns added (8 men): the board itself supports the claim.
  GameRecord eight = record("8/ppp4k/8/6R1/1r3B2/5K2/8/8 b - - 100 119", {});
  EXPECT_EQ(eight.current().men_count(), 8);
  EXPECT_TRUE(eight.can_claim_fifty_moves());
  EXPECT_TRUE(eight.can_claim_fifty_moves(san(eight, "a6")));  // the board claim stands
  // ...but a pawn move as the only basis would not do: clock 99, intended a6.
  GameRecord ninety_nine = record("8/ppp4k/8/6R1/1r3B2/5K2/8/8 b - - 99 119", {});
  EXPECT_FALSE(ninety_nine.can_claim_fifty_moves(san(ninety_nine, "a6")));
  EXPECT_TRUE(ninety_nine.can_claim_fifty_moves(san(ninety_nine, "Kh6")));
  auto pawn = ninety_nine.judge_fifty_move_claim(san(ninety_nine, "a6"));
  ASSERT_TRUE(pawn.has_value());
  EXPECT_NE(pawn->reason.find("a6 is a pawn move or a capture"), std::string::npos);

  // Two pawns: 7 men, no fifty-move claim however long the clock.
  GameRecord seven = record("8/pp5k/8/6R1/1r3B2/5K2/8/8 b - - 140 119", {});
  EXPECT_EQ(seven.current().men_count(), 7);
  EXPECT_FALSE(seven.can_claim_fifty_moves());
}

TEST(FiftyMoves, CountsPliesPlayedInTheRecord) {
  // 9 men, clock 90: ten quiet plies later the board supports the claim.
  GameRecord rec = record("6R1/pppp3k/8/8/1r3B2/5K2/8/8 w - - 90 119",
                          {"Ke3", "Rb5", "Kf3", "Rb4", "Ke3", "Rb5", "Kf3", "Rb4", "Ke3"});
  EXPECT_EQ(rec.current().halfmove_clock(), 99);
  EXPECT_FALSE(rec.can_claim_fifty_moves());
  ASSERT_TRUE(rec.play(san(rec, "Rb5")).has_value());
  EXPECT_TRUE(rec.can_claim_fifty_moves());
  ASSERT_TRUE(rec.play(san(rec, "Bd6")).has_value());
  EXPECT_TRUE(rec.can_claim_fifty_moves());
  ASSERT_TRUE(rec.play(san(rec, "c5")).has_value());  // a pawn move resets the count
  EXPECT_FALSE(rec.can_claim_fifty_moves());
}

TEST(FiftyMoves, CheckmateAndStalemateComeFirstC7C8) {
  GameRecord c7 = record("k7/8/NKB5/8/8/8/8/8 b - - 105 176", {});
  EXPECT_TRUE(c7.current().is_checkmate());
  EXPECT_FALSE(c7.can_claim_fifty_moves());
  EXPECT_FALSE(c7.claimable());

  GameRecord c8 = record("k7/3N4/1K6/1B6/8/8/8/8 b - - 99 1", {});
  EXPECT_TRUE(c8.current().is_stalemate());
  EXPECT_FALSE(c8.can_claim_fifty_moves());
  EXPECT_FALSE(c8.claimable());

  // [derived] C7 with four white pawns (8 men): still mate, still no claim.
  GameRecord mate8 = record("k7/8/NKB5/8/8/8/PPPP4/8 b - - 105 176", {});
  EXPECT_TRUE(mate8.current().is_checkmate());
  auto v = mate8.judge_fifty_move_claim();
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(v->correct);
  EXPECT_EQ(v->reason, "the game is over by checkmate");

  // [derived] the intended quiet move 176.Bc6# reaches 100 plies but mates: mate comes first.
  GameRecord before = record("k7/8/NK6/1B6/8/8/PPPP4/8 w - - 99 176", {});
  Move bc6 = san(before, "Bc6");
  EXPECT_EQ(to_san(before.current(), bc6), "Bc6#");
  EXPECT_FALSE(before.can_claim_fifty_moves(bc6));
  EXPECT_TRUE(before.can_claim_fifty_moves(san(before, "Kc7")));
}

TEST(FiftyMoves, NoAutomaticDrawAtAnyClockC9C10C11C12) {
  // python-chess: * at 120 and 149, automatic 1/2-1/2 at 150 (75 moves) and 369.
  // ICCF (rules.md 3.5a): never automatic; with 4 men not even claimable (tablebase decides).
  for (int clock : {120, 149, 150, 369}) {
    const std::string fen = "4k3/8/6r1/8/8/8/2R5/4K3 w - - " + std::to_string(clock) + " 1";
    GameRecord rec = record(fen, {});
    EXPECT_EQ(rec.current().halfmove_clock(), clock);
    EXPECT_GT(rec.current().count_legal_moves(), 0u) << clock;
    EXPECT_FALSE(rec.current().is_checkmate());
    EXPECT_FALSE(rec.current().is_stalemate());
    EXPECT_FALSE(rec.can_claim_fifty_moves()) << clock;
    EXPECT_TRUE(rec.play(san(rec, "Rc3")).has_value()) << clock;
    EXPECT_EQ(rec.current().halfmove_clock(), clock + 1);
  }
  // With 8 men and clock 150 the fifty-move claim is available, and still only a claim.
  GameRecord rec = record("4k3/pppp4/6r1/8/8/8/2R5/4K3 w - - 150 1", {});
  EXPECT_TRUE(rec.can_claim_fifty_moves());
  EXPECT_TRUE(rec.play(san(rec, "Rc3")).has_value());
}

}  // namespace
}  // namespace corrchess::chess
