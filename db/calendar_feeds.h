// The players' calendar feeds in PostgreSQL (table calendar_feeds,
// migrations/0030_calendar_feeds.sql): the SHA-256 of each player's feed token. What the
// feed shows is decided in app/ (app/calendar.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/calendar.h"

namespace corrchess::db {

// The records of model/calendar.h under their db/ names.
using model::CalendarAdjudication;
using model::CalendarEventDates;
using model::CalendarFeed;

// Sets the feed token of `user_id` (hex SHA-256), replacing the one it had.
void store_calendar_feed(pqxx::work& tx, std::int64_t user_id, const std::string& token_hash,
                         game::Timestamp at);
// Removes the feed of `user_id`; false when it had none.
bool delete_calendar_feed(pqxx::work& tx, std::int64_t user_id);
// The feed of `user_id`, if any.
std::optional<CalendarFeed> calendar_feed_of(pqxx::work& tx, std::int64_t user_id);
// The user whose feed token has `token_hash`, if any.
std::optional<std::int64_t> calendar_feed_owner(pqxx::work& tx, const std::string& token_hash);

// The events in which `user_id` holds an active seat, by start.
std::vector<CalendarEventDates> calendar_events_of(pqxx::work& tx, std::int64_t user_id);
// The games of `user_id` awaiting adjudication, by id.
std::vector<CalendarAdjudication> calendar_adjudications_of(pqxx::work& tx, std::int64_t user_id);

}  // namespace corrchess::db
