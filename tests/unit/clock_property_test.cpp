// Property tests for the clock engine over random games: random time controls, zones, moves,
// leave, suspensions, refills and director adjustments (seeded std::mt19937, bounded sizes).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <variant>

#include "core/game/clock.h"

namespace corrchess::game {
namespace {

#ifdef CORRCHESS_SANITIZED
constexpr int kGames = 40;
#else
constexpr int kGames = 300;
#endif
constexpr int kMaxPlies = 60;

using Rng = std::mt19937;

std::int64_t uniform(Rng& rng, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}
bool chance(Rng& rng, double p) { return std::bernoulli_distribution(p)(rng); }

TimeControl random_control(Rng& rng) {
  switch (uniform(rng, 0, 3)) {
    case 0: {
      // Short controls reach flag falls quickly; long ones (> 40 days) reach the silence rule.
      const int span = chance(rng, 0.3) ? 60 : 15;
      IccfStandard c{static_cast<int>(uniform(rng, 1, 5)), static_cast<int>(uniform(rng, 3, span)),
                     std::nullopt};
      if (chance(rng, 0.5)) c.doubling_after_days = static_cast<int>(uniform(rng, 0, 8));
      return c;
    }
    case 1: {
      const int span = chance(rng, 0.3) ? 60 : 12;
      FischerDays c{static_cast<int>(uniform(rng, 2, span)), static_cast<int>(uniform(rng, 0, 3)),
                    std::nullopt};
      if (chance(rng, 0.4)) c.max_days = c.initial_days + static_cast<int>(uniform(rng, 0, 5));
      return c;
    }
    case 2: {
      DaysPerMove c{static_cast<int>(uniform(rng, 1, 4)), std::nullopt};
      if (chance(rng, 0.6)) c.bank_days = static_cast<int>(uniform(rng, 0, 4));
      return c;
    }
    default:
      return TripleBlock{static_cast<int>(uniform(rng, 0, 3)),
                         static_cast<int>(uniform(rng, 0, 10)), chance(rng, 0.5)};
  }
}

// Random, non-overlapping leave periods for one player over the months after `start`.
std::vector<LeavePeriod> random_leave(Rng& rng, Timestamp start, const TimeZone& zone) {
  std::vector<LeavePeriod> out;
  CivilDate day = add_days(zone.local_date(start), uniform(rng, -3, 10));
  const int count = static_cast<int>(uniform(rng, 0, 4));
  for (int i = 0; i < count; ++i) {
    LeavePeriod p;
    p.first_day = day;
    p.last_day = add_days(day, uniform(rng, 0, 6));
    if (chance(rng, 0.2)) {
      const TimeInterval iv = leave_interval(p, zone);
      p.ended_at = iv.begin + uniform(rng, 1, iv.end - iv.begin - 1);
    }
    out.push_back(p);
    day = add_days(p.last_day, uniform(rng, 1, 40));
  }
  return out;
}

ClockState compute(const ClockFacts& f, Timestamp now) {
  auto s = compute_clock_state(f, now);
  EXPECT_TRUE(s.has_value()) << (s ? "" : s.error().detail);
  return s.value_or(ClockState{});
}

// What the running side still has, bank included where the bank can save the clock.
Seconds total(const ClockFacts& f, const SideClock& s) {
  return std::holds_alternative<DaysPerMove>(f.control) ? s.remaining + s.bank : s.remaining;
}

// The deadline reported at t0 is the first instant at which the flag is observed, by
// bisection and by stepping second by second over the last minute before it.
void check_deadline(const ClockFacts& f, Timestamp t0, std::uint32_t seed) {
  const ClockState s0 = compute(f, t0);
  ASSERT_FALSE(s0.flag_fall.has_value()) << seed;
  const Timestamp horizon = t0 + days(2000);
  if (!s0.deadline) {
    EXPECT_FALSE(compute(f, horizon).flag_fall.has_value()) << seed;
    return;
  }
  const Timestamp d = *s0.deadline;
  ASSERT_GT(d, t0) << seed;
  // Bisection for the first instant with a flag fall.
  Timestamp lo = t0;  // no flag
  Timestamp hi = horizon;
  ASSERT_TRUE(compute(f, hi).flag_fall.has_value()) << seed;
  while (hi - lo > 1) {
    const Timestamp mid = lo + (hi - lo) / 2;
    (compute(f, mid).flag_fall ? hi : lo) = mid;
  }
  EXPECT_EQ(hi, d) << seed;
  // Stepping: no flag in the last seconds before, flag exactly at the deadline.
  for (Timestamp t = std::max(t0, d - 30); t < d; t += 1) {
    ASSERT_FALSE(compute(f, t).flag_fall.has_value()) << seed << " at " << format_rfc3339(t);
  }
  const ClockState fallen = compute(f, d);
  ASSERT_TRUE(fallen.flag_fall.has_value()) << seed;
  EXPECT_EQ(fallen.flag_fall->at, d) << seed;
  EXPECT_EQ(fallen.flag_fall->side, s0.to_move) << seed;
  EXPECT_EQ(fallen.flag_fall->reason, s0.deadline_reason) << seed;
  // The verdict does not depend on when the check runs.
  Rng rng(seed);
  EXPECT_EQ(compute(f, d + uniform(rng, 1, days(500))).flag_fall, fallen.flag_fall);
}

// With no event in [t1, t2], the running side's time only goes down and the idle side's
// clock does not move.
void check_monotone(const ClockFacts& f, Timestamp t1, Timestamp t2, std::uint32_t seed) {
  const ClockState a = compute(f, t1);
  const ClockState b = compute(f, t2);
  const Color x = a.to_move;
  ASSERT_EQ(b.to_move, x);
  EXPECT_LE(total(f, b.side(x)), total(f, a.side(x))) << seed;
  EXPECT_LE(b.side(x).remaining, a.side(x).remaining) << seed;
  EXPECT_EQ(b.side(~x).remaining, a.side(~x).remaining) << seed;
  EXPECT_EQ(b.side(~x).bank, a.side(~x).bank) << seed;
}

// Between two moves of one side, its clock changes only by the rules' charge, increment and
// refills (sides that a director adjusted during the segment are skipped).
void check_records(const ClockFacts& f, const ClockState& s, std::uint32_t seed) {
  std::array<Seconds, 2> clock{};
  std::array<Seconds, 2> bank{};
  const ClockState initial = compute(f, f.start - 1);
  for (Color c : {Color::kWhite, Color::kBlack}) {
    clock[chess::index(c)] = initial.side(c).remaining;
    bank[chess::index(c)] = initial.side(c).bank;
  }
  std::array<Timestamp, 2> previous_accept = {f.start - days(10000), f.start - days(10000)};
  for (const MoveClockRecord& r : s.moves) {
    const int i = chess::index(r.side);
    const bool adjusted = std::ranges::any_of(f.adjustments, [&](const ClockAdjustment& a) {
      return a.side == r.side && previous_accept[i] <= a.at && a.at <= r.accepted_at;
    });
    previous_accept[i] = r.accepted_at;
    EXPECT_EQ(r.elapsed, r.accepted_at - r.received_at) << seed;
    EXPECT_GE(r.stopped, 0) << seed;
    EXPECT_LE(r.stopped, r.elapsed) << seed;
    if (r.conditional) {
      EXPECT_EQ(r.charged, 0) << seed;
    }
    if (!adjusted) {
      if (std::holds_alternative<IccfStandard>(f.control)) {
        EXPECT_EQ(r.clock_after, clock[i] - r.charged + r.increment) << seed << " ply " << r.ply;
        EXPECT_EQ(r.charged % kSecondsPerDay, 0);
      } else if (std::holds_alternative<FischerDays>(f.control)) {
        EXPECT_LE(r.clock_after, clock[i] - r.charged + r.increment) << seed << " ply " << r.ply;
        EXPECT_EQ(r.charged, r.conditional ? 0 : r.elapsed - r.stopped);
      } else if (const auto* pm = std::get_if<DaysPerMove>(&f.control)) {
        EXPECT_EQ(r.clock_after, days(pm->days)) << seed;
        EXPECT_LE(r.bank_after, bank[i]) << seed;
      } else {
        const auto& tb = std::get<TripleBlock>(f.control);
        const bool protected_move = tb.sudden_death_protection && r.move_number > 50 &&
                                    r.clock_after == kTripleBlockSuddenDeath;
        if (!protected_move) {
          EXPECT_LE(r.clock_after + r.bank_after, clock[i] + bank[i] - r.charged + r.increment)
              << seed << " ply " << r.ply;
        }
        EXPECT_LE(r.clock_after, kTripleBlockClock) << seed;
        EXPECT_EQ(r.bank_after - bank[i], r.bank_change) << seed;
      }
    }
    clock[i] = r.clock_after;
    bank[i] = r.bank_after;
  }
}

void play_random_game(std::uint32_t seed) {
  Rng rng(seed);
  ClockFacts f;
  f.control = random_control(rng);
  const std::array<std::string_view, 4> zones = {"Europe/London", "Europe/Berlin",
                                                 "America/New_York", "UTC"};
  f.zone = TimeZone::named(zones[uniform(rng, 0, 3)]).value();
  f.start = utc_midnight({2024, 1, 1}) + uniform(rng, 0, days(365));
  f.first_to_move = chance(rng, 0.9) ? Color::kWhite : Color::kBlack;
  f.silence_rule = chance(rng, 0.7);
  const bool triple = std::holds_alternative<TripleBlock>(f.control);
  if (!triple) {
    f.leave[0] = random_leave(rng, f.start, f.zone);
    f.leave[1] = random_leave(rng, f.start, f.zone);
    if (chance(rng, 0.3)) {
      const Timestamp b = f.start + uniform(rng, 0, days(60));
      std::optional<Timestamp> e;
      if (chance(rng, 0.85)) e = b + uniform(rng, 1, days(5));
      f.suspensions.push_back({b, e, "random"});
    }
  }
  const Seconds max_think = days(triple ? 30 : 8);

  for (int ply = 0; ply < kMaxPlies; ++ply) {
    const Timestamp receipt = f.moves.empty() ? f.start : f.moves.back().accepted_at;
    const Color x = ply % 2 == 0 ? f.first_to_move : ~f.first_to_move;
    f.running_use_40_plus_days = chance(rng, 0.2);
    Timestamp t = receipt;

    // A few refills and adjustments during the move, each before the flag.
    const int extra = static_cast<int>(uniform(rng, 0, 2));
    for (int k = 0; k < extra; ++k) {
      const ClockState s = compute(f, t);
      if (s.flag_fall) break;
      check_deadline(f, t, seed);
      const Timestamp limit = s.deadline ? std::min(*s.deadline, t + max_think) : t + max_think;
      if (limit <= t + 1) break;
      const Timestamp when = t + uniform(rng, 0, limit - t - 1);
      check_monotone(f, t, when, seed);
      if (triple && chance(rng, 0.7)) {
        auto most = max_refill(f, x, when);
        ASSERT_TRUE(most.has_value()) << seed << " " << most.error().detail;
        if (*most > 0) {
          Refill rf{when, x, uniform(rng, 1, *most), std::nullopt};
          // Without a ply, a refill stamped in the same second as the player's own receipt
          // would be ambiguous when that receipt was a same-second conditional reply.
          if (when == receipt || chance(rng, 0.5)) rf.ply = ply;
          ASSERT_TRUE(validate_refill(f, rf).has_value()) << seed;
          const ClockState before = compute(f, when);
          f.refills.push_back(rf);
          const ClockState after = compute(f, when);
          EXPECT_EQ(after.side(x).remaining, before.side(x).remaining + rf.amount) << seed;
          EXPECT_EQ(after.side(x).bank, before.side(x).bank - rf.amount) << seed;
        }
      } else if (chance(rng, 0.3)) {
        ClockAdjustment a;
        a.at = when;
        a.side = chance(rng, 0.5) ? x : ~x;
        a.reason = "random";
        if (chance(rng, 0.7)) a.ply = ply;
        const bool banked = triple || std::holds_alternative<DaysPerMove>(f.control);
        switch (uniform(rng, 0, banked ? 2 : 1)) {
          case 0:
            a.kind = AdjustmentKind::kSetRemaining;
            a.value = uniform(rng, 0, days(20));
            break;
          case 1:
            a.kind = AdjustmentKind::kAdjustRemaining;
            a.value = uniform(rng, -days(3), days(5));
            break;
          default:
            a.kind = AdjustmentKind::kSetBank;
            a.value = uniform(rng, 0, days(10));
            break;
        }
        f.adjustments.push_back(a);
      }
      t = when;
    }

    // The move itself: usually in time, sometimes exactly at or after the deadline.
    const ClockState s = compute(f, t);
    if (s.flag_fall) break;
    check_deadline(f, t, seed);
    Timestamp when;
    const bool conditional = t == receipt && ply > 0 && chance(rng, 0.1);
    bool late = false;
    if (conditional) {
      when = receipt;
    } else if (s.deadline && chance(rng, 0.04)) {
      when = *s.deadline + (chance(rng, 0.5) ? 0 : uniform(rng, 1, days(2)));
      late = true;
    } else {
      const Timestamp limit = s.deadline ? std::min(*s.deadline, t + max_think) : t + max_think;
      if (limit <= t) break;
      when = t + uniform(rng, 0, limit - t - 1);
    }
    if (!late) check_monotone(f, t, when, seed);
    auto allowed = check_move_allowed(f, x, when);
    if (late) {
      ASSERT_FALSE(allowed.has_value()) << seed;
      EXPECT_EQ(allowed.error().code, ErrorCode::kGameOver) << seed;
    } else if (!allowed) {
      ASSERT_EQ(allowed.error().code, ErrorCode::kOnLeave) << seed << " " << allowed.error().detail;
    }
    f.moves.push_back(AcceptedMove{when, conditional, f.running_use_40_plus_days});
    f.running_use_40_plus_days = false;
    const ClockState after = compute(f, when);
    ASSERT_EQ(after.moves.size(), f.moves.size()) << seed;
    EXPECT_EQ(after.moves.back().late, late) << seed;
    if (late) {
      ASSERT_TRUE(after.flag_fall.has_value()) << seed;
      EXPECT_EQ(after.flag_fall->at, *s.deadline) << seed;
      break;
    }
    if (after.flag_fall) {
      // Only the opponent can be out of time at once (a clock a director set to nothing).
      EXPECT_EQ(after.flag_fall->side, ~x) << seed;
      EXPECT_EQ(after.flag_fall->at, when) << seed;
    }
  }

  // Replaying the same facts gives the same state, and later "now"s never rewrite history.
  const Timestamp end = f.moves.empty() ? f.start : f.moves.back().accepted_at;
  const ClockState once = compute(f, end);
  EXPECT_EQ(once, compute(f, end)) << seed;
  const ClockFacts copy = f;
  EXPECT_EQ(compute(copy, end), once) << seed;
  const ClockState later = compute(f, end + days(3));
  EXPECT_EQ(later.moves, once.moves) << seed;
  check_records(f, once, seed);
}

TEST(ClockProperties, RandomGamesKeepTheInvariants) {
  for (std::uint32_t seed = 1; seed <= kGames; ++seed) {
    SCOPED_TRACE(seed);
    play_random_game(seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace corrchess::game
