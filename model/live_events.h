// The records of db/live_events.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/game/game_change.h"

namespace corrchess::model {

struct UserEvent {
  std::int64_t seq = 0;
  std::string message;  // the JSON object as stored (without its number)
};

// What a client that last saw number `since` has missed.
struct UserEventPage {
  std::vector<UserEvent> events;  // numbers above `since`, ascending, contiguous
  std::int64_t last_seq = 0;      // the user's newest number when read
  bool missed = false;            // `since` is older than what is kept, or newer than last_seq
};

}  // namespace corrchess::model
