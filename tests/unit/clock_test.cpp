// The clocks of the ICCF rules (§4): each control, silence and leave.
#include <gtest/gtest.h>

#include "core/game/clock.h"
#include "tests/unit/clock_facts.h"

// In the helpers' namespace: no using-directive leaks into the other files of a unity batch.
namespace corrchess::game::clock_testing {
namespace {

// ---- ICCF standard (§4.1) -------------------------------------------------------------------

TEST(IccfClock, TwentyThreeDaysCostTwentySixWithDoublingAfterTwenty) {
  ClockFacts f = game(IccfStandard{.moves = 10, .days = 50, .doubling_after_days = 20});
  move(f, f.start + days(23) + 5 * kHour);
  const ClockState s = state(f, f.moves[0].accepted_at);
  ASSERT_EQ(s.moves.size(), 1u);
  EXPECT_EQ(s.moves[0].charged, days(26));
  EXPECT_EQ(s.moves[0].clock_after, days(24));
  EXPECT_EQ(s.side(kWhite).remaining, days(24));
  EXPECT_FALSE(s.moves[0].late);
}

TEST(IccfClock, FiftyDaysLeftFlagFallsAfterThirtySixFullDaysWithDoubling) {
  ClockFacts f = game(IccfStandard{.moves = 10, .days = 50, .doubling_after_days = 20});
  const ClockState before = state(f, f.start);
  ASSERT_TRUE(before.deadline.has_value());
  EXPECT_EQ(*before.deadline, f.start + days(36));
  EXPECT_EQ(before.deadline_reason, FlagReason::kTime);
  EXPECT_FALSE(state(f, f.start + days(36) - 1).flag_fall.has_value());
  const ClockState after = state(f, f.start + days(36));
  ASSERT_TRUE(after.flag_fall.has_value());
  EXPECT_EQ(after.flag_fall->at, f.start + days(36));
  EXPECT_EQ(after.flag_fall->side, kWhite);
  EXPECT_EQ(after.flag_fall->reason, FlagReason::kTime);
  EXPECT_EQ(after.side(kWhite).remaining, 0);
  EXPECT_FALSE(after.side(kWhite).running);
}

TEST(IccfClock, MoveOneSecondBeforeDeadlineIsInTimeAtDeadlineIsLate) {
  const IccfStandard control{.moves = 10, .days = 50, .doubling_after_days = 20};
  ClockFacts in_time = game(control);
  move(in_time, in_time.start + days(36) - 1);
  const ClockState s1 = state(in_time, in_time.start + days(36) - 1);
  EXPECT_FALSE(s1.flag_fall.has_value());
  EXPECT_FALSE(s1.moves[0].late);
  EXPECT_EQ(s1.moves[0].charged, days(50));  // 35 days: 20 + 2 * 15
  EXPECT_EQ(s1.moves[0].clock_after, 0);

  ClockFacts late = game(control);
  move(late, late.start + days(36));
  const ClockState s2 = state(late, late.start + days(36));
  ASSERT_TRUE(s2.flag_fall.has_value());
  EXPECT_EQ(s2.flag_fall->at, late.start + days(36));
  EXPECT_TRUE(s2.moves[0].late);
  EXPECT_EQ(check_move_allowed(late, kWhite, late.start + days(36)).error().code,
            ErrorCode::kGameOver);
  EXPECT_TRUE(check_move_allowed(in_time, kBlack, in_time.start + days(36) - 1).has_value());
}

TEST(IccfClock, DoublingThresholdBoundaries) {
  for (auto [used, cost] : {std::pair{19, 19}, std::pair{20, 20}, std::pair{21, 22},
                            std::pair{22, 24}, std::pair{23, 26}}) {
    ClockFacts f = game(IccfStandard{.moves = 10, .days = 50, .doubling_after_days = 20});
    move(f, f.start + days(used) + days(1) - 1);  // the last second of the (used+1)-th day
    EXPECT_EQ(state(f, f.moves[0].accepted_at).moves[0].charged, days(cost)) << used;
  }
  // Without doubling the charge is just the whole days.
  ClockFacts f = game(IccfStandard{});
  move(f, f.start + days(23) + 1);
  EXPECT_EQ(state(f, f.moves[0].accepted_at).moves[0].charged, days(23));
}

TEST(IccfClock, FirstTwentyFourHoursAreFree) {
  ClockFacts f = game(IccfStandard{});
  move(f, f.start + days(1) - 1);
  move(f, f.moves[0].accepted_at + days(1));
  const ClockState s = state(f, f.moves[1].accepted_at);
  EXPECT_EQ(s.moves[0].charged, 0);
  EXPECT_EQ(s.moves[1].charged, days(1));
  EXPECT_EQ(s.side(kWhite).remaining, days(50));
  EXPECT_EQ(s.side(kBlack).remaining, days(49));
  // White is on move again, with nothing used yet.
  EXPECT_TRUE(s.side(kWhite).running);
  EXPECT_FALSE(s.side(kBlack).running);
}

TEST(IccfClock, GainsNDaysAfterEveryKthMove) {
  ClockFacts f = game(IccfStandard{2, 10, std::nullopt});
  Timestamp t = f.start;
  for (int i = 0; i < 4; ++i) {  // White and Black two moves each, 3 days per move
    t += days(3);
    move(f, t);
  }
  const ClockState s = state(f, t);
  EXPECT_EQ(s.moves[0].clock_after, days(7));
  EXPECT_EQ(s.moves[0].increment, 0);
  EXPECT_EQ(s.moves[2].clock_after, days(14));  // 7 - 3 + 10
  EXPECT_EQ(s.moves[2].increment, days(10));
  EXPECT_EQ(s.moves[2].move_number, 2);
  EXPECT_EQ(s.side(kBlack).remaining, days(14));
}

TEST(IccfClock, NoDoublingFlagAfterClockPlusOneDaysWithSilenceOff) {
  ClockFacts f = game(IccfStandard{});
  f.silence_rule = false;
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(51));
}

TEST(IccfClock, DirectorAdjustmentsChangeTheDeadline) {
  ClockFacts f = game(IccfStandard{.moves = 10, .days = 50, .doubling_after_days = 20});
  // Mid-move, after 10 days: remaining set to 5 days (5 + 10 already used = 15 stored).
  f.adjustments.push_back(adjustment(f.start + days(10) + kHour, kWhite,
                                     AdjustmentKind::kSetRemaining, days(5), "appeal"));
  const ClockState s = state(f, f.start + days(10) + kHour);
  EXPECT_EQ(s.side(kWhite).remaining, days(5));
  EXPECT_EQ(s.deadline, f.start + days(16));
  // Black gets two extra days while idle.
  f.adjustments.push_back(adjustment(f.start + days(11), kBlack, AdjustmentKind::kAdjustRemaining,
                                     days(2), "server outage"));
  EXPECT_EQ(state(f, f.start + days(11)).side(kBlack).remaining, days(52));
  // Cutting below what is already used makes the flag fall at the adjustment.
  f.adjustments.push_back(adjustment(f.start + days(12), kWhite, AdjustmentKind::kAdjustRemaining,
                                     -days(6), "penalty"));
  const ClockState cut = state(f, f.start + days(20));
  ASSERT_TRUE(cut.flag_fall.has_value());
  EXPECT_EQ(cut.flag_fall->at, f.start + days(12));
}

TEST(Adjustments, PlyPlacesAnAdjustmentAmongMovesOfTheSameSecond) {
  ClockFacts f = game(FischerDays{30, 0, std::nullopt});
  move(f, f.start + days(5));
  ClockAdjustment a =
      adjustment(f.start + days(5), kWhite, AdjustmentKind::kAdjustRemaining, -days(1), "x");
  // Without a ply it applies after the move stamped in the same second.
  f.adjustments = {a};
  ClockState s = state(f, f.start + days(5));
  EXPECT_EQ(s.moves[0].clock_after, days(25));
  EXPECT_EQ(s.side(kWhite).remaining, days(24));
  // With ply 0 (no move accepted yet) it applies before it.
  a.ply = 0;
  f.adjustments = {a};
  s = state(f, f.start + days(5));
  EXPECT_EQ(s.moves[0].clock_after, days(24));
  EXPECT_EQ(s.side(kWhite).remaining, days(24));
  // A ply that contradicts the instant is an impossible fact.
  a.ply = 2;
  f.adjustments = {a};
  EXPECT_EQ(compute_clock_state(f, f.start + days(5)).error().code, ErrorCode::kValidationError);
}

// ---- silence (§4.6) ---------------------------------------------------------------------------

TEST(Silence, LostOnThe41stDayWithoutAMove) {
  ClockFacts f = game(IccfStandard{});
  const ClockState s = state(f, f.start);
  EXPECT_EQ(s.deadline, f.start + days(40));
  EXPECT_EQ(s.deadline_reason, FlagReason::kSilence);
  EXPECT_FALSE(state(f, f.start + days(40) - 1).flag_fall.has_value());
  const ClockState fallen = state(f, f.start + days(40));
  ASSERT_TRUE(fallen.flag_fall.has_value());
  EXPECT_EQ(fallen.flag_fall->reason, FlagReason::kSilence);
  EXPECT_EQ(fallen.side(kWhite).remaining, days(10));  // time left, lost anyway
  const FlagVerdict v = flag_verdict(*fallen.flag_fall, /*opponent_can_mate=*/false);
  EXPECT_EQ(v.outcome, FlagOutcome::kSilence);
  EXPECT_EQ(v.winner, kBlack);
}

TEST(Silence, UseFortyPlusDaysLiftsIt) {
  ClockFacts f = game(IccfStandard{});
  f.running_use_40_plus_days = true;
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(51));
  // For a past move the flag is stored with the move.
  ClockFacts g = game(IccfStandard{});
  g.moves.push_back(AcceptedMove{g.start + days(45), false, true});
  EXPECT_FALSE(state(g, g.start + days(45)).flag_fall.has_value());
  g.moves[0].use_40_plus_days = false;
  EXPECT_EQ(state(g, g.start + days(45)).flag_fall->at, g.start + days(40));
}

TEST(Silence, LeaveIsExcluded) {
  ClockFacts f = game(IccfStandard{});
  f.leave[0].push_back(leave("2024-06-10", "2024-06-14"));  // 5 whole days
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(45));
}

TEST(Silence, DoesNotApplyWhenTheEventTurnsItOff) {
  ClockFacts f = game(FischerDays{60, 0, std::nullopt});
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(40));
  f.silence_rule = false;
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(60));
}

// ---- leave (§4.5) in the clock --------------------------------------------------------------

TEST(LeaveClock, OnlyTheLeaveTakersClockStops) {
  ClockFacts f = game(IccfStandard{});
  f.silence_rule = false;
  f.leave[0].push_back(leave("2024-06-05", "2024-06-07"));  // White: 3 days (BST: 72 h)
  f.leave[1].push_back(leave("2024-06-20", "2024-06-29"));
  move(f, f.start + days(10));  // 10 wall days, 3 of them on leave
  const ClockState s = state(f, f.start + days(10));
  EXPECT_EQ(s.moves[0].elapsed, days(10));
  EXPECT_EQ(s.moves[0].stopped, days(3));
  EXPECT_EQ(s.moves[0].charged, days(7));
  EXPECT_EQ(s.side(kWhite).remaining, days(43));
  // Black's leave does not touch White's clock, and White's leave not Black's.
  EXPECT_EQ(s.deadline, f.moves[0].accepted_at + days(51) + days(10));
}

TEST(LeaveClock, LeaveStartingWhileOnMoveShiftsTheDeadline) {
  ClockFacts f = game(IccfStandard{});
  move(f, at("2024-06-03T12:00:00Z"));
  // Black is on move from 3 June; at noon on 4 June Black books leave from 6 to 8 June.
  const ClockState before = state(f, at("2024-06-04T12:00:00Z"));
  EXPECT_EQ(before.deadline, at("2024-06-03T12:00:00Z") + days(40));
  f.leave[1].push_back(leave("2024-06-06", "2024-06-08"));
  const ClockState after = state(f, at("2024-06-04T12:00:00Z"));
  EXPECT_EQ(after.deadline, at("2024-06-03T12:00:00Z") + days(43));
  const ClockState during = state(f, at("2024-06-07T10:00:00Z"));
  EXPECT_TRUE(during.side(kBlack).on_leave);
  EXPECT_FALSE(during.side(kBlack).running);
  EXPECT_EQ(check_move_allowed(f, kBlack, at("2024-06-07T10:00:00Z")).error().code,
            ErrorCode::kOnLeave);
  // Ending the leave early lets the player move, and the clock runs again.
  LeavePeriod ended = end_leave_early(f.leave[1][0], at("2024-06-07T10:00:00Z"), f.zone).value();
  f.leave[1][0] = ended;
  EXPECT_TRUE(check_move_allowed(f, kBlack, at("2024-06-07T10:00:00Z")).has_value());
  const ClockState resumed = state(f, at("2024-06-07T10:00:00Z"));
  EXPECT_TRUE(resumed.side(kBlack).running);
  // Leave ran from 5 June 23:00Z (London midnight) to 7 June 10:00Z: 35 hours.
  EXPECT_EQ(resumed.deadline, at("2024-06-03T12:00:00Z") + days(40) + 35 * kHour);
}

TEST(LeaveClock, DstTransitionsChangeTheLengthOfALeaveDay) {
  // Clocks go back on 27 October 2024 in London: that leave day lasts 25 hours.
  ClockFacts autumn = game(IccfStandard{});
  autumn.start = at("2024-10-20T12:00:00Z");
  autumn.leave[0].push_back(leave("2024-10-27", "2024-10-27"));
  EXPECT_EQ(state(autumn, autumn.start).deadline, autumn.start + days(40) + 25 * kHour);
  // Clocks go forward on 31 March 2024: that leave day lasts 23 hours.
  ClockFacts spring = game(IccfStandard{});
  spring.start = at("2024-03-25T12:00:00Z");
  spring.leave[0].push_back(leave("2024-03-31", "2024-03-31"));
  EXPECT_EQ(state(spring, spring.start).deadline, spring.start + days(40) + 23 * kHour);
  // A move made across that day is charged whole days of running time only.
  move(spring, at("2024-04-02T12:00:00Z"));  // 8 wall days less the 23-hour leave day
  const ClockState s = state(spring, at("2024-04-02T12:00:00Z"));
  EXPECT_EQ(s.moves[0].stopped, 23 * kHour);
  EXPECT_EQ(s.moves[0].charged, days(7));  // 7 d 1 h of running time
}

TEST(LeaveClock, LeaveAcrossNewYearStopsTheClockEveryDay) {
  ClockFacts f = game(FischerDays{30, 0, std::nullopt});
  f.start = at("2024-12-20T12:00:00Z");
  f.leave[0].push_back(leave("2024-12-30", "2025-01-02"));  // 4 days, GMT = UTC in winter
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(34));
  const ClockState s = state(f, at("2025-01-01T12:00:00Z"));
  EXPECT_TRUE(s.side(kWhite).on_leave);
  EXPECT_EQ(s.side(kWhite).remaining, days(30) - days(10) + 12 * kHour);
}

TEST(LeaveClock, LeaveInTripleBlockIsRejected) {
  ClockFacts f = game(TripleBlock{});
  f.leave[0].push_back(leave("2024-06-05", "2024-06-07"));
  auto s = compute_clock_state(f, f.start);
  ASSERT_FALSE(s.has_value());
  EXPECT_EQ(s.error().code, ErrorCode::kLeaveNotAllowed);
}

// ---- Fischer (§4.2) and days per move (§4.3) -----------------------------------------------

TEST(FischerClock, ExactSecondsWithIncrementAndCap) {
  ClockFacts f = game(FischerDays{.initial_days = 30, .increment_days = 3, .max_days = 32});
  move(f, f.start + days(2) + 12 * kHour);
  move(f, f.moves[0].accepted_at + 1);
  const ClockState s = state(f, f.moves[1].accepted_at);
  EXPECT_EQ(s.moves[0].charged, days(2) + 12 * kHour);
  EXPECT_EQ(s.moves[0].clock_after, days(30) + 12 * kHour);
  EXPECT_EQ(s.moves[1].clock_after, days(32));  // 30 d - 1 s + 3 d, capped at 32 d
  EXPECT_EQ(s.deadline, f.moves[1].accepted_at + days(30) + 12 * kHour);
}

TEST(FischerClock, MoveAtTheDeadlineIsLateOneSecondBeforeIsNot) {
  for (Seconds offset : {Seconds{-1}, Seconds{0}}) {
    ClockFacts f = game(FischerDays{30, 3, std::nullopt});
    f.silence_rule = false;
    move(f, f.start + days(30) + offset);
    const ClockState s = state(f, f.moves[0].accepted_at);
    EXPECT_EQ(s.moves[0].late, offset == 0);
    EXPECT_EQ(s.flag_fall.has_value(), offset == 0);
    if (offset < 0) {
      EXPECT_EQ(s.side(kWhite).remaining, days(3) + 1);
    }
  }
}

TEST(DaysPerMoveClock, EachMoveWithinNDaysNothingCarriedOver) {
  ClockFacts f = game(DaysPerMove{3, std::nullopt});
  move(f, f.start + 3600);
  const ClockState s = state(f, f.moves[0].accepted_at);
  EXPECT_EQ(s.side(kWhite).remaining, days(3));  // not 3 d + unused time
  EXPECT_EQ(s.deadline, f.moves[0].accepted_at + days(3));
  ClockFacts late = f;
  move(late, f.moves[0].accepted_at + days(3));
  EXPECT_TRUE(state(late, late.moves[1].accepted_at).moves[1].late);
}

TEST(DaysPerMoveClock, BankIsUsedOnlyWhenAMoveOverruns) {
  ClockFacts f = game(DaysPerMove{.days = 3, .bank_days = 2});
  move(f, f.start + days(2));                 // within 3 days: bank untouched
  move(f, f.moves[0].accepted_at + days(4));  // overruns by a day
  const ClockState s = state(f, f.moves[1].accepted_at);
  EXPECT_EQ(s.moves[0].bank_change, 0);
  EXPECT_EQ(s.moves[1].bank_change, -days(1));
  EXPECT_EQ(s.moves[1].remaining_at_accept, 0);
  EXPECT_EQ(s.side(kBlack).bank, days(2) - days(1));
  EXPECT_EQ(s.side(kBlack).remaining, days(3));
  // White now has 3 days plus a 2-day bank; while overrunning, the bank shows draining.
  EXPECT_EQ(s.deadline, f.moves[1].accepted_at + days(5));
  const ClockState mid = state(f, f.moves[1].accepted_at + days(4));
  EXPECT_EQ(mid.side(kWhite).remaining, 0);
  EXPECT_EQ(mid.side(kWhite).bank, days(1));
}

// ---- Triple Block (§4.4) -----------------------------------------------------------------------

TEST(TripleBlockClock, WorkedExampleFromAppendixC) {
  ClockFacts f = game(TripleBlock{5, 50, false});
  move(f, f.start + days(2) + 12 * kHour);  // White's move 1 after 2.5 days
  move(f, f.moves[0].accepted_at);          // Black replies at once
  const Timestamp receipt = f.moves[1].accepted_at;
  const ClockState first = state(f, receipt);
  EXPECT_EQ(first.moves[0].clock_after, days(50));
  EXPECT_EQ(first.moves[0].bank_after, days(52) + 12 * kHour);
  // Day 30 of the next move: refill 30 days, then move at day 60.
  const Refill r30 = refill(receipt + days(30), kWhite, days(30));
  ASSERT_TRUE(validate_refill(f, r30).has_value());
  f.refills.push_back(r30);
  const ClockState refilled = state(f, receipt + days(30));
  EXPECT_EQ(refilled.side(kWhite).remaining, days(50));
  EXPECT_EQ(refilled.side(kWhite).bank, days(22) + 12 * kHour);
  move(f, receipt + days(60));
  const ClockState s = state(f, receipt + days(60));
  EXPECT_EQ(s.moves[2].refilled, days(30));
  EXPECT_EQ(s.moves[2].clock_after, days(47) + 12 * kHour);
  EXPECT_EQ(s.moves[2].bank_after, 0);
  EXPECT_EQ(s.moves[2].bank_change, -(days(52) + 12 * kHour));
  EXPECT_FALSE(s.flag_fall.has_value());
}

TEST(TripleBlockClock, EventDurationFormulaMatchesTheTotalTime) {
  // 2 x (50 + B0 + 50 I) days: each player's total available time is 50 + B0 + 50 I.
  const TripleBlock tb{5, 50, false};
  EXPECT_EQ(2 * (50 + tb.bank_days + 50 * tb.increment_days), 700);
}

TEST(TripleBlockClock, LosesWhenClockReachesZeroEvenWithBank) {
  ClockFacts f = game(TripleBlock{5, 50, false});
  const ClockState s = state(f, f.start);
  EXPECT_EQ(s.deadline, f.start + days(50));  // the bank does not extend it
  EXPECT_EQ(s.side(kWhite).bank, days(50));
  const ClockState fallen = state(f, f.start + days(50));
  ASSERT_TRUE(fallen.flag_fall.has_value());
  EXPECT_EQ(fallen.side(kWhite).bank, days(50));
}

TEST(TripleBlockClock, ManualRefillLimits) {
  ClockFacts f = game(TripleBlock{0, 10, false});
  // Clock full at first: nothing can be refilled.
  EXPECT_EQ(max_refill(f, kWhite, f.start).value(), 0);
  EXPECT_FALSE(validate_refill(f, refill(f.start, kWhite, 1)).has_value());
  EXPECT_EQ(max_refill(f, kWhite, f.start + 1).value(), 1);
  // After 4 days used: up to 4 days.
  EXPECT_EQ(max_refill(f, kWhite, f.start + days(4)).value(), days(4));
  // After 20 days used: limited by the 10-day bank.
  EXPECT_EQ(max_refill(f, kWhite, f.start + days(20)).value(), days(10));
  EXPECT_TRUE(validate_refill(f, refill(f.start + days(20), kWhite, days(10))).has_value());
  EXPECT_FALSE(validate_refill(f, refill(f.start + days(20), kWhite, days(10) + 1)).has_value());
  EXPECT_FALSE(validate_refill(f, refill(f.start + days(20), kWhite, 0)).has_value());
  // Not on move.
  EXPECT_EQ(max_refill(f, kBlack, f.start + days(20)).error().code, ErrorCode::kNotYourTurn);
  // A refill at the deadline is too late; a second before, it saves the game.
  ClockFacts late = f;
  late.refills.push_back(refill(f.start + days(50), kWhite, days(1)));
  EXPECT_EQ(state(late, f.start + days(50)).flag_fall->at, f.start + days(50));
  ClockFacts saved = f;
  saved.refills.push_back(refill(f.start + days(50) - 1, kWhite, days(1)));
  const ClockState s = state(saved, f.start + days(50));
  EXPECT_FALSE(s.flag_fall.has_value());
  EXPECT_EQ(s.deadline, f.start + days(51));
  EXPECT_EQ(s.side(kWhite).bank, days(9));
  // Refills in other controls, or while not on move, are impossible facts.
  ClockFacts wrong = f;
  wrong.refills.push_back(refill(f.start + days(1), kBlack, days(1)));
  EXPECT_FALSE(compute_clock_state(wrong, f.start + days(2)).has_value());
  ClockFacts fischer = game(FischerDays{});
  EXPECT_EQ(max_refill(fischer, kWhite, f.start).error().code, ErrorCode::kValidationError);
}

TEST(TripleBlockClock, IncrementOverflowGoesToBankAndStopsAfterMoveFifty) {
  ClockFacts f = game(TripleBlock{5, 0, false});
  Timestamp t = f.start;
  for (int i = 0; i < 102; ++i) {  // 51 moves each, one hour per move
    t += kHour;
    move(f, t);
  }
  const ClockState s = state(f, t);
  EXPECT_EQ(s.moves[0].bank_after, days(5) - kHour);
  EXPECT_EQ(s.moves[98].move_number, 50);
  EXPECT_EQ(s.moves[98].increment, days(5));
  EXPECT_EQ(s.moves[100].move_number, 51);
  EXPECT_EQ(s.moves[100].increment, 0);
  EXPECT_EQ(s.moves[100].clock_after, days(50));  // refilled from the bank
  EXPECT_EQ(s.moves[100].bank_after, 50 * (days(5) - kHour) - kHour);
}

// Plays 50 quick moves each (no increment, no bank), then White's next move takes `last`.
ClockFacts triple_block_endgame(bool sdp, int white_moves_before, Seconds last) {
  ClockFacts f =
      game(TripleBlock{.increment_days = 0, .bank_days = 0, .sudden_death_protection = sdp});
  Timestamp t = f.start;
  for (int i = 0; i < 2 * white_moves_before; ++i) {
    t += 1;
    move(f, t);
  }
  move(f, t + last);
  return f;
}

TEST(TripleBlockClock, SuddenDeathProtectionAfterMoveFifty) {
  const Seconds last = days(48) + 100;  // leaves 2 days less 150 s after 50 one-second moves
  {
    // Move 51 with protection: C + B < 3 d, so C becomes 3 days.
    ClockFacts f = triple_block_endgame(true, 50, last);
    const ClockState s = state(f, f.moves.back().accepted_at);
    EXPECT_EQ(s.moves.back().move_number, 51);
    EXPECT_EQ(s.moves.back().remaining_at_accept, days(2) - 150);
    EXPECT_EQ(s.moves.back().clock_after, days(3));
  }
  {
    // Without protection the clock stays.
    ClockFacts f = triple_block_endgame(false, 50, last);
    EXPECT_EQ(state(f, f.moves.back().accepted_at).moves.back().clock_after, days(2) - 150);
  }
  {
    // Move 50 is not "past move 50".
    ClockFacts f = triple_block_endgame(true, 49, last);
    const ClockState s = state(f, f.moves.back().accepted_at);
    EXPECT_EQ(s.moves.back().move_number, 50);
    EXPECT_EQ(s.moves.back().clock_after, days(2) - 149);
  }
  {
    // C + B >= 3 d: no protection needed.
    ClockFacts f = triple_block_endgame(true, 50, days(47) - 100);
    EXPECT_EQ(state(f, f.moves.back().accepted_at).moves.back().clock_after, days(3) + 50);
    ClockFacts g = triple_block_endgame(true, 50, days(46));
    EXPECT_EQ(state(g, g.moves.back().accepted_at).moves.back().clock_after, days(4) - 50);
  }
}

TEST(TripleBlockClock, SuspensionIsNotAllowed) {
  ClockFacts f = game(TripleBlock{});
  f.suspensions.push_back({f.start + 10, f.start + 20, "outage"});
  EXPECT_FALSE(compute_clock_state(f, f.start).has_value());
}

}  // namespace
}  // namespace corrchess::game::clock_testing
