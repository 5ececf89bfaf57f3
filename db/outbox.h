// The notification outbox (migrations/0013_notifications.sql): rows written in the
// transaction of the change that causes them, claimed by the delivery workers of every
// instance with FOR UPDATE SKIP LOCKED, every attempt recorded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/outbox.h"

namespace corrchess::db {

// The records of model/outbox.h under their db/ names.
using model::ClaimedDelivery;
using model::DeliveryView;
using model::EmailPayload;
using model::MailAttachment;
using model::OutboxEntry;

// Writes a row in the caller's transaction; false when a row with its dedupe key exists.
bool enqueue(pqxx::work& tx, const OutboxEntry& entry);

// Writes a row, or when a pending row with its dedupe key exists, replaces that row's payload
// (a batch that grows until it is sent); false when the key belongs to a row no longer
// pending.
bool enqueue_or_update(pqxx::work& tx, const OutboxEntry& entry);

// The latest due instant of `user_id`'s email rows of `kind` that were not cancelled.
std::optional<game::Timestamp> latest_email_due(pqxx::work& tx, std::int64_t user_id,
                                                const std::string& kind);

// Cancels the pending reminders of a game (kinds deadline_reminder and silence_reminder)
// whose dedupe key is not in `keep`; returns how many.
std::int64_t cancel_game_reminders(pqxx::work& tx, std::int64_t game_id,
                                   const std::vector<std::string>& keep);

// After `user_id` changed their address to `to` (none: removed it): the pending mails whose
// links the change revoked (password_reset, verify_email) are cancelled, and so are all the
// others when `to` is none; otherwise they go to `to`, unless `hold` (the new address must be
// verified first: they keep the old, verified one). Returns how many rows changed.
std::int64_t readdress_pending_email(pqxx::work& tx, std::int64_t user_id,
                                     const std::optional<std::string>& to, bool hold);

// Cancels the pending digest items (kind "digest") of `user_id`; returns how many.
std::int64_t cancel_pending_digest(pqxx::work& tx, std::int64_t user_id);

// Moves the pending digest items of `user_id` that wait beyond `now` to `due` (a new digest
// hour, or now when the digest was turned off); returns how many.
std::int64_t reschedule_pending_digest(pqxx::work& tx, std::int64_t user_id, game::Timestamp due,
                                       game::Timestamp now);

// One pending delivery due at `now` (server clock) whose retry time (database time) has
// come, oldest due first, skipping rows other workers hold.
std::optional<ClaimedDelivery> claim_due_delivery(pqxx::work& tx, game::Timestamp now);

// The other pending rows of kind "digest" of `user_id` due at `now`, claimed likewise.
std::vector<ClaimedDelivery> claim_digest_items(pqxx::work& tx, std::int64_t user_id,
                                                game::Timestamp now, std::int64_t except_id);

// Records attempt `attempts + 1` of a claimed delivery: sent; or failed with `error` and
// retried after `retry_seconds`, or given up (status failed) when `give_up`.
void record_sent(pqxx::work& tx, const ClaimedDelivery& d);
void record_failure(pqxx::work& tx, const ClaimedDelivery& d, const std::string& error,
                    std::int64_t retry_seconds, bool give_up);

// The earliest due instant of a pending delivery (server clock), if any.
std::optional<game::Timestamp> next_delivery_due(pqxx::work& tx);
// Seconds since the oldest pending delivery due at `now` fell due (0 when none is due).
std::int64_t oldest_due_age(pqxx::work& tx, game::Timestamp now);

// Deliveries that were given up, newest first, at most `limit`.
std::vector<DeliveryView> failed_deliveries(pqxx::work& tx, int limit);
// The deliveries of webhook `webhook_id`, newest first, at most `limit`.
std::vector<DeliveryView> webhook_deliveries(pqxx::work& tx, std::int64_t webhook_id, int limit);
// Makes delivery `delivery_id` of webhook `webhook_id` pending again, due now, with the same
// id (its attempts so far stay recorded); false when there is no such delivery.
bool redeliver(pqxx::work& tx, std::int64_t webhook_id, const std::string& delivery_id);

}  // namespace corrchess::db
