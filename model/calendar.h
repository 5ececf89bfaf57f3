// The records of db/calendar_feeds.h: what the deadline calendar reads besides the games
// themselves. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game/time.h"

namespace corrchess::model {

// An event (section) the player holds a seat in, with its dates.
struct CalendarEventDates {
  std::int64_t id = 0;
  std::string name;
  game::Timestamp start_at;
  std::optional<game::Timestamp> end_at;
  game::Timestamp modified;  // the last change of the event (its creation, or a director's)
  int revision = 0;          // how often its start or end date moved
};

// A game of the player awaiting adjudication: since when (its claims are due
// app::kAdjudicationClaimWindow later).
struct CalendarAdjudication {
  std::int64_t game_id = 0;
  std::int64_t event_id = 0;
  std::string event_name;
  game::Timestamp pending_since;
};

// The player's feed, as stored (the token itself is never stored).
struct CalendarFeed {
  game::Timestamp created_at;
};

}  // namespace corrchess::model
