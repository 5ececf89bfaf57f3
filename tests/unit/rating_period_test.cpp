// Rating periods (core/rating/period.h): months, ISO weeks and days, their keys, and the
// kinds of the CORRCHESS_RATING_PERIOD setting.
#include "core/rating/period.h"

#include <gtest/gtest.h>

namespace corrchess::rating {
namespace {

using game::CivilDate;

TEST(RatingPeriod, MonthsRunFromTheFirstToTheFirstOfTheNext) {
  const auto p = period_containing(CivilDate{2026, 12, 31}, PeriodKind::kMonth);
  EXPECT_EQ(p.first, (CivilDate{2026, 12, 1}));
  EXPECT_EQ(p.end, (CivilDate{2027, 1, 1}));
  EXPECT_EQ(period_key(p, PeriodKind::kMonth), "2026-12");
  const auto next = next_period(p, PeriodKind::kMonth);
  EXPECT_EQ(next.first, (CivilDate{2027, 1, 1}));
  EXPECT_EQ(next.end, (CivilDate{2027, 2, 1}));
}

TEST(RatingPeriod, WeeksAreIsoWeeksFromMonday) {
  // 2026-11-25 is a Wednesday in ISO week 48.
  const auto p = period_containing(CivilDate{2026, 11, 25}, PeriodKind::kWeek);
  EXPECT_EQ(p.first, (CivilDate{2026, 11, 23}));
  EXPECT_EQ(p.end, (CivilDate{2026, 11, 30}));
  EXPECT_EQ(period_key(p, PeriodKind::kWeek), "2026-W48");
  // 2027-01-01 (a Friday) belongs to week 53 of 2026.
  const auto turn = period_containing(CivilDate{2027, 1, 1}, PeriodKind::kWeek);
  EXPECT_EQ(period_key(turn, PeriodKind::kWeek), "2026-W53");
  // A week period that starts on another day (the period kind changed: the first week list
  // starts where the last monthly list ended) is named by the ISO week holding its first day:
  // Friday 1 January 2027 is in 2026-W53 (Monday 28 December to Sunday 3 January), so the
  // next full week, 2027-W01, keeps its own key; Sunday 1 March 2026 is in W09.
  const Period from_friday{CivilDate{2027, 1, 1}, CivilDate{2027, 1, 4}};
  EXPECT_EQ(period_key(from_friday, PeriodKind::kWeek), "2026-W53");
  EXPECT_EQ(period_key(next_period(from_friday, PeriodKind::kWeek), PeriodKind::kWeek), "2027-W01");
  EXPECT_EQ(period_key(Period{CivilDate{2026, 3, 1}, CivilDate{2026, 3, 2}}, PeriodKind::kWeek),
            "2026-W09");
  // 2024-12-30 (a Monday) starts week 1 of 2025.
  EXPECT_EQ(
      period_key(period_containing(CivilDate{2024, 12, 31}, PeriodKind::kWeek), PeriodKind::kWeek),
      "2025-W01");
}

TEST(RatingPeriod, DaysAreSingleDates) {
  const auto p = period_containing(CivilDate{2028, 2, 29}, PeriodKind::kDay);
  EXPECT_EQ(p.end, (CivilDate{2028, 3, 1}));
  EXPECT_EQ(period_key(p, PeriodKind::kDay), "2028-02-29");
}

TEST(RatingPeriod, KindsAndKeys) {
  EXPECT_EQ(parse_period_kind("week"), PeriodKind::kWeek);
  EXPECT_FALSE(parse_period_kind("quarter"));
  EXPECT_EQ(to_string(PeriodKind::kDay), "day");
  for (const char* key : {"2026-11", "2026-W48", "2026-11-25"}) {
    EXPECT_TRUE(looks_like_period_key(key)) << key;
  }
  for (const char* key : {"", "2026", "2026-1", "2026-W4x", "../etc", "2026-11-25x"}) {
    EXPECT_FALSE(looks_like_period_key(key)) << key;
  }
}

}  // namespace
}  // namespace corrchess::rating
