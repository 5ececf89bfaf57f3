// Claims (rules.md 3.3-3.6): threefold repetition and fifty moves with and without an
// intended move, the claim as a draw offer, the 7-men exclusion, and tablebase claims.
#include <gtest/gtest.h>

#include "tests/support/game_table.h"

#include "core/game/game.h"

namespace corrchess::game {
namespace {

using namespace test;

ClaimRequest claim_req(ClaimType type, std::optional<std::string> move = std::nullopt,
                       std::optional<ClaimExpectation> expect = std::nullopt) {
  ClaimRequest r;
  r.type = type;
  r.move = std::move(move);
  r.expect = expect;
  return r;
}

Result<Outcome> claim_now(Table& t, const ClaimRequest& request) {
  const Game g = t.game();
  return claim(g, g.state().to_move, request, t.trees);
}

// A tablebase claim expecting `expect`, with the intended `move` if any.
Result<Outcome> claim_tablebase(Table& t, ClaimExpectation expect,
                                std::optional<std::string> move = std::nullopt) {
  return claim_now(t, claim_req(ClaimType::kTablebase, std::move(move), expect));
}

// ---- threefold

TEST(ThreefoldClaim, PositionOnTheBoard) {
  Table t;
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_FALSE(t.state().claimable.threefold);
  auto early = claim_now(t, claim_req(ClaimType::kThreefold));
  ASSERT_TRUE(early);
  EXPECT_FALSE(early->upheld);  // only twice so far
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_TRUE(t.state().claimable.threefold);
  auto r = claim_now(t, claim_req(ClaimType::kThreefold));
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_TRUE(r->upheld);
  EXPECT_FALSE(r->reason.empty());
  ASSERT_EQ(r->events.size(), 1u);
  EXPECT_EQ(r->events[0].kind, EventKind::kClaim);
  EXPECT_EQ(r->events[0].claim_type, ClaimType::kThreefold);
  EXPECT_EQ(r->events[0].upheld, true);
  t.apply(*r);
  EXPECT_EQ(t.state().result, GameResult::kDraw);
  EXPECT_EQ(t.state().termination, Termination::kRepetition);
}

TEST(ThreefoldClaim, WithIntendedMoveCorrect) {
  Table t;
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
  EXPECT_TRUE(t.state().claimable.threefold);
  auto r = claim_now(t, claim_req(ClaimType::kThreefold, "Ng8"));
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_TRUE(r->upheld);
  EXPECT_TRUE(r->moves.empty());  // a correct claim ends the game; the move is not played
  EXPECT_EQ(r->events[0].intended_move, "f6g8");
  t.apply(*r);
  EXPECT_EQ(t.state().termination, Termination::kRepetition);
  EXPECT_EQ(t.state().ply, 7);
}

TEST(ThreefoldClaim, IncorrectClaimPlaysTheIntendedMoveAndStandsAsOffer) {
  Table t;
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"});
  auto r = claim_now(t, claim_req(ClaimType::kThreefold, "Ng1"));
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_FALSE(r->upheld);
  ASSERT_EQ(r->moves.size(), 1u);
  EXPECT_EQ(r->moves[0].uci, "f3g1");
  EXPECT_EQ(r->moves[0].ply, 7);
  t.apply(*r);
  const GameState s = t.state();
  EXPECT_EQ(s.status, GameStatus::kOngoing);
  EXPECT_EQ(s.ply, 7);
  ASSERT_TRUE(s.draw_offer);
  EXPECT_EQ(s.draw_offer->by, kWhite);
  EXPECT_TRUE(s.draw_offer->from_claim);
  // The opponent may accept the claim as a draw offer.
  ASSERT_TRUE(t.apply(accept_draw(t.game(), kBlack)));
  EXPECT_EQ(t.state().termination, Termination::kAgreement);
}

TEST(ThreefoldClaim, AClaimOfferCannotBeAcceptedBeforeTheEventsMinimumMove) {
  Table t;
  t.facts.setup.rules.no_draw_before_move = 5;
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"});
  auto r = claim_now(t, claim_req(ClaimType::kThreefold, "Ng1"));
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_FALSE(r->upheld);
  t.apply(*r);
  ASSERT_TRUE(t.state().draw_offer);  // White has made 4 moves: before move 5
  auto early = accept_draw(t.game(), kBlack);
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code, ErrorCode::kDrawOfferNotAllowed);
  // Refused outcomes are never applied: the offer still stands and the game goes on.
  EXPECT_TRUE(t.state().draw_offer);
  EXPECT_EQ(t.state().status, GameStatus::kOngoing);
  // At move 5 of the claimant the same standing offer may be accepted.
  t.play_all({"Ng8", "Nf3", "Nf6"});
  auto r2 = claim_now(t, claim_req(ClaimType::kFiftyMoves));
  ASSERT_TRUE(r2) << r2.error().detail;
  EXPECT_FALSE(r2->upheld);
  t.apply(*r2);
  ASSERT_TRUE(t.state().draw_offer);
  ASSERT_TRUE(t.apply(accept_draw(t.game(), kBlack)));
  EXPECT_EQ(t.state().termination, Termination::kAgreement);
}

TEST(ThreefoldClaim, IncorrectClaimWithoutMoveLeavesTheClaimantToMove) {
  Table t;
  t.play_all({"e4", "e5"});
  auto r = claim_now(t, claim_req(ClaimType::kThreefold));
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->upheld);
  EXPECT_TRUE(r->moves.empty());
  t.apply(*r);
  EXPECT_EQ(t.state().to_move, kWhite);
  ASSERT_TRUE(t.state().draw_offer);
  // White is still to move, so Black declines explicitly.
  ASSERT_TRUE(t.apply(decline_draw(t.game(), kBlack)));
  EXPECT_FALSE(t.state().draw_offer);
  // A declined claim does not bar ordinary offers (ten-moves rule never applies to claims).
  t.play("Nf3", true);
  EXPECT_TRUE(t.state().draw_offer);
}

TEST(ThreefoldClaim, IllegalIntendedMoveChangesNothing) {
  Table t;
  t.play_all({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"});
  for (const char* bad : {"Ke2", "Bc4", "xx"}) {
    auto r = claim_now(t, claim_req(ClaimType::kThreefold, bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_TRUE(r.error().code == ErrorCode::kIllegalMove ||
                r.error().code == ErrorCode::kInvalidNotation)
        << bad;
  }
  EXPECT_EQ(t.state().ply, 6);
}

TEST(ThreefoldClaim, OnlyByThePlayerToMoveInAnOpenGame) {
  Table t;
  t.play("e4");
  auto r = claim(t.game(), kWhite, claim_req(ClaimType::kThreefold), t.trees);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kNotYourTurn);
  ASSERT_TRUE(t.apply(resign(t.game(), kWhite)));
  EXPECT_EQ(claim(t.game(), kBlack, claim_req(ClaimType::kThreefold), t.trees).error().code,
            ErrorCode::kGameOver);
}

TEST(ThreefoldClaim, ClaimsIgnoreTheTenMovesRule) {
  Table t;
  t.play_all({"e4", "e5"});
  t.play("Nf3", true);
  t.play("Nc6");  // White's offer declined: White barred from offering
  EXPECT_FALSE(t.try_play("Bb5", true));
  auto r = claim_now(t, claim_req(ClaimType::kThreefold, "Bb5"));
  ASSERT_TRUE(r) << r.error().detail;
  t.apply(*r);
  ASSERT_TRUE(t.state().draw_offer);
  EXPECT_EQ(t.state().draw_offer->by, kWhite);
}

TEST(ThreefoldClaim, IntendedMoveTriggersConditionalReplies) {
  Table t;
  t.play_all({"e4", "e5"});
  t.now += 60;
  // White is to move, so Black may store lines starting with White's next move.
  t.trees[1] = store_conditional(t.game(), kBlack, {{"Nf3", "Nc6"}}).value();
  auto r = claim_now(t, claim_req(ClaimType::kThreefold, "Nf3"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->moves.size(), 2u);
  EXPECT_TRUE(r->moves[1].played_as_conditional);
  t.apply(*r);
  // Black's conditional move declined White's claim offer.
  EXPECT_FALSE(t.state().draw_offer);
}

// ---- fifty moves

TEST(FiftyMoveClaim, CorrectOnTheBoard) {
  Table t("rn2k3/8/8/8/8/8/8/RN2K1NR w - - 100 80");
  EXPECT_TRUE(t.state().claimable.fifty_moves);
  auto r = claim_now(t, claim_req(ClaimType::kFiftyMoves));
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_TRUE(r->upheld);
  t.apply(*r);
  EXPECT_EQ(t.state().termination, Termination::kFiftyMoves);
  EXPECT_EQ(t.state().result, GameResult::kDraw);
}

TEST(FiftyMoveClaim, WithIntendedMove) {
  Table t("rn2k3/8/8/8/8/8/8/RN2K1NR w - - 99 80");
  EXPECT_TRUE(t.state().claimable.fifty_moves);
  auto r = claim_now(t, claim_req(ClaimType::kFiftyMoves, "Nf3"));
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->upheld);
  // A capture as intended move resets the count: incorrect, and the move is played.
  Table u("rn2k3/8/8/8/8/8/8/RN2K1NR w - - 99 80");
  auto bad = claim_now(u, claim_req(ClaimType::kFiftyMoves, "Rxa8+"));
  ASSERT_TRUE(bad);
  EXPECT_FALSE(bad->upheld);
  ASSERT_EQ(bad->moves.size(), 1u);
  u.apply(*bad);
  EXPECT_EQ(u.state().ply, 1);
}

TEST(FiftyMoveClaim, NotAvailableWithSevenMenOrFewer) {
  Table t("r3k3/8/8/8/8/8/8/RN2K1NR w - - 100 80");
  EXPECT_FALSE(t.state().claimable.fifty_moves);
  EXPECT_TRUE(t.state().claimable.tablebase);
  auto r = claim_now(t, claim_req(ClaimType::kFiftyMoves));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kClaimNotAllowed);
  EXPECT_TRUE(t.facts.events.empty());
}

// ---- tablebase

struct FakeTablebase final : TablebaseOracle {
  std::optional<Wdl> answer;
  mutable std::string probed_fen;
  std::optional<Wdl> probe_wdl(const chess::Position& pos) const override {
    probed_fen = pos.fen();
    return answer;
  }
};

struct TablebaseTable : Table {
  FakeTablebase tb;
  explicit TablebaseTable(std::optional<Wdl> answer) : Table("8/8/8/8/8/2k5/8/4K2Q w - - 0 1") {
    tb.answer = answer;
    context.oracles.tablebase = &tb;
  }
};

TEST(TablebaseClaim, WinUpheld) {
  for (Wdl wdl : {Wdl::kWin, Wdl::kCursedWin}) {
    TablebaseTable t(wdl);
    EXPECT_TRUE(t.state().claimable.tablebase);
    auto r = claim_tablebase(t, ClaimExpectation::kWin);
    ASSERT_TRUE(r) << r.error().detail;
    EXPECT_TRUE(r->upheld) << to_string(wdl);
    t.apply(*r);
    EXPECT_EQ(t.state().result, GameResult::kWhiteWins);
    EXPECT_EQ(t.state().termination, Termination::kTablebase);
  }
}

TEST(TablebaseClaim, DrawUpheldOnlyForADraw) {
  {
    TablebaseTable t(Wdl::kDraw);
    auto r = claim_tablebase(t, ClaimExpectation::kDraw);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->upheld);
    t.apply(*r);
    EXPECT_EQ(t.state().result, GameResult::kDraw);
    EXPECT_EQ(t.state().termination, Termination::kTablebase);
  }
  // A blessed loss is a loss: a draw claim is rejected and the game goes on, no offer.
  for (Wdl wdl : {Wdl::kBlessedLoss, Wdl::kWin}) {
    TablebaseTable t(wdl);
    auto r = claim_tablebase(t, ClaimExpectation::kDraw);
    ASSERT_TRUE(r);
    EXPECT_FALSE(r->upheld) << to_string(wdl);
    t.apply(*r);
    EXPECT_EQ(t.state().status, GameStatus::kOngoing);
    EXPECT_FALSE(t.state().draw_offer);
  }
  {
    TablebaseTable t(Wdl::kDraw);
    auto r = claim_tablebase(t, ClaimExpectation::kWin);
    ASSERT_TRUE(r);
    EXPECT_FALSE(r->upheld);
  }
}

TEST(TablebaseClaim, IntendedMoveIsScoredButNotPlayed) {
  // The table answers for the position after the move, Black to move: a loss for Black is
  // a win for the claimant.
  TablebaseTable t(Wdl::kLoss);
  auto r = claim_tablebase(t, ClaimExpectation::kWin, "Qh3+");
  ASSERT_TRUE(r) << r.error().detail;
  EXPECT_TRUE(r->upheld);
  EXPECT_TRUE(r->moves.empty());
  EXPECT_EQ(t.tb.probed_fen, "8/8/8/8/8/2k4Q/8/4K3 b - - 1 1");
  TablebaseTable u(Wdl::kCursedWin);  // Black to move wins (cursed) -> loss for White
  auto rejected = claim_tablebase(u, ClaimExpectation::kDraw, "Qh3+");
  ASSERT_TRUE(rejected);
  EXPECT_FALSE(rejected->upheld);
  EXPECT_TRUE(rejected->moves.empty());
  u.apply(*rejected);
  EXPECT_EQ(u.state().ply, 0);
}

TEST(TablebaseClaim, UnavailableTableChangesNothing) {
  TablebaseTable t(std::nullopt);
  auto r = claim_tablebase(t, ClaimExpectation::kWin);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kTablebaseUnavailable);
  // And with no oracle configured at all.
  Table u("8/8/8/8/8/2k5/8/4K2Q w - - 0 1");
  EXPECT_EQ(claim_tablebase(u, ClaimExpectation::kWin).error().code,
            ErrorCode::kTablebaseUnavailable);
}

TEST(TablebaseClaim, NeedsSevenMenOrFewerAndAnExpectation) {
  TablebaseTable t(Wdl::kWin);
  EXPECT_EQ(claim_now(t, claim_req(ClaimType::kTablebase)).error().code,
            ErrorCode::kValidationError);
  Table big;
  FakeTablebase tb;
  tb.answer = Wdl::kWin;
  big.context.oracles.tablebase = &tb;
  EXPECT_FALSE(big.state().claimable.tablebase);
  EXPECT_EQ(claim_tablebase(big, ClaimExpectation::kWin).error().code, ErrorCode::kClaimNotAllowed);
}

TEST(TablebaseClaim, ReplayTrustsTheStoredVerdict) {
  TablebaseTable t(Wdl::kWin);
  t.apply(*claim_tablebase(t, ClaimExpectation::kWin));
  t.tb.answer = std::nullopt;  // tables removed later: the stored verdict stands
  EXPECT_EQ(t.state().result, GameResult::kWhiteWins);
}

}  // namespace
}  // namespace corrchess::game
