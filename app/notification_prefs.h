// The notification preferences of GET/PUT /api/v1/me/notifications (kinds x channels,
// reminder times, digest hour; the time zone and address come from the profile), and the
// admin view of deliveries that were given up.
#pragma once

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "db/outbox.h"
#include "db/pool.h"
#include "db/users.h"

namespace corrchess::app {

// {"channels": {"email": {kind: bool}, "webhook": {...}}, "reminder_hours_before": [...],
//  "digest_hour": int|null, "time_zone": ..., "email": ...}
Result<nlohmann::json> notification_preferences(db::Pool& pool, const db::User& user);

// Replaces the preferences from a body of the same shape (time_zone and email are ignored:
// they belong to PATCH /me). Kinds missing from a channel are on. kValidationError names
// the bad member. Returns the stored preferences.
Result<nlohmann::json> replace_notification_preferences(db::Pool& pool, const db::User& user,
                                                        const nlohmann::json& body);

// A delivery as the API shows it: {id, channel, kind, user_id, game_id, status, due_at,
// attempts, last_error, finished_at}.
nlohmann::json delivery_json(const db::DeliveryView& d);

// Admins only (kForbidden otherwise): the newest `limit` deliveries given up.
Result<nlohmann::json> failed_notifications(db::Pool& pool, const db::User& user, int limit);

}  // namespace corrchess::app
