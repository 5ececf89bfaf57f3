// Web Push subscriptions (docs/api.md "Web Push"): the server's VAPID public key for the
// browsers, and each user's devices (a browser's PushSubscription), added, listed and
// removed. What is pushed to them is decided with the mails (app/notifications.cpp) and
// sent by the delivery worker (app/notification_delivery.cpp). Transport-neutral; the HTTP
// adapter (and JSON) is api/push.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "model/push.h"
#include "model/users.h"

namespace corrchess::app {

// Most devices one user may subscribe.
inline constexpr int kMaxPushSubscriptionsPerUser = 20;

// The VAPID public key (base64url of the uncompressed P-256 point); kPushNotConfigured when
// the server has no VAPID key.
Result<std::string> push_public_key();

// A browser's subscription as PushSubscription.toJSON() gives it.
struct PushSubscriptionRequest {
  std::string endpoint;
  std::string p256dh;  // base64url, 65 bytes: an uncompressed P-256 point
  std::string auth;    // base64url, 16 bytes
};
// Subscribes a device of `user` (the same endpoint again replaces its keys).
// kPushNotConfigured without VAPID keys; kValidationError for an endpoint that is not https
// (plain http only to loopback hosts) or keys of the wrong length or not on the curve;
// kConflict beyond kMaxPushSubscriptionsPerUser.
Result<model::PushSubscription> add_push_subscription(Database& pool, const model::User& user,
                                                      const PushSubscriptionRequest& request);
// `user`'s devices, oldest first.
Result<std::vector<model::PushSubscription>> list_push_subscriptions(Database& pool,
                                                                     const model::User& user);
// kNotFound unless `user` has subscription `id`; its pending pushes are dropped with it.
Result<void> delete_push_subscription(Database& pool, const model::User& user, std::int64_t id);

}  // namespace corrchess::app
