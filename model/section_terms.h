// The records of db/section_terms.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <optional>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time_control.h"

namespace corrchess::model {

// The longest playing period of a section, section_days (ten years).
inline constexpr int kMaxSectionDays = 3650;

struct SectionTerms {
  game::Variant variant = game::Variant::kStandard;
  bool allow_518 = false;
  game::TimeControl time_control = game::IccfStandard{};
  int leave_days_per_year = 45;
  game::EventRules rules;
  bool double_round = false;
  bool rated = true;
  // Each section's event ends this many days after it starts (rules.md 6.5); none: no end.
  std::optional<int> section_days;
  bool auto_adjudicate = false;  // the sections' events' setting (rules.md 6.5)

  bool operator==(const SectionTerms&) const = default;
};

}  // namespace corrchess::model
