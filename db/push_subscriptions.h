// Web Push subscriptions (table push_subscriptions, migrations/0032_push_subscriptions.sql):
// what the API lists, adds and removes, what the notifications read to address a user's
// devices, and what the delivery worker records of each send. Their messages are outbox
// rows of channel push (db/outbox.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "model/push.h"

namespace corrchess::db {

// The records of model/push.h under their db/ names.
using model::PushSubscription;

// Stores `user_id`'s subscription at `endpoint` with its keys; the same endpoint again (the
// browser subscribed anew) replaces its keys, and an endpoint another user had moves to
// `user_id` (one browser, a new account) without that user's pending messages.
PushSubscription store_push_subscription(pqxx::work& tx, std::int64_t user_id,
                                         const std::string& endpoint, const std::string& p256dh,
                                         const std::string& auth);
// The subscriptions of `user_id`, oldest first.
std::vector<PushSubscription> push_subscriptions_of(pqxx::work& tx, std::int64_t user_id);
// How many subscriptions `user_id` has, leaving out the one at `endpoint`.
int count_push_subscriptions(pqxx::work& tx, std::int64_t user_id, const std::string& endpoint);
// Deletes subscription `id` of `user_id` (and its pending messages); false when there is none.
bool delete_push_subscription(pqxx::work& tx, std::int64_t user_id, std::int64_t id);
// Deletes subscription `id` whoever has it (the push service said it is gone).
void drop_push_subscription(pqxx::work& tx, std::int64_t id);
// A send to subscription `id` succeeded (last success now, failures reset) or failed.
void record_push_success(pqxx::work& tx, std::int64_t id);
void record_push_failure(pqxx::work& tx, std::int64_t id);

}  // namespace corrchess::db
