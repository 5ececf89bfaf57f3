// The records of db/event_messages.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/facts.h"

namespace corrchess::model {

// A player of event `event_id` gave their seat in game `game_id` (side `side`) to a
// replacement.
struct PlayerReplaced {
  std::int64_t game_id = 0;
  std::int64_t event_id = 0;
  game::Color side = game::Color::kWhite;
  std::string player;       // username
  std::string replacement;  // username
  std::string reason;
};

// A change of a series entry or section for its player (docs/api.md "Series"): `type` is
// "series_section_started" (with event_id and section), "series_entry_expired",
// "series_entry_removed" (with reason) or "promotion_credit" (with event_id, place and
// expires_at).
struct SeriesMessage {
  std::string type;
  std::int64_t series_id = 0;
  std::string series_name;
  std::optional<std::int64_t> entry_id;
  std::optional<std::int64_t> event_id;
  std::optional<int> section;
  std::optional<int> place;
  std::optional<game::Timestamp> expires_at;
  std::optional<std::string> reason;
};

// A player qualified from a stage of a championship (docs/api.md "Championships").
struct QualifiedMessage {
  std::int64_t championship_id = 0;
  std::string championship_name;
  int stage = 0;
  std::string stage_name;
  int place = 0;
  bool runner_up = false;
};

// News of an event for its players (docs/api.md "Live events"): `type` "event_cancelled"
// (with the director's reason) or "event_dates_changed" (the start and the end of play as
// they now are; the reason may be empty).
struct EventNews {
  std::string type;
  std::int64_t event_id = 0;
  std::string event_name;
  std::string reason;
  game::Timestamp start_at;
  std::optional<game::Timestamp> end_at;  // none: no end date
};

}  // namespace corrchess::model
