// Webhooks (docs/api.md "Webhooks"): a user subscribes a URL to their own live messages, a
// director to the games of an event; the secret is shown when it is created; the deliveries
// of each webhook are listed and can be sent again (same webhook-id). Transport-neutral; the
// HTTP adapter (and JSON) is api/notifications.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "db/outbox.h"
#include "db/pool.h"
#include "db/users.h"
#include "db/webhooks.h"

namespace corrchess::app {

// Most webhooks one user may create.
inline constexpr int kMaxWebhooksPerUser = 10;

// The webhooks `user` created.
Result<std::vector<db::Webhook>> list_webhooks(db::Pool& pool, const db::User& user);

// A subscription as asked: the URL and, for a director, the event whose games it follows
// (the id as given, checked here).
struct WebhookRequest {
  std::string url;
  std::optional<std::string> event_id;
};
// Creates a webhook; its secret (in the result) is shown only now. kValidationError for a
// bad URL or event id; kForbidden when a non-director names an event; kNotFound for no such
// event; kConflict beyond kMaxWebhooksPerUser.
Result<db::Webhook> create_webhook(db::Pool& pool, const db::User& user,
                                   const WebhookRequest& request);
// kNotFound unless `user` created webhook `id`.
Result<void> delete_webhook(db::Pool& pool, const db::User& user, std::int64_t id);
// The newest `limit` deliveries of webhook `id` (kNotFound unless `user` created it).
Result<std::vector<db::DeliveryView>> webhook_deliveries(db::Pool& pool, const db::User& user,
                                                         std::int64_t id, int limit);
// Queues delivery `delivery_id` of webhook `id` again (same id); kNotFound when unknown.
Result<void> redeliver_webhook(db::Pool& pool, const db::User& user, std::int64_t id,
                               const std::string& delivery_id);

}  // namespace corrchess::app
