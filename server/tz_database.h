// Time zones of the tz database (IANA), read from the system's copy (Debian's tzdata, through
// Howard Hinnant's date library, libhowardhinnant-date-dev), as core's zones given by their
// history (core/game/time_zone.h). They are the zones a player's profile may name (PostgreSQL
// checks the name against the same database): mails and the digest hour follow them. The
// server's own zone and the rules keep core's presets (docs/rules.md 5).
#pragma once

#include <string_view>

#include "core/error.h"
#include "core/game/time_zone.h"

namespace corrchess::server {

// The zone `name` with its offsets from 1970 to 2100 (kept after the first lookup);
// kValidationError for a name the database does not hold, or when it cannot be read.
Result<game::TimeZone> tz_database_zone(std::string_view name);

}  // namespace corrchess::server
