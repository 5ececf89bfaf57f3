// The clocks around the moves: conditional replies, the start, suspension and the end,
// the flag verdict, and the checkpoints a snapshot resumes from.
#include <gtest/gtest.h>

#include "core/game/clock.h"
#include "tests/unit/clock_facts.h"

// In the helpers' namespace: no using-directive leaks into the other files of a unity batch.
namespace corrchess::game::clock_testing {
namespace {

// ---- conditional moves, start, suspension, finish ------------------------------------------

TEST(ConditionalReplies, CostTheirOwnerNothing) {
  ClockFacts f = game(IccfStandard{});
  move(f, f.start + days(3));
  move(f, f.start + days(3), /*conditional=*/true);
  move(f, f.start + days(5));
  const ClockState s = state(f, f.start + days(5));
  EXPECT_TRUE(s.moves[1].conditional);
  EXPECT_EQ(s.moves[1].elapsed, 0);
  EXPECT_EQ(s.moves[1].charged, 0);
  EXPECT_EQ(s.side(kBlack).remaining, days(50));
  EXPECT_EQ(s.side(kWhite).remaining, days(45));
  // Zero cost holds in exact-second controls too, even if stamped a little later.
  ClockFacts tb = game(TripleBlock{0, 0, false});
  move(tb, tb.start + days(1));
  move(tb, tb.start + days(1) + 1, /*conditional=*/true);
  EXPECT_EQ(state(tb, tb.start + days(2)).moves[1].clock_after, days(50));
}

TEST(StartDate, NoClockRunsAndNobodyMovesBeforeTheStart) {
  ClockFacts f = game(IccfStandard{});
  const Timestamp before = f.start - days(3);
  const ClockState s = state(f, before);
  EXPECT_FALSE(s.started);
  EXPECT_FALSE(s.side(kWhite).running);
  EXPECT_EQ(s.side(kWhite).remaining, days(50));
  EXPECT_EQ(s.deadline, f.start + days(40));
  EXPECT_EQ(check_move_allowed(f, kWhite, before).error().code, ErrorCode::kGameNotStarted);
  EXPECT_EQ(check_move_allowed(f, kBlack, f.start).error().code, ErrorCode::kNotYourTurn);
  EXPECT_TRUE(check_move_allowed(f, kWhite, f.start).has_value());
  ClockFacts early = f;
  move(early, f.start - 1);
  EXPECT_EQ(compute_clock_state(early, f.start).error().code, ErrorCode::kValidationError);
}

TEST(StartDate, BlackMovesFirstFromASetUpPosition) {
  ClockFacts f = game(FischerDays{30, 0, std::nullopt});
  f.first_to_move = kBlack;
  move(f, f.start + days(1));
  const ClockState s = state(f, f.start + days(1));
  EXPECT_EQ(s.moves[0].side, kBlack);
  EXPECT_EQ(s.side(kBlack).remaining, days(29));
  EXPECT_EQ(s.to_move, kWhite);
}

TEST(SuspensionClock, AllClocksStop) {
  ClockFacts f = game(FischerDays{30, 0, std::nullopt});
  f.silence_rule = false;
  f.suspensions.push_back({f.start + days(2), f.start + days(7), "server move"});
  EXPECT_EQ(state(f, f.start).deadline, f.start + days(35));
  const ClockState during = state(f, f.start + days(3));
  EXPECT_TRUE(during.suspended);
  EXPECT_FALSE(during.side(kWhite).running);
  EXPECT_EQ(during.side(kWhite).remaining, days(28));
  // Open-ended: no deadline until the director lifts it.
  f.suspensions[0].end.reset();
  EXPECT_FALSE(state(f, f.start + days(3)).deadline.has_value());
  EXPECT_FALSE(state(f, f.start + days(300)).flag_fall.has_value());
}

TEST(FinishedGame, ClocksStopAtTheEnd) {
  ClockFacts f = game(FischerDays{30, 0, std::nullopt});
  move(f, f.start + days(1));
  f.finished_at = f.start + days(2);
  const ClockState s = state(f, f.start + days(100));
  EXPECT_TRUE(s.finished);
  EXPECT_FALSE(s.flag_fall.has_value());
  EXPECT_FALSE(s.deadline.has_value());
  EXPECT_EQ(s.side(kBlack).remaining, days(29));
  EXPECT_FALSE(s.side(kBlack).running);
}

// ---- verdicts and determinism ----------------------------------------------------------------

TEST(FlagVerdict, LossUnlessTheOpponentCannotMate) {
  const FlagFall fall{kWhite, Timestamp(1000), FlagReason::kTime, 0};
  const FlagVerdict loss = flag_verdict(fall, true);
  EXPECT_EQ(loss.outcome, FlagOutcome::kTimeForfeit);
  EXPECT_EQ(loss.winner, kBlack);
  EXPECT_EQ(termination_name(loss.outcome), "time_forfeit");
  const FlagVerdict draw = flag_verdict(fall, false);
  EXPECT_EQ(draw.outcome, FlagOutcome::kTimeDraw);
  EXPECT_FALSE(draw.winner.has_value());
  EXPECT_EQ(termination_name(draw.outcome), "time_draw");
  const FlagVerdict silence =
      flag_verdict(FlagFall{kBlack, Timestamp(5), FlagReason::kSilence, 0}, false);
  EXPECT_EQ(silence.winner, kWhite);
  EXPECT_EQ(termination_name(silence.outcome), "silence");
}

TEST(FlagVerdict, TheFallInstantDoesNotDependOnWhenTheCheckRuns) {
  ClockFacts f = game(IccfStandard{.moves = 10, .days = 50, .doubling_after_days = 20});
  move(f, f.start + days(3));
  const Timestamp expected = f.moves[0].accepted_at + days(36);  // before silence (40 d)
  for (Seconds later : {Seconds{0}, Seconds{1}, days(1), days(400)}) {
    const ClockState s = state(f, expected + later);
    ASSERT_TRUE(s.flag_fall.has_value());
    EXPECT_EQ(s.flag_fall->at, expected);
    EXPECT_EQ(s.flag_fall->side, kBlack);
    EXPECT_EQ(s.flag_fall->ply, 1);
  }
}

TEST(Facts, MovesOutOfOrderAreRejected) {
  ClockFacts f = game(IccfStandard{});
  move(f, f.start + days(2));
  move(f, f.start + days(1));
  EXPECT_EQ(compute_clock_state(f, f.start + days(3)).error().code, ErrorCode::kValidationError);
}

TEST(PgnClock, HoursMinutesSeconds) {
  EXPECT_EQ(format_pgn_clock(days(50) - 1), "1199:59:59");
  EXPECT_EQ(format_pgn_clock(0), "0:00:00");
  EXPECT_EQ(format_pgn_clock(-5), "0:00:00");
  EXPECT_EQ(format_pgn_clock(3725), "1:02:05");
}

TEST(TimeControls, ValidateAndDescribe) {
  EXPECT_TRUE(validate(IccfStandard{}).has_value());
  EXPECT_FALSE(validate(IccfStandard{0, 50, std::nullopt}).has_value());
  EXPECT_FALSE(validate(FischerDays{10, 0, 5}).has_value());
  EXPECT_FALSE(validate(TripleBlock{5, -1, false}).has_value());
  EXPECT_EQ(describe(IccfStandard{10, 50, 20}), "10 moves in 50 days, doubling after 20 days");
  EXPECT_EQ(pgn_time_control(IccfStandard{}), "10/4320000");
  EXPECT_EQ(pgn_time_control(FischerDays{}), "2592000+259200");
  EXPECT_FALSE(allows_leave(TripleBlock{}));
  EXPECT_TRUE(allows_leave(DaysPerMove{}));
}

// ---- checkpoints (a snapshot's clocks) -------------------------------------------------------

// A replay resumed at a checkpoint is the full replay without the records before it.
void expect_resumed_equals_full(const ClockFacts& facts, Timestamp now, int ply) {
  SCOPED_TRACE("checkpoint at ply " + std::to_string(ply));
  ClockFacts taking = facts;
  taking.checkpoint_at = ply;
  const ClockState full = state(taking, now);
  ASSERT_TRUE(full.checkpoint.has_value());
  EXPECT_EQ(full.checkpoint->ply, ply);
  ClockFacts resuming = taking;
  resuming.resume_from = full.checkpoint;
  ClockState resumed = state(resuming, now);
  EXPECT_EQ(resumed.records_from, ply);
  ASSERT_EQ(resumed.moves.size() + static_cast<std::size_t>(ply), full.moves.size());
  for (std::size_t i = 0; i < resumed.moves.size(); ++i) {
    EXPECT_EQ(resumed.moves[i], full.moves[i + static_cast<std::size_t>(ply)]) << "record " << i;
  }
  EXPECT_EQ(resumed.record_of(ply + 1), resumed.moves.empty() ? nullptr : &resumed.moves[0]);
  EXPECT_EQ(resumed.record_of(ply), nullptr);
  ClockState expected = full;
  expected.moves.erase(expected.moves.begin(), expected.moves.begin() + ply);
  expected.records_from = ply;
  EXPECT_EQ(resumed, expected);
}

// Each control, moves at uneven intervals (some long enough to cost whole days, one that
// draws on the bank of days per move), no flag falling: from every checkpoint the clocks go
// on exactly as a replay from move 1, at instants of the running move up to past its flag.
TEST(ClockCheckpoint, ResumingGivesTheFullReplayForEveryControl) {
  const std::vector<TimeControl> controls = {IccfStandard{10, 50, 20}, FischerDays{10, 1, 20},
                                             DaysPerMove{3, 5}, TripleBlock{5, 50, true}};
  for (const auto& control : controls) {
    ClockFacts f = game(control);
    Timestamp t = f.start;
    for (int i = 0; i < 120; ++i) {
      t = t + (i % 7) * 3 * kHour + (i % 5 == 0 ? kSecondsPerDay : 0) +
          (i == 30 ? 3 * kSecondsPerDay : 0) + 61;
      move(f, t, i % 11 == 10);
    }
    f.moves[40].use_40_plus_days = true;
    ASSERT_FALSE(state(f, t).flag_fall.has_value());
    for (const Seconds later : {Seconds{0}, 2 * kSecondsPerDay, 30 * kSecondsPerDay}) {
      for (const int ply : {1, 2, 17, 60, 119, 120}) expect_resumed_equals_full(f, t + later, ply);
    }
  }
}

// Clocks that depend on more than the moves (a refill, a director's adjustment, a
// suspension, leave) take no checkpoint and replay every move even when given one.
TEST(ClockCheckpoint, OnlyPlainFactsTakeOrUseOne) {
  ClockFacts plain = game(TripleBlock{});
  move(plain, at("2024-06-02T12:00:00Z"));
  move(plain, at("2024-06-03T12:00:00Z"));
  move(plain, at("2024-06-04T12:00:00Z"));
  plain.checkpoint_at = 2;
  const auto taken = state(plain, at("2024-06-05T12:00:00Z")).checkpoint;
  ASSERT_TRUE(taken.has_value());

  ClockFacts refilled = plain;
  refilled.refills.push_back(refill(at("2024-06-04T13:00:00Z"), kBlack, kSecondsPerDay));
  ClockFacts adjusted = plain;
  adjusted.adjustments.push_back(
      adjustment(at("2024-06-02T13:00:00Z"), kBlack, AdjustmentKind::kAdjustRemaining, kHour, "x"));
  ClockFacts on_leave = game(IccfStandard{});
  on_leave.moves = plain.moves;
  on_leave.checkpoint_at = 2;
  on_leave.leave[0].push_back(leave("2024-06-10", "2024-06-12"));
  ClockFacts suspended = game(IccfStandard{});
  suspended.moves = plain.moves;
  suspended.checkpoint_at = 2;
  suspended.suspensions.push_back(Suspension{at("2024-06-02T14:00:00Z"), std::nullopt, "x"});
  for (ClockFacts* f : {&refilled, &adjusted, &on_leave, &suspended}) {
    const auto s = state(*f, at("2024-06-05T12:00:00Z"));
    EXPECT_FALSE(s.checkpoint.has_value());
    ClockFacts given = *f;
    given.resume_from = taken;
    const auto resumed = state(given, at("2024-06-05T12:00:00Z"));
    EXPECT_EQ(resumed.records_from, 0);
    EXPECT_EQ(resumed, s);
  }
}

// A flag that fell before the checkpoint's move is not carried over: none is taken there.
TEST(ClockCheckpoint, NoneIsTakenAfterAFlagFell) {
  ClockFacts f = game(DaysPerMove{3, std::nullopt});
  move(f, at("2024-06-02T12:00:00Z"));
  move(f, at("2024-06-09T12:00:00Z"));  // black took 7 days of 3: its flag fell
  move(f, at("2024-06-10T12:00:00Z"));
  f.checkpoint_at = 1;
  EXPECT_TRUE(state(f, at("2024-06-11T12:00:00Z")).checkpoint.has_value());
  f.checkpoint_at = 2;
  const auto s = state(f, at("2024-06-11T12:00:00Z"));
  ASSERT_TRUE(s.flag_fall.has_value());
  EXPECT_FALSE(s.checkpoint.has_value());
}

}  // namespace
}  // namespace corrchess::game::clock_testing
