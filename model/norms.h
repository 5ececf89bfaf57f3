// The records of db/norms.h: the norms players reached in sections that are over and the
// titles awarded (rules.md 6.12). Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <string>

#include "core/game/time.h"

namespace corrchess::model {

// One norm a player reached in a section (a GM norm is stored as GM, SIM and IM).
struct NormRecord {
  std::int64_t user_id = 0;
  std::int64_t event_id = 0;
  std::string event_name;  // filled by the reads
  std::string title;       // "GM", "SIM", "IM", "LGM", "LIM"
  int games = 0;           // the countable games of the section
  int performance = 0;
  int category = 0;  // the player's own (of the opponents' average)
  game::Timestamp recorded_at;
};

struct AwardedTitle {
  std::string title;
  game::Timestamp awarded_at;
};

}  // namespace corrchess::model
