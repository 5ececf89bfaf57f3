#include "core/rating/period.h"

#include <cstdio>

namespace corrchess::rating {

using game::CivilDate;

Result<PeriodKind> parse_period_kind(std::string_view text) {
  if (text == "month") return PeriodKind::kMonth;
  if (text == "week") return PeriodKind::kWeek;
  if (text == "day") return PeriodKind::kDay;
  return fail(ErrorCode::kValidationError, "a rating period is month, week or day");
}

std::string_view to_string(PeriodKind kind) {
  switch (kind) {
    case PeriodKind::kMonth: return "month";
    case PeriodKind::kWeek: return "week";
    case PeriodKind::kDay: return "day";
  }
  return "month";
}

Period period_containing(CivilDate date, PeriodKind kind) {
  switch (kind) {
    case PeriodKind::kMonth: {
      const CivilDate first{date.year, date.month, 1};
      const CivilDate end = date.month == 12 ? CivilDate{date.year + 1, 1, 1}
                                             : CivilDate{date.year, date.month + 1, 1};
      return {first, end};
    }
    case PeriodKind::kWeek: {
      // weekday(): 0 = Sunday; ISO weeks start on Monday.
      const int since_monday = (game::weekday(date) + 6) % 7;
      const CivilDate first = game::add_days(date, -since_monday);
      return {first, game::add_days(first, 7)};
    }
    case PeriodKind::kDay: return {date, game::add_days(date, 1)};
  }
  return {date, game::add_days(date, 1)};
}

Period next_period(const Period& period, PeriodKind kind) {
  return period_containing(period.end, kind);
}

std::string period_key(const Period& period, PeriodKind kind) {
  char text[32];
  const auto& d = period.first;
  switch (kind) {
    case PeriodKind::kMonth: std::snprintf(text, sizeof text, "%04d-%02d", d.year, d.month); break;
    case PeriodKind::kWeek: {
      // The ISO week that holds the first day (a period after a change of the period kind
      // may start on any weekday: it starts where the last list ended). The week belongs to
      // the year of its Thursday.
      const int since_monday = (game::weekday(d) + 6) % 7;
      const CivilDate thursday = game::add_days(d, 3 - since_monday);
      const int week =
          static_cast<int>(game::days_between(CivilDate{thursday.year, 1, 1}, thursday)) / 7 + 1;
      std::snprintf(text, sizeof text, "%04d-W%02d", thursday.year, week);
      break;
    }
    case PeriodKind::kDay:
      std::snprintf(text, sizeof text, "%04d-%02d-%02d", d.year, d.month, d.day);
      break;
  }
  return text;
}

bool looks_like_period_key(std::string_view text) {
  const auto digits = [&](std::size_t from, std::size_t count) {
    if (text.size() < from + count) return false;
    for (std::size_t i = from; i < from + count; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
    }
    return true;
  };
  if (text.size() == 7) return digits(0, 4) && text[4] == '-' && digits(5, 2);
  if (text.size() == 8) return digits(0, 4) && text[4] == '-' && text[5] == 'W' && digits(6, 2);
  if (text.size() == 10) {
    return digits(0, 4) && text[4] == '-' && digits(5, 2) && text[7] == '-' && digits(8, 2);
  }
  return false;
}

}  // namespace corrchess::rating
