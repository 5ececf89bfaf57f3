// How long someone must wait, in words a person reads at a glance ("45 seconds",
// "9 minutes", "23 hours"): the detail of a refusal that says when to come back (its
// retry_after_seconds member keeps the exact number).
#pragma once

#include <string>

#include "core/game/time.h"

namespace corrchess::game {

// Rounded up to the unit shown: under two minutes in seconds, under two hours in minutes,
// else in hours.
std::string wait_text(Seconds wait);

}  // namespace corrchess::game
