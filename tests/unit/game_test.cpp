// The Game aggregate: moves (submit/accept), draw offers, resignation, automatic endings,
// flag falls at the deadline instant and replay determinism.
#include "core/game/game.h"

#include <gtest/gtest.h>

#include <latch>
#include <thread>
#include <vector>

#include "tests/support/game_table.h"

namespace corrchess::game {
namespace {

using namespace test;

LeavePeriod leave(CivilDate first, CivilDate last) {
  LeavePeriod p;
  p.first_day = first;
  p.last_day = last;
  return p;
}

MoveFact move_fact(int ply, std::string uci, Timestamp at) {
  MoveFact f;
  f.ply = ply;
  f.uci = std::move(uci);
  f.at = at;
  return f;
}

// ---- submit / accept

TEST(GameMoves, SubmitReturnsPendingWithAllNotationsAndChangesNothing) {
  Table t;
  const Game g = t.game();
  auto p = submit_move(g, kWhite, req("Nf3", false, "hello"));
  ASSERT_TRUE(p.has_value()) << p.error().detail;
  EXPECT_EQ(p->uci, "g1f3");
  EXPECT_EQ(p->san, "Nf3");
  EXPECT_EQ(p->numeric, "7163");
  EXPECT_EQ(p->fen_after, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  EXPECT_FALSE(p->offer_draw);
  EXPECT_EQ(p->message, "hello");
  EXPECT_EQ(p->submitted_at, kStart);
  EXPECT_EQ(p->ply, 1);
  EXPECT_EQ(t.state().ply, 0);
  EXPECT_TRUE(t.facts.moves.empty());
}

TEST(GameMoves, ResubmittingReplacesThePendingMove) {
  Table t;
  const Game g = t.game();
  auto first = submit_move(g, kWhite, req("e4"));
  auto second = submit_move(g, kWhite, req("d2d4"));
  ASSERT_TRUE(first && second);
  // Accepting the earlier text against the newer pending move is refused.
  auto stale = accept_move(g, kWhite, *second, "e4", t.trees);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, ErrorCode::kPendingMismatch);
  auto ok = accept_move(g, kWhite, *second, "4244", t.trees);  // numeric for d2d4
  ASSERT_TRUE(ok) << ok.error().detail;
  ASSERT_EQ(ok->moves.size(), 1u);
  EXPECT_EQ(ok->moves[0].uci, "d2d4");
  EXPECT_EQ(ok->moves[0].ply, 1);
  EXPECT_EQ(ok->moves[0].at, kStart);
  EXPECT_EQ(ok->game.state().ply, 1);
  EXPECT_EQ(ok->game.state().to_move, kBlack);
}

TEST(GameMoves, AcceptWithoutPendingMoveIsRefused) {
  Table t;
  auto r = accept_move(t.game(), kWhite, std::nullopt, "e4", t.trees);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kNoPendingMove);
}

TEST(GameMoves, AcceptMustNameThePendingMove) {
  Table t;
  const Game g = t.game();
  auto p = submit_move(g, kWhite, req("e4"));
  ASSERT_TRUE(p);
  for (const char* text : {"d4", "nonsense", "e5"}) {
    auto r = accept_move(g, kWhite, *p, text, t.trees);
    ASSERT_FALSE(r) << text;
    EXPECT_EQ(r.error().code, ErrorCode::kPendingMismatch) << text;
  }
  EXPECT_TRUE(accept_move(g, kWhite, *p, "e2e4", t.trees));
  EXPECT_TRUE(accept_move(g, kWhite, *p, "5254", t.trees));
}

TEST(GameMoves, OnlyThePlayerToMoveMaySubmitOrAccept) {
  Table t;
  const Game g = t.game();
  auto r = submit_move(g, kBlack, req("e5"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kNotYourTurn);
  auto p = submit_move(g, kWhite, req("e4"));
  auto a = accept_move(g, kBlack, *p, "e4", t.trees);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, ErrorCode::kNotYourTurn);
}

TEST(GameMoves, BadMovesGetTypedErrors) {
  Table t;
  const Game g = t.game();
  EXPECT_EQ(submit_move(g, kWhite, req("e5")).error().code, ErrorCode::kIllegalMove);
  EXPECT_EQ(submit_move(g, kWhite, req("hello")).error().code, ErrorCode::kInvalidNotation);
  Table amb("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(submit_move(amb.game(), kWhite, req("Nd2")).error().code, ErrorCode::kAmbiguousMove);
}

TEST(GameMoves, NothingBeforeTheStart) {
  Table t;
  t.now = kStart - 60;
  EXPECT_EQ(t.state().status, GameStatus::kNotStarted);
  auto r = submit_move(t.game(), kWhite, req("e4"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kGameNotStarted);
}

TEST(GameMoves, NoMovesWhileOnLeave) {
  Table t;
  t.context.leave[0].push_back(leave(CivilDate{2026, 1, 5}, CivilDate{2026, 1, 8}));
  t.now = kStart + kSecondsPerHour;
  EXPECT_TRUE(t.state().clock_of(kWhite).on_leave);
  auto r = submit_move(t.game(), kWhite, req("e4"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kOnLeave);
  t.now = kStart + days(4);  // 9 January: leave over
  EXPECT_TRUE(submit_move(t.game(), kWhite, req("e4")));
}

TEST(GameMoves, MoveListCarriesNotationsTimestampsAndMessages) {
  Table t;
  t.now += days(2);
  const Game g = t.game();
  auto p = submit_move(g, kWhite, req("e4", false, "good luck"));
  ASSERT_TRUE(p);
  t.apply(*accept_move(g, kWhite, *p, "e4", t.trees));
  const GameState s = t.state();
  ASSERT_EQ(s.moves.size(), 1u);
  EXPECT_EQ(s.moves[0].san, "e4");
  EXPECT_EQ(s.moves[0].uci, "e2e4");
  EXPECT_EQ(s.moves[0].numeric, "5254");
  EXPECT_EQ(s.moves[0].at, kStart + days(2));
  EXPECT_EQ(s.moves[0].elapsed, days(2));
  EXPECT_EQ(s.moves[0].message, "good luck");
  EXPECT_EQ(s.moves[0].fen_after, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(s.legal_moves.size(), 20u);
  EXPECT_EQ(s.status, GameStatus::kOngoing);
}

TEST(GameMoves, MessagesCanBeForbiddenByTheEvent) {
  Table t;
  t.facts.setup.rules.messages_allowed = false;
  auto r = submit_move(t.game(), kWhite, req("e4", false, "hi"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kValidationError);
}

// ---- automatic endings

TEST(GameEndings, CheckmateEndsTheGame) {
  Table t;
  t.play_all({"f3", "e5", "g4", "Qh4#"});
  const GameState s = t.state();
  EXPECT_EQ(s.status, GameStatus::kFinished);
  EXPECT_EQ(s.result, GameResult::kBlackWins);
  EXPECT_EQ(s.termination, Termination::kCheckmate);
  EXPECT_EQ(s.finished_at, t.facts.moves.back().at);
  EXPECT_TRUE(s.legal_moves.empty());
  auto r = submit_move(t.game(), kWhite, req("a3"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kGameOver);
}

TEST(GameEndings, StalemateIsADraw) {
  Table t("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1");
  t.play("Qf7");
  EXPECT_EQ(t.state().result, GameResult::kDraw);
  EXPECT_EQ(t.state().termination, Termination::kStalemate);
}

TEST(GameEndings, DeadPositionIsADraw) {
  Table t("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
  t.play("Kxd2");
  EXPECT_EQ(t.state().status, GameStatus::kFinished);
  EXPECT_EQ(t.state().termination, Termination::kDeadPosition);
}

// Declares every position with a white pawn on e4 dead.
struct E4IsDead final : MateOracle {
  bool can_mate(const chess::Position& pos, Color) const override {
    return pos.piece_on(chess::make_square(4, 3)) != chess::Piece::kWhitePawn;
  }
};

TEST(GameEndings, DeadPositionComesFromTheOracle) {
  E4IsDead oracle;
  Table t;
  t.context.oracles.mate = &oracle;
  t.play("e4");
  EXPECT_EQ(t.state().termination, Termination::kDeadPosition);
}

TEST(GameEndings, DefaultOracleIsSound) {
  MaterialMateOracle o;
  EXPECT_TRUE(o.can_mate(chess::Position::startpos(), kWhite));
  auto kn = chess::Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").value();
  EXPECT_FALSE(o.can_mate(kn, kWhite));
  EXPECT_FALSE(o.can_mate(kn, kBlack));
  auto kq = chess::Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").value();
  EXPECT_TRUE(o.can_mate(kq, kWhite));
  EXPECT_FALSE(o.can_mate(kq, kBlack));
  // K+N v K+P: the knight's side can still mate (helpmate), so "can mate".
  auto knp = chess::Position::from_fen("4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1").value();
  EXPECT_TRUE(o.can_mate(knp, kWhite));
}

TEST(GameEndings, UnwinnabilityOracleSeesMoreThanMaterial) {
  UnwinnabilityMateOracle oracle;
  // Kings and a bishop each: not dead (helpmates exist with opposite-coloured bishops).
  auto live = chess::Position::from_fen("4k3/8/8/3b4/8/8/3B4/4K3 w - - 0 1").value();
  EXPECT_TRUE(oracle.can_mate(live, kWhite));
  auto bare = chess::Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").value();
  EXPECT_FALSE(oracle.can_mate(bare, kBlack));
  EXPECT_TRUE(oracle.can_mate(bare, kWhite));
  Table t("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
  t.context.oracles.mate = &oracle;
  t.play("Kxd2");
  EXPECT_EQ(t.state().termination, Termination::kDeadPosition);
}

TEST(GameEndings, TheUnwinnabilityOracleRemembersEachPositionAndSide) {
  UnwinnabilityMateOracle oracle;
  const auto pos =
      chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1")
          .value();
  EXPECT_TRUE(oracle.can_mate(pos, kWhite));
  EXPECT_TRUE(oracle.can_mate(pos, kWhite));
  EXPECT_EQ(oracle.analyses(), 1u);
  EXPECT_TRUE(oracle.can_mate(pos, kBlack));  // the other side is a question of its own
  EXPECT_TRUE(oracle.can_mate(pos, kBlack));
  EXPECT_EQ(oracle.analyses(), 2u);
}

// The games of an event that open alike reach a new position at about the same time: one
// analysis answers them all (a slow analysis run by every request thread at once stalled
// the whole server).
TEST(GameEndings, AskedTogetherAPositionIsAnalysedOnce) {
  UnwinnabilityMateOracle oracle;
  // White's helpmate in this ending is long: the searches take about 100 ms to find it, so
  // the askers surely overlap.
  const auto pos = chess::Position::from_fen("8/8/p7/4kppp/3b1P2/6PP/3B2K1/8 b - - 0 41").value();
  constexpr int kAskers = 8;
  std::latch start(kAskers);
  std::vector<int> answers(kAskers, -1);
  std::vector<std::thread> askers;
  for (int i = 0; i < kAskers; ++i) {
    askers.emplace_back([&, i] {
      start.arrive_and_wait();
      answers[static_cast<std::size_t>(i)] = oracle.can_mate(pos, kWhite) ? 1 : 0;
    });
  }
  for (auto& t : askers) t.join();
  EXPECT_EQ(oracle.analyses(), 1u);
  for (int a : answers) EXPECT_EQ(a, 1);
}

TEST(GameEndings, ResignationEndsAtOnce) {
  Table t;
  t.play("e4");
  t.now += 60;
  auto r = resign(t.game(), kWhite);  // not on move: still allowed
  ASSERT_TRUE(r);
  t.apply(*r);
  const GameState s = t.state();
  EXPECT_EQ(s.result, GameResult::kBlackWins);
  EXPECT_EQ(s.termination, Termination::kResignation);
  EXPECT_EQ(s.finished_at, t.now);
  EXPECT_FALSE(s.clock_of(kBlack).running);
  EXPECT_EQ(resign(t.game(), kBlack).error().code, ErrorCode::kGameOver);
}

// ---- draw offers

TEST(DrawOffers, OfferStandsUntilTheOpponentMoves) {
  Table t;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  ASSERT_TRUE(t.state().draw_offer);
  EXPECT_EQ(t.state().draw_offer->by, kWhite);
  EXPECT_EQ(t.state().draw_offer->ply, 3);
  t.play("Nc6");  // implicit decline
  EXPECT_FALSE(t.state().draw_offer);
}

// Agreement needs a move by each player (Art. 5.2.3), so an offer before the opponent has
// moved could never be accepted: it is refused and changes nothing (no pending move, no
// ten-moves bar), and White may offer with the next move.
TEST(DrawOffers, AnOfferBeforeTheOpponentMovedIsRefusedAndChangesNothing) {
  Table t;
  const Game g = t.game();
  auto r = submit_move(g, kWhite, req("e4", true));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kDrawOfferNotAllowed);
  EXPECT_EQ(t.state().ply, 0);
  // The same move without the offer is fine, and Black's reply bars nobody.
  t.play("e4");
  t.play("e5");
  EXPECT_FALSE(t.state().draw_offer_barred_until[0]);
  t.play("Nf3", true);  // White's second move: Black has moved, the offer can be accepted
  ASSERT_TRUE(t.apply(accept_draw(t.game(), kBlack)));
  EXPECT_EQ(t.state().result, GameResult::kDraw);
}

TEST(DrawOffers, BlacksFirstMoveMayCarryAnOffer) {
  Table t = black_offered_a_draw();
  EXPECT_EQ(t.state().draw_offer->by, kBlack);
  ASSERT_TRUE(t.apply(accept_draw(t.game(), kWhite)));
  EXPECT_EQ(t.state().termination, Termination::kAgreement);
}

TEST(DrawOffers, FromAPositionWithBlackToMoveBlacksFirstOfferIsRefused) {
  Table t("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto r = t.try_play("e5", true);  // White has made no move in this game
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kDrawOfferNotAllowed);
  t.play("e5");
  t.play("Nf3", true);  // now both have moved
  EXPECT_TRUE(t.state().draw_offer);
}

TEST(DrawOffers, OpponentAcceptsAndTheGameIsDrawn) {
  Table t = black_offered_a_draw();
  EXPECT_EQ(accept_draw(t.game(), kBlack).error().code, ErrorCode::kNoDrawOffer);  // own offer
  ASSERT_TRUE(t.apply(accept_draw(t.game(), kWhite)));
  EXPECT_EQ(t.state().result, GameResult::kDraw);
  EXPECT_EQ(t.state().termination, Termination::kAgreement);
  EXPECT_FALSE(t.state().draw_offer);
}

TEST(DrawOffers, NoOfferNoAcceptOrDecline) {
  Table t;
  t.play("e4");
  EXPECT_EQ(accept_draw(t.game(), kBlack).error().code, ErrorCode::kNoDrawOffer);
  EXPECT_EQ(decline_draw(t.game(), kBlack).error().code, ErrorCode::kNoDrawOffer);
}

TEST(DrawOffers, ExplicitDeclineRemovesTheOfferAndBarsTheOfferer) {
  Table t = black_offered_a_draw();
  ASSERT_TRUE(t.apply(decline_draw(t.game(), kWhite)));
  EXPECT_FALSE(t.state().draw_offer);
  EXPECT_EQ(t.state().draw_offer_barred_until[1], 11);
  EXPECT_EQ(accept_draw(t.game(), kWhite).error().code, ErrorCode::kNoDrawOffer);
}

TEST(DrawOffers, NoDrawBeforeMoveN) {
  Table t;
  t.facts.setup.rules.no_draw_before_move = 3;
  t.play_all({"e4", "e5"});
  auto r = t.try_play("Nf3", true);  // White's second move: before move 3
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kDrawOfferNotAllowed);
  t.play_all({"Nf3", "Nc6"});
  t.play("Bc4", true);  // White's third move
  EXPECT_TRUE(t.state().draw_offer);
}

TEST(DrawOffers, TenMovesRuleAfterADeclinedOffer) {
  Table t;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  t.play("Nc6");  // declines White's offer made with White's move 2
  // White may offer again only with move 13 (after 10 more moves: 3..12).
  for (int move = 3; move <= 12; ++move) {
    const Game g = t.game();
    auto r = submit_move(g, kWhite, req(move % 2 ? "Ng1" : "Nf3", true));
    ASSERT_FALSE(r) << move;
    EXPECT_EQ(r.error().code, ErrorCode::kDrawOfferNotAllowed);
    t.play(move % 2 ? "Ng1" : "Nf3");
    t.play(move % 2 ? "Nb8" : "Nc6");
  }
  t.play("Ng1", true);
  EXPECT_TRUE(t.state().draw_offer);
}

TEST(DrawOffers, TenMovesBarLiftsWhenTheOpponentOffers) {
  Table t;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  t.play("Nc6");  // declines White's offer: White is barred
  EXPECT_FALSE(t.try_play("Bb5", true));
  t.play("Bb5");
  t.play("a6", true);   // Black offers meanwhile
  t.play("Ba4", true);  // declines Black's offer and offers: allowed again
  EXPECT_EQ(t.state().draw_offer->by, kWhite);
  EXPECT_FALSE(t.state().draw_offer_barred_until[1]);  // White offered meanwhile
}

TEST(DrawOffers, TenMovesRuleCanBeSwitchedOff) {
  Table t;
  t.facts.setup.rules.ten_moves_rule = false;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  t.play("Nc6");
  t.play("Bb5", true);
  EXPECT_TRUE(t.state().draw_offer);
}

TEST(DrawOffers, AnyOtherEndingClearsTheOffer) {
  Table t = black_offered_a_draw();
  ASSERT_TRUE(t.apply(resign(t.game(), kWhite)));
  EXPECT_FALSE(t.state().draw_offer);
}

// ---- flag fall

TEST(FlagFall, LossAtTheDeadlineInstantWheneverReplayRuns) {
  Table t("", DaysPerMove{3, std::nullopt});
  t.play("e4");
  const Timestamp deadline = t.facts.moves[0].at + days(3);
  EXPECT_EQ(t.state().clock_of(kBlack).deadline, deadline);
  t.now = deadline - 1;
  EXPECT_EQ(t.state().status, GameStatus::kOngoing);
  for (Timestamp now : {deadline, deadline + 5, deadline + days(100)}) {
    t.now = now;
    const GameState s = t.state();
    EXPECT_EQ(s.status, GameStatus::kFinished);
    EXPECT_EQ(s.result, GameResult::kWhiteWins);
    EXPECT_EQ(s.termination, Termination::kTimeForfeit);
    EXPECT_EQ(s.finished_at, deadline);
    EXPECT_TRUE(s.flag_fall_pending);
    EXPECT_EQ(s.clock_of(kBlack).remaining, 0);
  }
  auto r = submit_move(t.game(), kBlack, req("e5"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kGameOver);
}

TEST(FlagFall, TimeDrawWhenTheOpponentCannotMate) {
  // White runs out of time; Black has a bare king.
  Table t("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", DaysPerMove{3, std::nullopt});
  t.now = kStart + days(7);
  const GameState s = t.state();
  EXPECT_EQ(s.result, GameResult::kDraw);
  EXPECT_EQ(s.termination, Termination::kTimeDraw);
  EXPECT_EQ(s.finished_at, kStart + days(3));
}

TEST(FlagFall, VerdictUsesThePositionAtTheDeadline) {
  {
    // White's queen is taken; White then flags: Black (rook) can mate -> 0-1.
    Table t("4k3/8/8/8/8/8/r6Q/4K3 b - - 0 1", DaysPerMove{3, std::nullopt});
    t.play("Rxh2");
    t.now += days(10);
    EXPECT_EQ(t.state().termination, Termination::kTimeForfeit);
    EXPECT_EQ(t.state().result, GameResult::kBlackWins);
  }
  {
    // Same capture, then Black flags: White has a bare king -> time draw.
    Table t("4k3/8/8/8/8/8/r6Q/4K3 b - - 0 1", DaysPerMove{3, std::nullopt});
    t.play("Rxh2");
    t.play("Kd1");
    const Timestamp deadline = t.now + days(3);
    t.now += days(10);
    EXPECT_EQ(t.state().termination, Termination::kTimeDraw);
    EXPECT_EQ(t.state().result, GameResult::kDraw);
    EXPECT_EQ(t.state().finished_at, deadline);
  }
}

TEST(FlagFall, DecideFlagFallProducesTheFactAtTheDeadline) {
  Table t("", DaysPerMove{3, std::nullopt});
  t.now = kStart + days(2);
  EXPECT_FALSE(decide_flag_fall(t.game()));
  t.now = kStart + days(9);
  const GameState before = t.state();
  auto ev = decide_flag_fall(t.game());
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->kind, EventKind::kFlagFall);
  EXPECT_EQ(ev->at, kStart + days(3));
  EXPECT_EQ(ev->side, kWhite);
  EXPECT_EQ(ev->result, GameResult::kBlackWins);
  EXPECT_EQ(ev->termination, Termination::kTimeForfeit);
  t.facts.events.push_back(*ev);
  const GameState after = t.state();
  EXPECT_FALSE(after.flag_fall_pending);
  EXPECT_FALSE(decide_flag_fall(t.game()));
  EXPECT_EQ(after.result, before.result);
  EXPECT_EQ(after.finished_at, before.finished_at);
}

TEST(FlagFall, SilenceRuleInStandardEvents) {
  Table t("", IccfStandard{10, 50, std::nullopt});
  t.now = kStart + days(45);
  const GameState s = t.state();
  EXPECT_EQ(s.status, GameStatus::kFinished);
  EXPECT_EQ(s.termination, Termination::kSilence);
  EXPECT_EQ(s.result, GameResult::kBlackWins);
}

// ---- director, refills, status

TEST(Director, SetResultAndAnnul) {
  Table t;
  t.play("e4");
  auto bad = set_result(t.game(), GameResult::kDraw, Termination::kCheckmate, "x", "td");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kValidationError);
  ASSERT_TRUE(t.apply(
      set_result(t.game(), GameResult::kWhiteWins, Termination::kAdjudication, "won", "td")));
  EXPECT_EQ(t.state().result, GameResult::kWhiteWins);
  EXPECT_EQ(t.state().termination, Termination::kAdjudication);
  EXPECT_EQ(t.state().end_reason, "won");
  ASSERT_TRUE(t.apply(annul_game(t.game(), "fair play", "td")));
  EXPECT_EQ(t.state().status, GameStatus::kAnnulled);
  EXPECT_EQ(t.state().termination, Termination::kAnnulled);
  EXPECT_FALSE(t.state().result);
  EXPECT_EQ(annul_game(t.game(), "again", "td").error().code, ErrorCode::kGameOver);
}

TEST(Director, AdjudicationPendingStopsPlay) {
  Table t;
  t.play("e4");
  ASSERT_TRUE(t.apply(mark_adjudication_pending(t.game())));
  EXPECT_EQ(t.state().status, GameStatus::kAdjudicationPending);
  EXPECT_EQ(submit_move(t.game(), kBlack, req("e5")).error().code, ErrorCode::kGameOver);
  ASSERT_TRUE(
      t.apply(set_result(t.game(), GameResult::kDraw, Termination::kAdjudication, "even", "td")));
  EXPECT_EQ(t.state().status, GameStatus::kFinished);
}

TEST(Director, ClockAdjustmentAndSuspension) {
  Table t;
  t.now += days(1);
  ASSERT_TRUE(t.apply(adjust_clock(t.game(), kWhite, AdjustmentKind::kAdjustRemaining, days(2),
                                   "server outage", "td")));
  EXPECT_EQ(t.state().clock_of(kWhite).remaining, days(30) - days(1) + days(2));
  ASSERT_TRUE(t.apply(suspend_game(t.game(), "appeal", "td")));
  EXPECT_TRUE(t.state().suspended);
  EXPECT_EQ(suspend_game(t.game(), "again", "td").error().code, ErrorCode::kConflict);
  t.now += days(5);
  EXPECT_EQ(t.state().clock_of(kWhite).remaining, days(31));
  ASSERT_TRUE(t.apply(resume_game(t.game(), "decided", "td")));
  EXPECT_FALSE(t.state().suspended);
}

TEST(Refill, OnlyInTripleBlock) {
  Table t;
  EXPECT_EQ(refill_clock(t.game(), kWhite, days(1)).error().code, ErrorCode::kValidationError);
  Table tb("", TripleBlock{5, 50, false});
  tb.now += days(10);
  auto r = refill_clock(tb.game(), kWhite, days(5));
  ASSERT_TRUE(r) << r.error().detail;
  ASSERT_EQ(r->events.size(), 1u);
  EXPECT_EQ(r->events[0].kind, EventKind::kClockRefill);
  EXPECT_EQ(r->events[0].seconds, days(5));
  tb.apply(*r);
  EXPECT_EQ(tb.state().clock_of(kWhite).remaining, days(45));
  EXPECT_EQ(tb.state().clock_of(kWhite).bank, days(45));
  EXPECT_EQ(refill_clock(tb.game(), kBlack, days(1)).error().code, ErrorCode::kNotYourTurn);
}

// ---- replay

TEST(Replay, SameFactsSameState) {
  Table t;
  t.play_all({"e4", "c5", "Nf3"});
  t.play("d6", true);
  ASSERT_TRUE(t.apply(decline_draw(t.game(), kWhite)));
  const GameState a = t.state();
  const GameState b = t.state();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.ply, 4);
  EXPECT_EQ(a.moves[3].san, "d6");
}

TEST(Replay, RejectsInconsistentFacts) {
  Table t;
  t.facts.moves.push_back(move_fact(1, "e2e5", kStart));
  EXPECT_FALSE(Game::replay(t.facts, t.context, kStart));
  t.facts.moves[0] = move_fact(2, "e2e4", kStart);
  EXPECT_FALSE(Game::replay(t.facts, t.context, kStart));
}

TEST(Replay, Chess960SetupAndCastling) {
  Table t;
  t.facts.setup.variant = Variant::kChess960;
  t.facts.setup.start_position = 0;  // BBQNNRKR
  EXPECT_EQ(t.state().initial.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}

TEST(Facts, NamesRoundTrip) {
  for (auto t : {Termination::kCheckmate, Termination::kTimeDraw, Termination::kAnnulled}) {
    EXPECT_EQ(parse_termination(to_string(t)).value(), t);
  }
  EXPECT_EQ(to_string(GameResult::kDraw), "1/2-1/2");
  EXPECT_EQ(parse_game_result("0-0").value(), GameResult::kDoubleDefault);
  EXPECT_EQ(parse_event_kind("flag_fall").value(), EventKind::kFlagFall);
  EXPECT_EQ(to_string(GameStatus::kAdjudicationPending), "adjudication_pending");
  EXPECT_EQ(parse_color("black").value(), kBlack);
  EXPECT_EQ(parse_claim_type("nope").error().code, ErrorCode::kValidationError);
}

}  // namespace
}  // namespace corrchess::game
