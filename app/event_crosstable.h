// The crosstable of an event section from its stored players and games (rules.md §5).
#pragma once

#include <vector>

#include "core/error.h"
#include "core/game/crosstable.h"
#include "model/events.h"

namespace corrchess::app {

// The crosstable of a section: one row per seat (its current occupant; a replaced player
// steps aside), the games by seat; annulled games do not count.
Result<game::Crosstable> section_crosstable(const std::vector<model::EventPlayer>& players,
                                            const std::vector<model::EventGame>& games);

}  // namespace corrchess::app
