// Webhooks of users and of events (migrations/0013_notifications.sql): what the API lists,
// creates and deletes. Their deliveries are outbox rows (db/outbox.h), queued by a trigger
// on the live messages as they are stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>
#include "model/webhooks.h"

namespace corrchess::db {

// The records of model/webhooks.h under their db/ names.
using model::Webhook;

Webhook insert_webhook(pqxx::work& tx, std::int64_t user_id, std::optional<std::int64_t> event_id,
                       const std::string& url, const std::string& secret);
// The webhooks `user_id` created (their own and those of events), oldest first.
std::vector<Webhook> webhooks_of(pqxx::work& tx, std::int64_t user_id);
// Webhook `id` if `user_id` created it.
std::optional<Webhook> webhook_of(pqxx::work& tx, std::int64_t user_id, std::int64_t id);
// How many webhooks `user_id` has created.
int count_webhooks(pqxx::work& tx, std::int64_t user_id);
// Deletes webhook `id` of `user_id` (and its deliveries); false when there is none.
bool delete_webhook(pqxx::work& tx, std::int64_t user_id, std::int64_t id);

}  // namespace corrchess::db
