// The clock tests' facts and readings: a game's clock facts built step by step (moves,
// refills, adjustments, leave) and its state read at an instant. Shared by clock_test.cpp
// and clock_events_test.cpp.
#pragma once

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "core/game/clock.h"

namespace corrchess::game::clock_testing {

constexpr Color kWhite = Color::kWhite;
constexpr Color kBlack = Color::kBlack;
constexpr Seconds kHour = kSecondsPerHour;

inline Timestamp at(std::string_view rfc3339) { return parse_rfc3339(rfc3339).value(); }
inline CivilDate date(std::string_view s) { return parse_date(s).value(); }

// A game starting at noon UTC on 1 June 2024 (a plain summer stretch in London).
inline ClockFacts game(TimeControl control) {
  ClockFacts f;
  f.control = control;
  f.start = at("2024-06-01T12:00:00Z");
  return f;
}

inline void move(ClockFacts& f, Timestamp t, bool conditional = false) {
  f.moves.push_back(AcceptedMove{t, conditional, false});
}

inline ClockState state(const ClockFacts& f, Timestamp now) {
  auto s = compute_clock_state(f, now);
  EXPECT_TRUE(s.has_value()) << (s ? "" : s.error().detail);
  return s.value_or(ClockState{});
}

inline Refill refill(Timestamp t, Color side, Seconds amount) {
  Refill r;
  r.at = t;
  r.side = side;
  r.amount = amount;
  return r;
}

inline ClockAdjustment adjustment(Timestamp t, Color side, AdjustmentKind kind, Seconds value,
                                  std::string reason) {
  ClockAdjustment a;
  a.at = t;
  a.side = side;
  a.kind = kind;
  a.value = value;
  a.reason = std::move(reason);
  return a;
}

inline LeavePeriod leave(std::string_view first, std::string_view last) {
  LeavePeriod p;
  p.first_day = date(first);
  p.last_day = date(last);
  return p;
}

}  // namespace corrchess::game::clock_testing
