// The entry bar after time-forfeit losses (rules.md §5.6): a player who loses a game on time
// may not enter new events for 30 days from that loss, or 90 days when the loss came while
// the player was already barred. A pure function of the stored losses.
#pragma once

#include <optional>
#include <span>

#include "core/game/time.h"

namespace corrchess::game {

inline constexpr Seconds kEntryBarFirst = days(30);
inline constexpr Seconds kEntryBarRepeated = days(90);

// The instant the bar ends after the given time-forfeit losses (in any order), nullopt when
// there are none. The player is barred at t when t < the returned instant.
std::optional<Timestamp> entry_barred_until(std::span<const Timestamp> time_forfeit_losses);

}  // namespace corrchess::game
