// The records of db/game_schedule.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/game/time.h"

namespace corrchess::model {

// Which live games a read is about to count: those of a user, of an event, or one game.
struct GameScope {
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> event_id;
  std::optional<std::int64_t> game_id = std::nullopt;  // one game only
};

}  // namespace corrchess::model
