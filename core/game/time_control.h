// Time controls (rules.md §4.1–4.4): what an event setting says about clocks. Plain data;
// the clock engine (clock.h) gives them meaning. Durations are configured in whole days.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::game {

// §4.1 ICCF standard: K moves in N days, whole-day accounting with a free 24 h buffer and
// an optional doubling threshold T (days of one move beyond T cost double).
struct IccfStandard {
  int moves = 10;
  int days = 50;
  std::optional<int> doubling_after_days;

  bool operator==(const IccfStandard&) const = default;
};

// §4.2 Fischer days: initial time plus an increment per move, exact seconds, optional cap.
struct FischerDays {
  int initial_days = 30;
  int increment_days = 3;
  std::optional<int> max_days;

  bool operator==(const FischerDays&) const = default;
};

// §4.3 Days per move: each move within N days, nothing carried over; an optional bank of
// extra days is drawn on only when a move overruns N days.
struct DaysPerMove {
  int days = 3;
  std::optional<int> bank_days;

  bool operator==(const DaysPerMove&) const = default;
};

// §4.4 Triple Block (ICCF Appendix C): clock 50 d (never above), increment I after each of
// the first 50 moves, bank B0, optional sudden-death protection. No leave, no suspension.
struct TripleBlock {
  int increment_days = 5;
  int bank_days = 50;
  bool sudden_death_protection = false;

  bool operator==(const TripleBlock&) const = default;
};

using TimeControl = std::variant<IccfStandard, FischerDays, DaysPerMove, TripleBlock>;

// Triple Block constants (Appendix C).
inline constexpr Seconds kTripleBlockClock = days(50);
inline constexpr int kTripleBlockIncrementMoves = 50;
inline constexpr Seconds kTripleBlockSuddenDeath = days(3);

// The silence rule's limit (§4.6): the game is lost on the 41st day without a move.
inline constexpr Seconds kSilenceLimit = days(40);

// Checks the numbers make sense (positive periods, non-negative increments and banks, cap at
// least the initial time); kValidationError otherwise.
Result<void> validate(const TimeControl& control);

// Whether players may take leave (§4.5) and directors may suspend clocks (§4.8).
// allows_leave and adjudicates_at_end_date depend on the kind alone (the variant alternative),
// never on its numbers: db/ passes them to queries as the set of kinds they hold for.
bool allows_leave(const TimeControl& control);
bool allows_suspension(const TimeControl& control);
// Whether an event's end date takes its unfinished games to adjudication (§6.5): every kind
// but Triple Block, whose time control bounds the duration itself.
bool adjudicates_at_end_date(const TimeControl& control);
// Whether the silence rule (§4.6, "standard events") can apply: every kind but Triple Block.
bool silence_rule_applies(const TimeControl& control);
// Whether the kind keeps a bank (Triple Block, days per move with a bank).
bool has_bank(const TimeControl& control);

// Human-readable summary, e.g. "10 moves in 50 days, doubling after 20 days".
std::string describe(const TimeControl& control);

// A PGN TimeControl tag value in seconds: "10/4320000" (moves/period), "2592000+259200"
// (Fischer), "-" where PGN has no notation (days per move, Triple Block).
std::string pgn_time_control(const TimeControl& control);

}  // namespace corrchess::game
