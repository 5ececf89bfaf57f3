// The crosstable of an event section from its stored players and games (rules.md §5), and
// its norm lines (rules.md 6.12).
#pragma once

#include <vector>

#include "core/competition/norms.h"
#include "core/error.h"
#include "core/game/crosstable.h"
#include "model/events.h"

namespace corrchess::app {

// The crosstable of a section: one row per seat (its current occupant; a replaced player
// steps aside), the games by seat; annulled games do not count.
Result<game::Crosstable> section_crosstable(const std::vector<model::EventPlayer>& players,
                                            const std::vector<model::EventGame>& games);

// The category and norm lines of a section (rules.md 6.12), the seed indexes those of
// section_crosstable: each seat's occupant counts at the rating they brought to the section
// (EventPlayer::start_rating), every game as the crosstable counts it. The caller decides
// whether the section is one norms are shown for (a rated event that has started).
Result<competition::NormSection> section_norms(const std::vector<model::EventPlayer>& players,
                                               const std::vector<model::EventGame>& games,
                                               const competition::NormRules& rules);

}  // namespace corrchess::app
