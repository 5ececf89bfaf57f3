// Delivery of the notification outbox (docs/operations.md "Notifications"): claims due rows
// one at a time (each in its own transaction, the row locked while it is sent, so two
// instances never send the same row and a crash leaves it pending), sends it, records the
// attempt, and retries with exponential backoff and jitter until the give-up time, when it
// is marked failed (GET /api/v1/admin/notifications/failed). Also the signed one-click
// unsubscribe tokens of the mails.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "app/handles.h"
#include "core/error.h"
#include "core/notify/notify.h"
#include "delivery/smtp.h"
#include "delivery/web_push.h"
#include "delivery/webhook.h"

namespace corrchess::app {

struct DeliverySettings {
  delivery::SmtpSettings smtp;  // empty url: email rows are not sent
  std::string from_address;     // CORRCHESS_SMTP_FROM (addr-spec)
  std::string from_name = "corrchess";
  std::string public_url;                        // links (unsubscribe), message ids' host
  delivery::WebhookSettings webhook;             // also the HTTP client of Web Push
  std::optional<delivery::VapidIdentity> vapid;  // none: push rows are not sent
  notify::RetryPolicy retry;
};

struct ChannelCounts {
  int sent = 0;
  int retried = 0;  // failed attempts that will be tried again
  int failed = 0;   // given up
};
struct DeliveryCounts {
  ChannelCounts email;
  ChannelCounts webhook;
  ChannelCounts push;
  int handled() const {
    return email.sent + email.retried + email.failed + webhook.sent + webhook.retried +
           webhook.failed + push.sent + push.retried + push.failed;
  }
};

// Sends what is due at the server clock's now, until nothing is due or `limit` rows were
// handled.
Result<DeliveryCounts> deliver_due(Database& pool, ServerClock& clock,
                                   const DeliverySettings& settings, int limit);

// The earliest due instant of a pending delivery (server clock), and the age in seconds of
// the oldest delivery due now (metrics).
Result<std::optional<game::Timestamp>> next_delivery_due(Database& pool);
Result<std::int64_t> oldest_due_delivery_age(Database& pool, ServerClock& clock);

// The signing key of links, created in the database on first use.
Result<std::string> notification_secret(Database& pool);
// What an unsubscribe token of a digest mail switches off: every digested kind by email.
inline constexpr std::string_view kDigestScope = "digest";
// "<user id>.<scope>.<hex HMAC-SHA256>" for switching `scope` (a kind's name, or
// kDigestScope) off by email for `user_id`.
std::string unsubscribe_token(const std::string& secret, std::int64_t user_id,
                              std::string_view scope);
// Switches the token's kind off by email for its user (a digest token: all digested kinds,
// and the digest items still waiting are dropped, so no digest comes any more);
// kValidationError for a token that is malformed or not signed by this server. Repeating it
// changes nothing.
Result<void> unsubscribe(Database& pool, const std::string& token);

}  // namespace corrchess::app
