// Users' notification preferences (notification_prefs) and the server's signing secret for
// unsubscribe links (notification_secret), shared by every instance.
#pragma once

#include <cstdint>
#include <string>

#include <pqxx/pqxx>

#include "core/notify/notify.h"

namespace corrchess::db {

// The user's preferences, the defaults when none are stored.
notify::Preferences load_preferences(pqxx::work& tx, std::int64_t user_id);
// Stores the user's preferences (checked by the caller).
void save_preferences(pqxx::work& tx, std::int64_t user_id, const notify::Preferences& prefs);
// Switches one kind off on one channel (one-click unsubscribe).
void disable_notification(pqxx::work& tx, std::int64_t user_id, notify::Kind kind,
                          notify::Channel channel);

// The signing secret: the stored one, or `fresh` (>= 32 random bytes) stored now when none
// exists yet (the first instance to ask wins).
std::string notification_secret(pqxx::work& tx, const std::string& fresh);

}  // namespace corrchess::db
