// Instants, durations and civil dates for the clock engine. An instant is a whole number of
// seconds since the Unix epoch in UTC (the server stamps moves to the second); a civil date is
// a proleptic Gregorian year/month/day with no zone attached. Pure value types, no wall clock.
#pragma once

#include <compare>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "core/error.h"

namespace corrchess::game {

// A signed duration in seconds.
using Seconds = std::int64_t;

inline constexpr Seconds kSecondsPerMinute = 60;
inline constexpr Seconds kSecondsPerHour = 3600;
inline constexpr Seconds kSecondsPerDay = 86400;

// n whole days as seconds.
constexpr Seconds days(std::int64_t n) { return n * kSecondsPerDay; }

// Floor division and the matching non-negative remainder (b > 0), for negative instants.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}
constexpr std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

// An instant: whole seconds since 1970-01-01T00:00:00Z. Strong type so that instants and
// durations cannot be mixed up: instant + Seconds = instant, instant - instant = Seconds.
class Timestamp {
 public:
  constexpr Timestamp() = default;
  constexpr explicit Timestamp(std::int64_t unix_seconds) : seconds_(unix_seconds) {}

  constexpr std::int64_t unix_seconds() const { return seconds_; }

  // The largest representable instant; used as "never" (an open-ended interval's end).
  static constexpr Timestamp max() { return Timestamp(std::numeric_limits<std::int64_t>::max()); }

  constexpr auto operator<=>(const Timestamp&) const = default;
  constexpr Timestamp& operator+=(Seconds d) {
    seconds_ += d;
    return *this;
  }
  constexpr Timestamp& operator-=(Seconds d) {
    seconds_ -= d;
    return *this;
  }
  friend constexpr Timestamp operator+(Timestamp t, Seconds d) { return Timestamp(t.seconds_ + d); }
  friend constexpr Timestamp operator-(Timestamp t, Seconds d) { return Timestamp(t.seconds_ - d); }
  friend constexpr Seconds operator-(Timestamp a, Timestamp b) { return a.seconds_ - b.seconds_; }

 private:
  std::int64_t seconds_ = 0;
};

// A half-open span of instants [begin, end). end == Timestamp::max() means "open-ended".
struct TimeInterval {
  Timestamp begin;
  Timestamp end;

  constexpr bool contains(Timestamp t) const { return begin <= t && t < end; }
  constexpr bool operator==(const TimeInterval&) const = default;
};

// A calendar date (proleptic Gregorian), with no zone attached.
struct CivilDate {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..days_in_month

  constexpr auto operator<=>(const CivilDate&) const = default;
};

// True for Gregorian leap years.
constexpr bool is_leap_year(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// Number of days in the month (month 1..12), 0 for an invalid month.
constexpr int days_in_month(int year, int month) {
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) return 0;
  return month == 2 && is_leap_year(year) ? 29 : kDays[month - 1];
}

// True when the date names a real calendar day (years 0..9999 only).
constexpr bool is_valid(CivilDate d) {
  return d.year >= 0 && d.year <= 9999 && d.day >= 1 && d.day <= days_in_month(d.year, d.month);
}

// Days from 1970-01-01 to the date (negative before it). The date must be valid.
constexpr std::int64_t days_from_civil(CivilDate d) {
  // Count in 400-year eras starting on 1 March, so the leap day is the era's last day.
  const std::int64_t y = static_cast<std::int64_t>(d.year) - (d.month <= 2 ? 1 : 0);
  const std::int64_t era = floor_div(y, 400);
  const std::int64_t year_of_era = y - era * 400;                                 // 0..399
  const std::int64_t month_from_march = (d.month + 9) % 12;                       // Mar=0 .. Feb=11
  const std::int64_t day_of_year = (153 * month_from_march + 2) / 5 + d.day - 1;  // 0..365
  const std::int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;  // 719468 = days from 0000-03-01 to 1970-01-01
}

// The date that is `n` days after 1970-01-01 (inverse of days_from_civil).
constexpr CivilDate civil_from_days(std::int64_t n) {
  const std::int64_t z = n + 719468;
  const std::int64_t era = floor_div(z, 146097);
  const std::int64_t day_of_era = z - era * 146097;  // 0..146096
  const std::int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const std::int64_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const std::int64_t month_from_march = (5 * day_of_year + 2) / 153;
  const int day = static_cast<int>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
  const int month =
      static_cast<int>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  const int year = static_cast<int>(year_of_era + era * 400 + (month <= 2 ? 1 : 0));
  return CivilDate{year, month, day};
}

// Day of the week, 0 = Sunday .. 6 = Saturday.
constexpr int weekday(CivilDate d) {
  return static_cast<int>(floor_mod(days_from_civil(d) + 4, 7));  // 1970-01-01 was a Thursday
}

// The date `n` days later (earlier for negative n).
constexpr CivilDate add_days(CivilDate d, std::int64_t n) {
  return civil_from_days(days_from_civil(d) + n);
}

// Number of days from `from` to `to` (negative when `to` is earlier).
constexpr std::int64_t days_between(CivilDate from, CivilDate to) {
  return days_from_civil(to) - days_from_civil(from);
}

// The UTC calendar date of an instant.
constexpr CivilDate utc_date(Timestamp t) {
  return civil_from_days(floor_div(t.unix_seconds(), kSecondsPerDay));
}

// The instant 00:00:00 UTC of a date.
constexpr Timestamp utc_midnight(CivilDate d) { return Timestamp(days(days_from_civil(d))); }

// The instant of a UTC date and time of day (no validation; hour/minute/second may overflow).
constexpr Timestamp utc_instant(CivilDate d, int hour, int minute = 0, int second = 0) {
  return utc_midnight(d) + hour * kSecondsPerHour + minute * kSecondsPerMinute + second;
}

// RFC 3339 in UTC with a 'Z' suffix and no fraction: "2024-03-31T01:00:00Z".
// Instants outside years 0000..9999 are clamped to that range's ends.
std::string format_rfc3339(Timestamp t);

// Reads an RFC 3339 date-time ("2024-03-31T02:00:00+01:00", "...Z", 't'/'z'/' ' accepted).
// A fractional part is accepted and truncated toward the earlier second; leap second 60 is
// rejected. Errors are kValidationError.
Result<Timestamp> parse_rfc3339(std::string_view text);

// "YYYY-MM-DD".
std::string format_date(CivilDate d);

// Reads "YYYY-MM-DD" strictly (a real calendar day); errors are kValidationError.
Result<CivilDate> parse_date(std::string_view text);

}  // namespace corrchess::game
