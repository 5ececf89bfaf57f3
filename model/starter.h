// The competition starter's failed items (app/competition_items.h, migrations/0036): what a
// director reads at GET /api/v1/admin/competitions/failures. Plain data.
#pragma once

#include <cstdint>
#include <string>

#include "core/game/time.h"

namespace corrchess::model {

struct StarterFailure {
  // The kind of item and the id it is keyed by: "series_turn" (a series), "series_section"
  // (a section's event), "cup", "stage_close" and "stage_start" (a championship), "norms" (a
  // section's event).
  std::string kind;
  std::int64_t item_id = 0;
  std::string item;  // "championship 4: closing its finished stage"
  int failures = 0;  // in a row
  game::Timestamp failed_at;
  game::Timestamp retry_at;  // when the scheduler tries it again
  std::string error;         // why the last try failed

  bool operator==(const StarterFailure&) const = default;
};

}  // namespace corrchess::model
