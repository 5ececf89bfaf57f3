#include <gtest/gtest.h>

#include "core/game/time.h"
#include "core/game/time_zone.h"

namespace corrchess::game {
namespace {

Timestamp at(std::string_view rfc3339) { return parse_rfc3339(rfc3339).value(); }

TEST(CivilDate, KnownEpochDays) {
  EXPECT_EQ(days_from_civil({1970, 1, 1}), 0);
  EXPECT_EQ(days_from_civil({2024, 1, 1}) * kSecondsPerDay, 1704067200);
  EXPECT_EQ(days_from_civil({2000, 3, 1}) * kSecondsPerDay, 951868800);
  EXPECT_EQ(days_from_civil({1969, 12, 31}), -1);
  EXPECT_EQ(civil_from_days(-1), (CivilDate{1969, 12, 31}));
}

TEST(CivilDate, RoundTripsEveryDayOverFourCenturies) {
  const std::int64_t first = days_from_civil({1800, 1, 1});
  const std::int64_t last = days_from_civil({2200, 12, 31});
  CivilDate expected{1800, 1, 1};
  for (std::int64_t n = first; n <= last; ++n) {
    const CivilDate d = civil_from_days(n);
    ASSERT_EQ(d, expected) << n;
    ASSERT_EQ(days_from_civil(d), n);
    ASSERT_TRUE(is_valid(d));
    // Step the expected date by hand.
    if (++expected.day > days_in_month(expected.year, expected.month)) {
      expected.day = 1;
      if (++expected.month > 12) {
        expected.month = 1;
        ++expected.year;
      }
    }
  }
}

TEST(CivilDate, LeapYearsAndWeekdays) {
  EXPECT_TRUE(is_leap_year(2000));
  EXPECT_FALSE(is_leap_year(1900));
  EXPECT_TRUE(is_leap_year(2024));
  EXPECT_EQ(days_in_month(2024, 2), 29);
  EXPECT_EQ(days_in_month(2023, 2), 28);
  EXPECT_FALSE(is_valid({2023, 2, 29}));
  EXPECT_EQ(weekday({1970, 1, 1}), 4);   // Thursday
  EXPECT_EQ(weekday({2024, 3, 31}), 0);  // Sunday
  EXPECT_EQ(add_days({2023, 12, 31}, 1), (CivilDate{2024, 1, 1}));
  EXPECT_EQ(days_between({2024, 2, 28}, {2024, 3, 1}), 2);
}

TEST(Rfc3339, FormatsUtcWithZ) {
  EXPECT_EQ(format_rfc3339(Timestamp(0)), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format_rfc3339(Timestamp(1704067200 + 3661)), "2024-01-01T01:01:01Z");
  EXPECT_EQ(format_rfc3339(Timestamp(-1)), "1969-12-31T23:59:59Z");
  // The ends of the range written (years 0000-9999), and instants beyond them clamped.
  EXPECT_EQ(format_rfc3339(Timestamp(-62167219200)), "0000-01-01T00:00:00Z");
  EXPECT_EQ(format_rfc3339(Timestamp(-62167219200 - 86400)), "0000-01-01T00:00:00Z");
  EXPECT_EQ(format_rfc3339(Timestamp(253402300799)), "9999-12-31T23:59:59Z");
  EXPECT_EQ(format_rfc3339(Timestamp(253402300799 + 1)), "9999-12-31T23:59:59Z");
  EXPECT_EQ(format_rfc3339(Timestamp(951782400 + 45296)), "2000-02-29T12:34:56Z");
  // Every second of a day and a day of every month of a leap year read back the same.
  for (std::int64_t t = 1704067200; t < 1704067200 + 86400; t += 7) {
    EXPECT_EQ(at(format_rfc3339(Timestamp(t))).unix_seconds(), t);
  }
  for (std::int64_t t = 1704067200; t < 1704067200 + 366 * 86400; t += 86400 + 3601) {
    EXPECT_EQ(at(format_rfc3339(Timestamp(t))).unix_seconds(), t);
  }
}

TEST(Rfc3339, ParsesOffsetsAndFractions) {
  EXPECT_EQ(at("2024-01-01T00:00:00Z").unix_seconds(), 1704067200);
  EXPECT_EQ(at("2024-01-01t00:00:00z").unix_seconds(), 1704067200);
  EXPECT_EQ(at("2024-01-01T01:00:00+01:00").unix_seconds(), 1704067200);
  EXPECT_EQ(at("2023-12-31T19:00:00-05:00").unix_seconds(), 1704067200);
  EXPECT_EQ(at("2024-01-01T00:00:00.999Z").unix_seconds(), 1704067200);
  EXPECT_EQ(format_rfc3339(at("2024-06-30T12:34:56Z")), "2024-06-30T12:34:56Z");
}

TEST(Rfc3339, RejectsMalformed) {
  for (std::string_view bad :
       {"", "2024-01-01", "2024-01-01T00:00:00", "2024-02-30T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T00:00:60Z", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00Zx",
        "2024-1-01T00:00:00Z", "2024-01-01T00:00:00.Z"}) {
    auto r = parse_rfc3339(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kValidationError);
  }
}

TEST(Dates, ParseAndFormat) {
  EXPECT_EQ(parse_date("2024-02-29").value(), (CivilDate{2024, 2, 29}));
  EXPECT_FALSE(parse_date("2023-02-29").has_value());
  EXPECT_FALSE(parse_date("2023-02-01x").has_value());
  EXPECT_EQ(format_date({987, 6, 5}), "0987-06-05");
}

TEST(TimeZone, NamedPresetsAndUnknownNames) {
  EXPECT_EQ(TimeZone().name(), "Europe/London");
  auto berlin = TimeZone::named("Europe/Berlin");
  ASSERT_TRUE(berlin.has_value());
  EXPECT_EQ(berlin->standard_offset(), 3600);
  EXPECT_EQ(berlin->dst_rule(), DstRule::kEu);
  auto ny = TimeZone::named("America/New_York");
  ASSERT_TRUE(ny.has_value());
  EXPECT_EQ(ny->standard_offset(), -5 * 3600);
  auto bad = TimeZone::named("Mars/Olympus_Mons");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kValidationError);
  for (std::string_view name : known_time_zones()) {
    EXPECT_TRUE(TimeZone::named(name).has_value()) << name;
  }
}

TEST(TimeZone, LondonSwitchesAtOneUtcOnLastSundays) {
  const TimeZone london;
  EXPECT_EQ(london.utc_offset(at("2024-03-31T00:59:59Z")), 0);
  EXPECT_EQ(london.utc_offset(at("2024-03-31T01:00:00Z")), 3600);
  EXPECT_EQ(london.utc_offset(at("2024-10-27T00:59:59Z")), 3600);
  EXPECT_EQ(london.utc_offset(at("2024-10-27T01:00:00Z")), 0);
  EXPECT_EQ(london.dst_interval(2025).begin, at("2025-03-30T01:00:00Z"));
  EXPECT_EQ(london.dst_interval(2025).end, at("2025-10-26T01:00:00Z"));
}

TEST(TimeZone, LondonDayLengthsAroundDst) {
  const TimeZone london;
  // Spring forward: 31 March 2024 has 23 hours.
  EXPECT_EQ(london.start_of_day({2024, 3, 31}), at("2024-03-31T00:00:00Z"));
  EXPECT_EQ(london.start_of_day({2024, 4, 1}), at("2024-03-31T23:00:00Z"));
  // Fall back: 27 October 2024 has 25 hours.
  EXPECT_EQ(london.start_of_day({2024, 10, 27}), at("2024-10-26T23:00:00Z"));
  EXPECT_EQ(london.start_of_day({2024, 10, 28}), at("2024-10-28T00:00:00Z"));
  const TimeInterval autumn = london.day_interval({2024, 10, 27});
  EXPECT_EQ(autumn.end - autumn.begin, 25 * 3600);
  // Local dates just around summer midnights.
  EXPECT_EQ(london.local_date(at("2024-07-01T22:59:59Z")), (CivilDate{2024, 7, 1}));
  EXPECT_EQ(london.local_date(at("2024-07-01T23:00:00Z")), (CivilDate{2024, 7, 2}));
  EXPECT_EQ(london.local_date(at("2024-01-01T23:59:59Z")), (CivilDate{2024, 1, 1}));
}

TEST(TimeZone, BerlinAndNewYork) {
  const TimeZone berlin = TimeZone::named("Europe/Berlin").value();
  EXPECT_EQ(berlin.start_of_day({2024, 1, 15}), at("2024-01-14T23:00:00Z"));
  EXPECT_EQ(berlin.start_of_day({2024, 7, 15}), at("2024-07-14T22:00:00Z"));
  const TimeZone ny = TimeZone::named("America/New_York").value();
  // 2024: 10 March 02:00 EST (07:00Z) to 3 November 02:00 EDT (06:00Z).
  EXPECT_EQ(ny.dst_interval(2024).begin, at("2024-03-10T07:00:00Z"));
  EXPECT_EQ(ny.dst_interval(2024).end, at("2024-11-03T06:00:00Z"));
  EXPECT_EQ(ny.start_of_day({2024, 3, 10}), at("2024-03-10T05:00:00Z"));
  EXPECT_EQ(ny.start_of_day({2024, 3, 11}), at("2024-03-11T04:00:00Z"));
  EXPECT_EQ(ny.local_date(at("2024-11-03T03:59:59Z")), (CivilDate{2024, 11, 2}));
  EXPECT_EQ(ny.local_date(at("2024-11-03T04:00:00Z")), (CivilDate{2024, 11, 3}));
}

TEST(TimeZone, EveryDayStartsAtLocalMidnightAndTilesTheYear) {
  for (std::string_view name : {"Europe/London", "Europe/Berlin", "America/New_York", "UTC"}) {
    const TimeZone zone = TimeZone::named(name).value();
    for (CivilDate d{2023, 12, 25}; d <= CivilDate{2025, 1, 5}; d = add_days(d, 1)) {
      const TimeInterval day = zone.day_interval(d);
      ASSERT_EQ(zone.local_date(day.begin), d) << name << " " << format_date(d);
      ASSERT_EQ(zone.local_date(day.end - 1), d) << name << " " << format_date(d);
      ASSERT_EQ(zone.local_date(day.begin - 1), add_days(d, -1)) << name;
      const Seconds len = day.end - day.begin;
      ASSERT_TRUE(len == 23 * 3600 || len == 24 * 3600 || len == 25 * 3600) << len;
    }
  }
}

// A zone given by its history (what server/tz_database.h reads from the tz database): Sydney
// in 2030, summer time (UTC+11) until 03:00 on 7 April, then UTC+10 until 02:00 on 6 October.
TimeZone sydney_2030() {
  return TimeZone("Australia/Sydney", {{at("2029-10-06T16:00:00Z"), 11 * 3600},
                                       {at("2030-04-06T16:00:00Z"), 10 * 3600},
                                       {at("2030-10-05T16:00:00Z"), 11 * 3600}});
}

TEST(TimeZone, AZoneGivenByItsHistoryHasASouthernSummer) {
  const TimeZone z = sydney_2030();
  EXPECT_EQ(z.utc_offset(at("2030-01-15T00:00:00Z")), 11 * 3600);
  EXPECT_EQ(z.utc_offset(at("2030-04-06T15:59:59Z")), 11 * 3600);
  EXPECT_EQ(z.utc_offset(at("2030-04-06T16:00:00Z")), 10 * 3600);
  EXPECT_EQ(z.utc_offset(at("2030-07-01T00:00:00Z")), 10 * 3600);
  EXPECT_EQ(z.utc_offset(at("2030-12-01T00:00:00Z")), 11 * 3600);
  EXPECT_EQ(z.utc_offset(at("2020-01-01T00:00:00Z")), 11 * 3600);  // before: the first offset
  EXPECT_EQ(z.local_date(at("2030-05-31T13:59:59Z")), (CivilDate{2030, 5, 31}));
  EXPECT_EQ(z.local_date(at("2030-05-31T14:00:00Z")), (CivilDate{2030, 6, 1}));
  EXPECT_EQ(z.start_of_day({2030, 6, 1}), at("2030-05-31T14:00:00Z"));
  // 7 April: 02:00 comes twice (first in summer time), the day has 25 hours.
  EXPECT_EQ(z.local_hour({2030, 4, 7}, 2), at("2030-04-06T15:00:00Z"));
  EXPECT_EQ(z.local_hour({2030, 4, 7}, 8), at("2030-04-06T22:00:00Z"));
  EXPECT_EQ(z.day_interval({2030, 4, 7}).end - z.day_interval({2030, 4, 7}).begin, 25 * 3600);
  // 6 October: 02:00 is skipped (the first instant after the gap reads 03:00), 23 hours.
  EXPECT_EQ(z.local_hour({2030, 10, 6}, 2), at("2030-10-05T16:00:00Z"));
  EXPECT_EQ(z.local_hour({2030, 10, 6}, 8), at("2030-10-05T21:00:00Z"));
  EXPECT_EQ(z.day_interval({2030, 10, 6}).end - z.day_interval({2030, 10, 6}).begin, 23 * 3600);
  // No rule-based summer interval for such a zone.
  EXPECT_TRUE(z.dst_interval(2030).begin == z.dst_interval(2030).end);
}

TEST(TimeZone, LocalHoursOfPresetsAndOfAQuarterHourZone) {
  // Kathmandu, UTC+05:45 all year: 08:00 is 02:15 UTC.
  const TimeZone kathmandu("Asia/Kathmandu", {{at("1986-01-01T00:00:00Z"), 5 * 3600 + 45 * 60}});
  EXPECT_EQ(kathmandu.local_hour({2030, 1, 8}, 8), at("2030-01-08T02:15:00Z"));
  EXPECT_EQ(kathmandu.start_of_day({2030, 1, 8}), at("2030-01-07T18:15:00Z"));
  // Berlin on its spring-forward day: 02:00 is skipped (01:00 UTC), 08:00 CEST is 06:00 UTC;
  // on its fall-back day 02:00 comes twice, the first in summer time (00:00 UTC).
  const TimeZone berlin = TimeZone::named("Europe/Berlin").value();
  EXPECT_EQ(berlin.local_hour({2030, 3, 31}, 2), at("2030-03-31T01:00:00Z"));
  EXPECT_EQ(berlin.local_hour({2030, 3, 31}, 8), at("2030-03-31T06:00:00Z"));
  EXPECT_EQ(berlin.local_hour({2030, 10, 27}, 2), at("2030-10-27T00:00:00Z"));
  EXPECT_EQ(berlin.local_hour({2030, 10, 27}, 8), at("2030-10-27T07:00:00Z"));
}

}  // namespace
}  // namespace corrchess::game
