#include "core/game/leave.h"

#include <algorithm>

#include "core/game/intervals.h"

namespace corrchess::game {
namespace {

// Days of the inclusive range [first, last] that fall in `year`.
int days_in_year(CivilDate first, CivilDate last, int year) {
  const CivilDate lo = std::max(first, CivilDate{year, 1, 1});
  const CivilDate hi = std::min(last, CivilDate{year, 12, 31});
  if (hi < lo) return 0;
  return static_cast<int>(days_between(lo, hi)) + 1;
}

}  // namespace

std::optional<CivilDate> effective_last_day(const LeavePeriod& period, const TimeZone& zone) {
  if (period.last_day < period.first_day) return std::nullopt;
  if (!period.ended_at) return period.last_day;
  if (*period.ended_at <= zone.start_of_day(period.first_day)) return std::nullopt;
  // Ended during day X (after its midnight): X is the last day touched.
  const CivilDate ended_day = zone.local_date(*period.ended_at - 1);
  return std::min(period.last_day, ended_day);
}

TimeInterval leave_interval(const LeavePeriod& period, const TimeZone& zone) {
  const Timestamp begin = zone.start_of_day(period.first_day);
  if (period.last_day < period.first_day) return {begin, begin};
  Timestamp end = zone.start_of_day(add_days(period.last_day, 1));
  if (period.ended_at) end = std::min(end, std::max(begin, *period.ended_at));
  return {begin, end};
}

int leave_days_in_year(const LeavePeriod& period, int year, const TimeZone& zone) {
  const std::optional<CivilDate> last = effective_last_day(period, zone);
  if (!last) return 0;
  return days_in_year(period.first_day, *last, year);
}

LeaveBalance leave_balance(std::span<const LeavePeriod> periods, int year,
                           const LeavePolicy& policy, const TimeZone& zone) {
  LeaveBalance balance{.year = year};
  for (const LeavePeriod& p : periods) {
    (p.special ? balance.special_days : balance.used_days) += leave_days_in_year(p, year, zone);
  }
  balance.remaining_days = std::max(0, policy.allowance_days - balance.used_days);
  return balance;
}

bool is_on_leave(std::span<const LeavePeriod> periods, Timestamp t, const TimeZone& zone) {
  return std::ranges::any_of(
      periods, [&](const LeavePeriod& p) { return leave_interval(p, zone).contains(t); });
}

std::vector<TimeInterval> leave_intervals(std::span<const LeavePeriod> periods,
                                          const TimeZone& zone) {
  std::vector<TimeInterval> out;
  for (const LeavePeriod& p : periods) out.push_back(leave_interval(p, zone));
  return merge_intervals(std::move(out));
}

Result<void> validate_leave_request(const LeavePeriod& request,
                                    std::span<const LeavePeriod> existing,
                                    const TimeControl& control, const LeavePolicy& policy,
                                    Timestamp now, const TimeZone& zone) {
  if (!allows_leave(control)) {
    return fail(ErrorCode::kLeaveNotAllowed, "leave is not available under this time control");
  }
  if (!is_valid(request.first_day) || !is_valid(request.last_day)) {
    return fail(ErrorCode::kValidationError, "leave dates must be real calendar days");
  }
  if (request.last_day < request.first_day) {
    return fail(ErrorCode::kValidationError, "leave must end on or after its first day");
  }
  if (request.ended_at) {
    return fail(ErrorCode::kValidationError, "a new leave period cannot already be ended");
  }
  const CivilDate today = zone.local_date(now);
  if (request.first_day <= today) {
    return fail(ErrorCode::kValidationError, "leave can only be requested for future days (from " +
                                                 format_date(add_days(today, 1)) + ")");
  }
  for (const LeavePeriod& p : existing) {
    const std::optional<CivilDate> last = effective_last_day(p, zone);
    if (last && request.first_day <= *last && p.first_day <= request.last_day) {
      return fail(
          ErrorCode::kValidationError,
          "leave overlaps the period " + format_date(p.first_day) + " to " + format_date(*last));
    }
  }
  if (request.special) {
    if (request.reason.empty()) {
      return fail(ErrorCode::kValidationError, "special leave needs a reason");
    }
    return {};
  }
  for (int year = request.first_day.year; year <= request.last_day.year; ++year) {
    const int wanted = days_in_year(request.first_day, request.last_day, year);
    const LeaveBalance balance = leave_balance(existing, year, policy, zone);
    if (wanted > balance.remaining_days) {
      return fail(ErrorCode::kLeaveExceedsAllowance,
                  "leave of " + std::to_string(wanted) + " days in " + std::to_string(year) +
                      " exceeds the " + std::to_string(balance.remaining_days) +
                      " days left of the allowance");
    }
  }
  return {};
}

Result<void> validate_leave_cancellation(const LeavePeriod& period, Timestamp now,
                                         const TimeZone& zone) {
  if (now >= zone.start_of_day(period.first_day)) {
    return fail(ErrorCode::kValidationError, "a leave period that has started cannot be cancelled");
  }
  return {};
}

Result<LeavePeriod> end_leave_early(const LeavePeriod& period, Timestamp now,
                                    const TimeZone& zone) {
  if (!leave_interval(period, zone).contains(now)) {
    return fail(ErrorCode::kValidationError, "this leave period is not running now");
  }
  LeavePeriod ended = period;
  ended.ended_at = now;
  ended.last_day = std::min(period.last_day, zone.local_date(now));
  return ended;
}

}  // namespace corrchess::game
