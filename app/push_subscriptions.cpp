#include "app/push_subscriptions.h"

#include "app/notifications.h"
#include "db/push_subscriptions.h"
#include "db/transaction.h"
#include "delivery/push_crypto.h"
#include "delivery/web_push.h"

namespace corrchess::app {

Result<std::string> push_public_key() {
  const auto& settings = notification_settings();
  if (!settings.push || settings.vapid_public_key.empty()) {
    return fail(ErrorCode::kPushNotConfigured,
                "Web Push is not configured on this server (no VAPID key)");
  }
  return settings.vapid_public_key;
}

Result<model::PushSubscription> add_push_subscription(Database& pool, const model::User& user,
                                                      const PushSubscriptionRequest& request) {
  TRY(push_public_key());
  TRY_LET(endpoint, delivery::normalize_push_endpoint(request.endpoint));
  const auto p256dh = delivery::base64url_decode(request.p256dh);
  if (!p256dh || p256dh->size() != delivery::kP256PublicKeySize ||
      !delivery::valid_p256_public_key(*p256dh)) {
    return fail(ErrorCode::kValidationError,
                "keys.p256dh must be the base64url of an uncompressed P-256 point (65 bytes)");
  }
  const auto auth = delivery::base64url_decode(request.auth);
  if (!auth || auth->size() != delivery::kPushAuthSecretSize) {
    return fail(ErrorCode::kValidationError, "keys.auth must be the base64url of 16 bytes");
  }
  // Stored in the canonical spelling (the decoded bytes encoded again).
  const auto p256dh_text = delivery::base64url_encode(*p256dh);
  const auto auth_text = delivery::base64url_encode(*auth);
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<model::PushSubscription> {
    if (db::count_push_subscriptions(tx, user.id, *endpoint) >= kMaxPushSubscriptionsPerUser) {
      return fail(ErrorCode::kConflict,
                  "at most " + std::to_string(kMaxPushSubscriptionsPerUser) + " devices per user");
    }
    return db::store_push_subscription(tx, user.id, *endpoint, p256dh_text, auth_text);
  });
}

Result<std::vector<model::PushSubscription>> list_push_subscriptions(Database& pool,
                                                                     const model::User& user) {
  return db::in_transaction(pool,
                            [&](pqxx::work& tx) -> Result<std::vector<model::PushSubscription>> {
                              return db::push_subscriptions_of(tx, user.id);
                            });
}

Result<void> delete_push_subscription(Database& pool, const model::User& user, std::int64_t id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::delete_push_subscription(tx, user.id, id)) {
      return fail(ErrorCode::kNotFound, "no push subscription " + std::to_string(id));
    }
    return {};
  });
}

}  // namespace corrchess::app
