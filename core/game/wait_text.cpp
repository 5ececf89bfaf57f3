#include "core/game/wait_text.h"

namespace corrchess::game {

std::string wait_text(Seconds wait) {
  const auto up = [&](Seconds unit) { return (wait + unit - 1) / unit; };
  if (wait < 2 * kSecondsPerMinute) {
    return std::to_string(wait) + (wait == 1 ? " second" : " seconds");
  }
  if (wait < 2 * kSecondsPerHour) return std::to_string(up(kSecondsPerMinute)) + " minutes";
  return std::to_string(up(kSecondsPerHour)) + " hours";
}

}  // namespace corrchess::game
