#include "core/competition/starter.h"

namespace corrchess::competition {

game::Seconds starter_retry_delay(int failures) {
  game::Seconds delay = kFirstRetryDelay;
  for (int i = 1; i < failures && delay < kLongestRetryDelay; ++i) delay *= 2;
  return delay < kLongestRetryDelay ? delay : kLongestRetryDelay;
}

}  // namespace corrchess::competition
