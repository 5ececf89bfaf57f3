#include "app/notification_prefs.h"

#include "app/notifications.h"
#include "db/server_clock.h"

#include "db/account_tokens.h"
#include "db/notification_prefs.h"
#include "db/outbox.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

NotificationPreferences with_profile(pqxx::work& tx, notify::Preferences prefs,
                                     const model::User& user) {
  return {std::move(prefs), db::profile_settings(tx, user.id).time_zone, user.email,
          db::email_verified(tx, user.id)};
}

}  // namespace

Result<NotificationPreferences> notification_preferences(Database& pool, const model::User& user) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<NotificationPreferences> {
    return with_profile(tx, db::load_preferences(tx, user.id), user);
  });
}

Result<NotificationPreferences> replace_notification_preferences(Database& pool, ServerClock& clock,
                                                                 const model::User& user,
                                                                 const notify::Preferences& prefs) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<NotificationPreferences> {
    const auto before = db::load_preferences(tx, user.id).digest_hour;
    db::save_preferences(tx, user.id, prefs);
    if (prefs.digest_hour != before) {
      reschedule_digest(tx, user.id, prefs.digest_hour, clock.now(tx));
    }
    return with_profile(tx, prefs, user);
  });
}

Result<std::vector<model::DeliveryView>> failed_notifications(Database& pool,
                                                              const model::User& user, int limit) {
  if (user.role != "admin") return fail(ErrorCode::kForbidden, "only admins see failed deliveries");
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::vector<model::DeliveryView>> {
    return db::failed_deliveries(tx, limit);
  });
}

}  // namespace corrchess::app
