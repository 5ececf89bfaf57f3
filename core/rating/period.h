// Rating periods: calendar months, ISO weeks (Monday to Sunday) or days, as local dates of the
// server's zone. A period is named by a stable key: "2026-11" (month), "2026-W48" (week),
// "2026-11-25" (day).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::rating {

enum class PeriodKind { kMonth, kWeek, kDay };

// "month", "week" or "day"; anything else fails with kValidationError.
Result<PeriodKind> parse_period_kind(std::string_view text);
std::string_view to_string(PeriodKind kind);

// The local dates [first, end) of one period.
struct Period {
  game::CivilDate first;
  game::CivilDate end;  // the first day after the period

  bool operator==(const Period&) const = default;
};

// The period of this kind that holds the date.
Period period_containing(game::CivilDate date, PeriodKind kind);
// The period right after `period` (of this kind, starting on period.end).
Period next_period(const Period& period, PeriodKind kind);
// The period's key ("2026-11", "2026-W48" or "2026-11-25").
std::string period_key(const Period& period, PeriodKind kind);
// Whether the text is shaped like a period key of any kind (for validating paths).
bool looks_like_period_key(std::string_view text);

}  // namespace corrchess::rating
