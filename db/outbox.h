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

namespace corrchess::db {

// A file sent with a mail.
struct MailAttachment {
  std::string filename;
  std::string content_type;
  std::string data;
};

// What an email row sends (stored as its JSON payload).
struct EmailPayload {
  std::string to;  // address
  std::string to_name;
  std::string subject;
  std::string text;
  std::string html;
  std::optional<std::string> unsubscribe;  // the scope of the one-click unsubscribe link
  std::optional<std::string> thread;       // the mail thread (one per game)
  std::vector<MailAttachment> attachments;
};

struct OutboxEntry {
  std::string channel;  // "email" (webhook rows are written with the live messages)
  std::string kind;     // notify::to_string(Kind), "password_reset", ...
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> game_id;
  std::optional<std::string> dedupe_key;  // reminders: at most one row per key, ever
  EmailPayload email;                     // what the channel sends
  game::Timestamp due;                    // server-clock instant
};

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

// Cancels the pending digest items (kind "digest") of `user_id`; returns how many.
std::int64_t cancel_pending_digest(pqxx::work& tx, std::int64_t user_id);

// A delivery claimed by a worker: its row stays locked until the transaction ends, so no
// other worker sends it meanwhile; a crash before the commit leaves it pending.
struct ClaimedDelivery {
  std::int64_t id = 0;
  std::string delivery_id;  // stable id (uuid) for receivers' de-duplication
  std::string channel;
  std::string kind;
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> game_id;
  EmailPayload email;        // channel email: the mail (missing members empty)
  std::string webhook_body;  // channel webhook: the JSON body to post
  std::string webhook_url;   // channel webhook: where to, and the signing secret
  std::string webhook_secret;
  int attempts = 0;                      // made before this one
  std::int64_t seconds_since_first = 0;  // database time since the first attempt (0: none)
};

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

// A delivery as shown to its user or to admins.
struct DeliveryView {
  std::string delivery_id;
  std::string channel;
  std::string kind;
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> game_id;
  std::string status;
  std::string due_at;  // RFC 3339
  int attempts = 0;
  std::optional<std::string> last_error;
  std::optional<std::string> finished_at;
};
// Deliveries that were given up, newest first, at most `limit`.
std::vector<DeliveryView> failed_deliveries(pqxx::work& tx, int limit);
// The deliveries of webhook `webhook_id`, newest first, at most `limit`.
std::vector<DeliveryView> webhook_deliveries(pqxx::work& tx, std::int64_t webhook_id, int limit);
// Makes delivery `delivery_id` of webhook `webhook_id` pending again, due now, with the same
// id (its attempts so far stay recorded); false when there is no such delivery.
bool redeliver(pqxx::work& tx, std::int64_t webhook_id, const std::string& delivery_id);

}  // namespace corrchess::db
