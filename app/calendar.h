// The deadline calendar (docs/api.md "Calendar"): a private, revocable address per player
// whose iCalendar feed lists every deadline the server computes for them, computed afresh
// on each request: each ongoing game's flag instant (the running side's deadline after
// leave, or the silence rule's 40 days when that comes first), the adjudication claim window
// of each game awaiting adjudication, the start and end of each event they hold a seat in,
// and their leave periods. Only the SHA-256 of the address's token is stored (as bearer
// tokens, app/credentials.h). The HTTP adapter is api/calendar.cpp.
#pragma once

#include <optional>
#include <string>

#include "app/game_view.h"
#include "core/calendar/ical.h"
#include "core/error.h"
#include "model/calendar.h"
#include "model/users.h"

namespace corrchess::app {

// A new feed token for `user`, replacing the one they had (whose address stops working).
// Returned once: only its hash is kept.
Result<std::string> create_calendar_feed(GameDeps& deps, const model::User& user);
// Revokes `user`'s feed (nothing to do when they have none).
Result<void> revoke_calendar_feed(GameDeps& deps, const model::User& user);
// Whether `user` has a feed, and since when.
Result<std::optional<model::CalendarFeed>> calendar_feed(GameDeps& deps, const model::User& user);

// The calendar of the feed whose token is `token`, its links under `base_url`
// ("https://host"). kNotFound for an unknown or revoked token.
Result<ical::Calendar> deadline_calendar(GameDeps& deps, const std::string& token,
                                         const std::string& base_url);

}  // namespace corrchess::app
