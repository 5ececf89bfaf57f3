// Resuming a user's live events (docs/api.md "Live events"), transport-neutral: the
// WebSocket and the ndjson stream (server/live_session.h) read pages through here.
#pragma once

#include <cstdint>
#include <optional>

#include "app/handles.h"
#include "core/error.h"
#include "model/live_events.h"

namespace corrchess::app {

// How many stored messages one read returns; a client further behind reads again.
inline constexpr int kLiveEventPage = 100;

// The user's live messages numbered above `since` (at most kLiveEventPage), or without
// `since` only the newest number (db::user_events_after).
Result<model::UserEventPage> live_events_after(Database& pool, std::int64_t user_id,
                                               std::optional<std::int64_t> since);

}  // namespace corrchess::app
