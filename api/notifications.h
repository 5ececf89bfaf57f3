// HTTP routes of notifications (docs/api.md "Notifications"): the user's preferences
// (GET/PUT /api/v1/me/notifications), the one-click unsubscribe of the mails
// (GET shows a confirmation form, POST unsubscribes: RFC 8058), and the admin view of
// deliveries given up.
#pragma once

#include <nlohmann/json.hpp>

#include "api/router.h"
#include "app/handles.h"
#include "app/notification_prefs.h"
#include "core/error.h"
#include "core/notify/notify.h"

namespace corrchess::api {

void add_notification_routes(Router& router, app::Database& pool, app::ServerClock& clock);

// The body of PUT /me/notifications: `channels` ({channel: {kind: bool}}),
// `reminder_hours_before` (whole hours) and `digest_hour` (0-23 or null); kValidationError
// for anything else. Fields left out keep the defaults.
Result<notify::Preferences> parse_preferences(const nlohmann::json& body);
// The answer of GET /me/notifications: every channel with every kind, the reminder hours,
// the digest hour, time zone and e-mail address; parse_preferences reads its preferences back.
nlohmann::json preferences_json(const app::NotificationPreferences& p);

}  // namespace corrchess::api
