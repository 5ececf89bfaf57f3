// The records of db/archive.h: which of a player's games the archive
// (GET /api/v1/users/{username}/games) reads. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game/facts.h"
#include "core/game/time.h"

namespace corrchess::model {

// A player's result in a finished game.
enum class ArchiveResult { kWin, kLoss, kDraw };

// The games of `player_id` that match every filter set (none: any).
struct ArchiveFilter {
  std::int64_t player_id = 0;
  std::optional<game::Timestamp> since;  // started at or after
  std::optional<game::Timestamp> until;  // started before
  std::optional<std::int64_t> opponent_id;
  std::optional<game::Color> color;  // the colour the player had
  std::optional<ArchiveResult> result;
  std::optional<std::int64_t> event_id;
  std::optional<bool> rated;    // rated by the rules of docs/ratings.md (event, challenge)
  std::optional<bool> ongoing;  // not over (true) or over (false)
};

}  // namespace corrchess::model
