// The competition starter's retries (app/competition_items.h): an item of the starter (a
// series' turn, a section to close, a cup's advance, a championship's stage to close or to
// start, a section's norms) that fails is rolled back and waits before the scheduler tries
// it again, longer after every failure in a row. Pure arithmetic; worked examples in
// tests/unit/starter_test.cpp.
#pragma once

#include "core/game/time.h"

namespace corrchess::competition {

// The first wait after a failure, and the longest.
inline constexpr game::Seconds kFirstRetryDelay = 60;
inline constexpr game::Seconds kLongestRetryDelay = 6 * 3600;

// How long an item that has now failed `failures` times in a row waits before the
// scheduler tries it again: a minute after the first failure, doubling with every further
// one (2, 4, 8, ... minutes), never more than six hours (from the tenth failure on). At
// least the first delay for `failures` below 1.
game::Seconds starter_retry_delay(int failures);

}  // namespace corrchess::competition
