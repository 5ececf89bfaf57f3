// Leave (rules.md §4.5, ICCF Art. 10): whole calendar days in the server zone during which
// the leave-taker's clocks stop. One player's leave periods apply to all their games in an
// event; the allowance is per calendar year and per event. Pure functions of stored facts.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game/time.h"
#include "core/game/time_control.h"
#include "core/game/time_zone.h"

namespace corrchess::game {

// One leave period of one player: the local days first_day..last_day inclusive.
struct LeavePeriod {
  CivilDate first_day;
  CivilDate last_day;
  // Special leave granted by the tournament director beyond the allowance; not counted.
  bool special = false;
  std::string reason;
  // Set when the player ended the leave early while it was running (to move again): the
  // clocks run again from this instant; the day it falls on still counts as leave.
  std::optional<Timestamp> ended_at;

  bool operator==(const LeavePeriod&) const = default;
};

struct LeavePolicy {
  int allowance_days = 45;  // per player, per calendar year, per event
};

// Leave used and left in one calendar year.
struct LeaveBalance {
  int year = 0;
  int used_days = 0;       // ordinary leave days falling in the year
  int special_days = 0;    // special leave days falling in the year (not counted)
  int remaining_days = 0;  // allowance - used, never negative

  bool operator==(const LeaveBalance&) const = default;
};

// The instants when the period stops its taker's clocks: from the first day's local
// midnight to the end of the last day, or to ended_at if earlier. Empty (begin == end) when
// the period was ended before it began.
TimeInterval leave_interval(const LeavePeriod& period, const TimeZone& zone);

// The last day the period really covers (last_day, or the day it was ended on); nullopt
// when it was ended before its first day began.
std::optional<CivilDate> effective_last_day(const LeavePeriod& period, const TimeZone& zone);

// Number of the period's days that fall in calendar year `year` (0 when none).
int leave_days_in_year(const LeavePeriod& period, int year, const TimeZone& zone);

// Used, special and remaining days in `year` over one player's periods.
LeaveBalance leave_balance(std::span<const LeavePeriod> periods, int year,
                           const LeavePolicy& policy, const TimeZone& zone);

// True when any of the periods stops the player's clocks at instant t.
bool is_on_leave(std::span<const LeavePeriod> periods, Timestamp t, const TimeZone& zone);

// The stop intervals of the periods, sorted and merged.
std::vector<TimeInterval> leave_intervals(std::span<const LeavePeriod> periods,
                                          const TimeZone& zone);

// Checks a new request against the rules: leave allowed by the time control (else
// kLeaveNotAllowed), valid dates with first <= last, first day tomorrow or later in the
// server zone, no overlap with the player's existing periods (kValidationError), and, unless
// special, every calendar year it touches stays within the allowance
// (kLeaveExceedsAllowance). Special leave needs a reason.
Result<void> validate_leave_request(const LeavePeriod& request,
                                    std::span<const LeavePeriod> existing,
                                    const TimeControl& control, const LeavePolicy& policy,
                                    Timestamp now, const TimeZone& zone);

// A period may be withdrawn only before its first day has started (kValidationError).
Result<void> validate_leave_cancellation(const LeavePeriod& period, Timestamp now,
                                         const TimeZone& zone);

// Ends a running period at `now` so the player can move again: the returned period has
// ended_at = now and last_day = today (the started day is not refunded; later days are
// dropped). Fails with kValidationError when the period is not running at `now`.
Result<LeavePeriod> end_leave_early(const LeavePeriod& period, Timestamp now, const TimeZone& zone);

}  // namespace corrchess::game
