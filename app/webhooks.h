// Webhooks (docs/api.md "Webhooks"): a user subscribes a URL to their own live messages, a
// director to the games of an event; the secret is shown when it is created; the deliveries
// of each webhook are listed and can be sent again (same webhook-id). Transport-neutral; the
// HTTP adapter (and JSON) is api/notifications.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "model/outbox.h"
#include "model/users.h"
#include "model/webhooks.h"

namespace corrchess::app {

// Most webhooks one user may create.
inline constexpr int kMaxWebhooksPerUser = 10;

// The webhooks `user` created.
Result<std::vector<model::Webhook>> list_webhooks(Database& pool, const model::User& user);

// A subscription as asked: the URL and, for a director, the event whose games it follows.
struct WebhookRequest {
  std::string url;
  std::optional<std::int64_t> event_id;
};
// Creates a webhook; its secret (in the result) is shown only now. kValidationError for a
// bad URL; kForbidden when a non-director names an event; kNotFound for no such
// event; kConflict beyond kMaxWebhooksPerUser.
Result<model::Webhook> create_webhook(Database& pool, const model::User& user,
                                      const WebhookRequest& request);
// kNotFound unless `user` created webhook `id`.
Result<void> delete_webhook(Database& pool, const model::User& user, std::int64_t id);
// The newest `limit` deliveries of webhook `id` (kNotFound unless `user` created it).
Result<std::vector<model::DeliveryView>> webhook_deliveries(Database& pool, const model::User& user,
                                                            std::int64_t id, int limit);
// Queues delivery `delivery_id` of webhook `id` again (same id); kNotFound when unknown.
Result<void> redeliver_webhook(Database& pool, const model::User& user, std::int64_t id,
                               const std::string& delivery_id);

}  // namespace corrchess::app
