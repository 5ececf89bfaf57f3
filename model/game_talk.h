// The records of db/game_talk.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/talk.h"
#include "core/game/time.h"

namespace corrchess::model {

// One message of a game's thread: carried by a move (ply set) or written after the end.
struct ThreadMessage {
  std::optional<int> ply;
  std::string author;  // username
  std::string text;
  game::Timestamp at;
};

struct Note {
  std::string text;
  game::Timestamp updated_at;
};

}  // namespace corrchess::model
