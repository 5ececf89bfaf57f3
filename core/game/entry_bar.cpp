#include "core/game/entry_bar.h"

#include <algorithm>
#include <vector>

namespace corrchess::game {

std::optional<Timestamp> entry_barred_until(std::span<const Timestamp> time_forfeit_losses) {
  std::vector<Timestamp> losses(time_forfeit_losses.begin(), time_forfeit_losses.end());
  std::ranges::sort(losses);
  std::optional<Timestamp> until;
  for (const Timestamp loss : losses) {
    const bool barred = until && loss < *until;
    const Timestamp end = loss + (barred ? kEntryBarRepeated : kEntryBarFirst);
    until = until ? std::max(*until, end) : end;
  }
  return until;
}

}  // namespace corrchess::game
