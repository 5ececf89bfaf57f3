// The records of db/outbox.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/time.h"

namespace corrchess::model {

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

// What a push row sends: the JSON {title, body, url, tag} the service worker shows, and
// how urgent it is (RFC 8030 Urgency).
struct PushPayload {
  std::string title;
  std::string body;
  std::string url;  // opened by a click on the notification
  std::string tag;  // a newer notification with the same tag replaces the older one
  std::string urgency = "normal";
};

struct OutboxEntry {
  std::string channel;  // "email" or "push" (webhook rows are written with the live messages)
  std::string kind;     // notify::to_string(Kind), "password_reset", ...
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> game_id;
  std::optional<std::string> dedupe_key;  // reminders: at most one row per key, ever
  EmailPayload email;                     // what the channel sends
  game::Timestamp due;                    // server-clock instant
  // Channel push: the subscription (device) and what it is shown.
  std::optional<std::int64_t> push_subscription_id = std::nullopt;
  PushPayload push = {};
};

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
  // Channel push: the subscription's id, endpoint and keys (base64url), the JSON to send.
  std::optional<std::int64_t> push_subscription_id;
  std::string push_endpoint;
  std::string push_p256dh;
  std::string push_auth;
  std::string push_body;
  std::string push_urgency;
  int attempts = 0;                      // made before this one
  std::int64_t seconds_since_first = 0;  // database time since the first attempt (0: none)
};

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

}  // namespace corrchess::model
