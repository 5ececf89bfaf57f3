// The terms every game of a competition's sections is played under (series and
// championships; rules.md 6.8, 6.9): variant, the Chess960 draw, time control, leave days,
// the game rules, double round, whether the games are rated, the sections' playing period and
// automatic adjudication. Stored as the same columns
// in each competition's table, read here once.
#pragma once

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time_control.h"
#include "model/section_terms.h"

namespace corrchess::db {

// The records of model/section_terms.h under their db/ names.
using model::SectionTerms;

// The terms' columns for a SELECT list, in the order section_terms_from_row reads them.
inline constexpr const char* kSectionTermsColumns =
    "variant, allow_518, time_control::text, leave_days_per_year, draw_min_moves, "
    "ten_moves_rule, silence_rule, messages_allowed, double_round, rated, section_days, "
    "auto_adjudicate";
inline constexpr int kSectionTermsColumnCount = 12;

// The terms from kSectionTermsColumns starting at column `first` of `row`.
Result<SectionTerms> section_terms_from_row(const pqxx::row& row, int first);

}  // namespace corrchess::db
