// The notification preferences of a user (kinds x channels, reminder times, digest hour; the
// time zone and address come from the profile), and the admin view of deliveries that were
// given up. Transport-neutral; the HTTP adapter (and JSON) is api/notifications.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/notify/notify.h"
#include "model/outbox.h"
#include "model/users.h"

namespace corrchess::app {

// A user's preferences with what the profile adds to them.
struct NotificationPreferences {
  notify::Preferences prefs;
  std::optional<std::string> time_zone;
  std::optional<std::string> email;
  bool email_verified = false;
};

// `user`'s stored preferences.
Result<NotificationPreferences> notification_preferences(Database& pool, const model::User& user);

// Replaces `user`'s preferences by `prefs` (already checked by notify::checked_reminder_offsets
// and the parser of the transport); returns them as stored. A changed digest hour moves the
// items already waiting for the digest: to the next such hour, or (no digest) out at once.
Result<NotificationPreferences> replace_notification_preferences(Database& pool, ServerClock& clock,
                                                                 const model::User& user,
                                                                 const notify::Preferences& prefs);

// Admins only (kForbidden otherwise): the newest `limit` deliveries given up.
Result<std::vector<model::DeliveryView>> failed_notifications(Database& pool,
                                                              const model::User& user, int limit);

}  // namespace corrchess::app
