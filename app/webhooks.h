// Webhooks (docs/api.md "Webhooks"): a user subscribes a URL to their own live messages, a
// director to the games of an event; the secret is shown when it is created; the deliveries
// of each webhook are listed and can be sent again (same webhook-id).
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "db/pool.h"
#include "db/users.h"

namespace corrchess::app {

// Most webhooks one user may create.
inline constexpr int kMaxWebhooksPerUser = 10;

// {webhooks: [{id, url, event_id, created_at}]}: the ones `user` created.
Result<nlohmann::json> list_webhooks(db::Pool& pool, const db::User& user);
// From {url, event_id?}: 201 body {id, url, event_id, created_at, secret}. kValidationError
// for a bad URL; kForbidden when a non-director names an event; kNotFound for no such event;
// kConflict beyond kMaxWebhooksPerUser.
Result<nlohmann::json> create_webhook(db::Pool& pool, const db::User& user,
                                      const nlohmann::json& body);
// kNotFound unless `user` created webhook `id`.
Result<void> delete_webhook(db::Pool& pool, const db::User& user, std::int64_t id);
// {deliveries: [{id, channel, kind, user_id, game_id, status, due_at, attempts, last_error,
// finished_at}]}, newest first.
Result<nlohmann::json> webhook_deliveries(db::Pool& pool, const db::User& user, std::int64_t id,
                                          int limit);
// Queues delivery `delivery_id` of webhook `id` again (same id); kNotFound when unknown.
Result<void> redeliver_webhook(db::Pool& pool, const db::User& user, std::int64_t id,
                               const std::string& delivery_id);

}  // namespace corrchess::app
