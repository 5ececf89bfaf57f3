// The rules of each time-control kind (rules.md 3.2-3.5) for the clock replay (clock.cpp):
// a side's clock at the start, what a move's active time costs, when the flag falls, and what
// an accepted move adds (increments, the ICCF period, the Triple Block bank). Pure arithmetic
// on one side's clock; the replay decides which seconds are active.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <variant>

#include "core/game/clock.h"
#include "core/game/overloaded.h"
#include "core/game/time.h"
#include "core/game/time_control.h"

namespace corrchess::game {

// ICCF charge in days for d whole days used (§4.1).
inline std::int64_t iccf_charge_days(const IccfStandard& c, std::int64_t d) {
  if (c.doubling_after_days && d > *c.doubling_after_days) {
    const std::int64_t t = *c.doubling_after_days;
    return t + 2 * (d - t);
  }
  return d;
}

// One side's clock between moves. While the side is on move, its remaining time at active
// time e (since receipt) is base - cost(e); when idle, it is base.
struct ClockSideState {
  Seconds base = 0;
  Seconds bank = 0;
  int moves = 0;
};

class ClockRules {
 public:
  explicit ClockRules(const TimeControl& control) : control_(control) {}

  ClockSideState initial() const {
    return std::visit(Overloaded{
                          [](const IccfStandard& c) {
                            return ClockSideState{days(c.days), 0, 0};
                          },
                          [](const FischerDays& c) {
                            return ClockSideState{days(c.initial_days), 0, 0};
                          },
                          [](const DaysPerMove& c) {
                            return ClockSideState{days(c.days), days(c.bank_days.value_or(0)), 0};
                          },
                          [](const TripleBlock& c) {
                            return ClockSideState{kTripleBlockClock, days(c.bank_days), 0};
                          },
                      },
                      control_);
  }

  // Clock time consumed by e active seconds of one move.
  Seconds cost(Seconds e) const {
    if (const auto* c = std::get_if<IccfStandard>(&control_)) {
      return days(iccf_charge_days(*c, floor_div(e, kSecondsPerDay)));
    }
    return e;
  }

  // The least active time (since receipt) at which the running side is out of time.
  Seconds flag_threshold(const ClockSideState& s) const {
    if (const auto* c = std::get_if<IccfStandard>(&control_)) {
      // First whole-day count d whose charge exceeds the clock: charge(d) >= floor(clock)+1.
      const std::int64_t need = floor_div(s.base, kSecondsPerDay) + 1;
      if (need <= 0) return 0;
      if (!c->doubling_after_days || need <= *c->doubling_after_days) return days(need);
      const std::int64_t t = *c->doubling_after_days;
      return days((need + t + 1) / 2);
    }
    if (std::holds_alternative<DaysPerMove>(control_)) return s.base + s.bank;
    return s.base;  // Fischer, Triple Block: the bank never saves the clock
  }

  // The most the clock may hold (Triple Block), or none.
  std::optional<Seconds> clock_cap() const {
    if (std::holds_alternative<TripleBlock>(control_)) return kTripleBlockClock;
    return std::nullopt;
  }

  bool is_triple_block() const { return std::holds_alternative<TripleBlock>(control_); }
  bool is_per_move() const { return std::holds_alternative<DaysPerMove>(control_); }

  // Accounts an accepted move that took `e` active seconds (0 for conditional replies).
  void apply_move(ClockSideState& s, Seconds e, MoveClockRecord& rec) const {
    ++s.moves;
    rec.charged = cost(e);
    Seconds clock = s.base - rec.charged;
    std::visit(Overloaded{
                   [&](const IccfStandard& c) {
                     rec.remaining_at_accept = clock;
                     if (s.moves % c.moves == 0) rec.increment = days(c.days);
                     clock += rec.increment;
                   },
                   [&](const FischerDays& c) {
                     rec.remaining_at_accept = clock;
                     rec.increment = days(c.increment_days);
                     clock += rec.increment;
                     if (c.max_days) clock = std::min(clock, days(*c.max_days));
                   },
                   [&](const DaysPerMove& c) {
                     if (clock < 0) {  // overrun: the bank pays
                       s.bank += clock;
                       clock = 0;
                     }
                     rec.remaining_at_accept = clock;
                     rec.increment = days(c.days) - clock;  // the next move starts afresh
                     clock = days(c.days);
                   },
                   [&](const TripleBlock& c) {
                     rec.remaining_at_accept = clock;
                     if (s.moves <= kTripleBlockIncrementMoves) {
                       rec.increment = days(c.increment_days);
                       clock += rec.increment;
                       if (clock > kTripleBlockClock) {
                         s.bank += clock - kTripleBlockClock;
                         clock = kTripleBlockClock;
                       }
                     }
                     const Seconds refill =
                         std::max<Seconds>(0, std::min(s.bank, kTripleBlockClock - clock));
                     clock += refill;
                     s.bank -= refill;
                     if (c.sudden_death_protection && s.moves > kTripleBlockIncrementMoves &&
                         clock + s.bank < kTripleBlockSuddenDeath) {
                       clock = kTripleBlockSuddenDeath;
                     }
                   },
               },
               control_);
    s.base = clock;
  }

 private:
  const TimeControl& control_;
};

}  // namespace corrchess::game
