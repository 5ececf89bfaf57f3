// An in-transaction step of the event workflows (app-internal: api/ does not include it).
#pragma once

#include <cstdint>

#include <pqxx/pqxx>

#include "core/error.h"
#include "model/users.h"

namespace corrchess::app {

// A director replaces the player of seat `seat` of event `event_id` by `replacement` (rules.md
// 6.6): when the event is a board of an Olympiad, the replacement plays for the team of that
// seed, so they must be a member of it and play no other board of the Olympiad (rules.md
// 6.11); the Olympiad then lists them on that board. kValidationError otherwise; nothing for
// an event outside every Olympiad.
Result<void> replace_olympiad_player(pqxx::work& tx, std::int64_t event_id, int seat,
                                     const model::User& replacement);

}  // namespace corrchess::app
