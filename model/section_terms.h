// The records of db/section_terms.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time_control.h"

namespace corrchess::model {

struct SectionTerms {
  game::Variant variant = game::Variant::kStandard;
  bool allow_518 = false;
  game::TimeControl time_control = game::IccfStandard{};
  int leave_days_per_year = 45;
  game::EventRules rules;
  bool double_round = false;
  bool rated = true;

  bool operator==(const SectionTerms&) const = default;
};

}  // namespace corrchess::model
