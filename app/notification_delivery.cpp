#include "app/notification_delivery.h"

#include <sodium.h>

#include <charconv>
#include <mutex>

#include "core/notify/compose.h"
#include "db/notification_prefs.h"
#include "db/outbox.h"
#include "db/push_subscriptions.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

std::string hmac_hex(const std::string& secret, const std::string& text) {
  unsigned char key[crypto_auth_hmacsha256_KEYBYTES] = {};
  std::copy_n(secret.begin(), std::min(secret.size(), sizeof key), key);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(text.data()), text.size(),
                         key);
  char hex[2 * sizeof mac + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::string unsubscribe_url(const DeliverySettings& settings, const std::string& secret,
                            std::int64_t user_id, std::string_view scope) {
  return settings.public_url +
         "/api/v1/notifications/unsubscribe?token=" + unsubscribe_token(secret, user_id, scope);
}

// The mail of an email row.
delivery::MailMessage mail_of(const model::ClaimedDelivery& d, const DeliverySettings& settings,
                              const std::string& secret, game::Timestamp now) {
  const auto& p = d.email;
  const std::string host = delivery::url_host(settings.public_url);
  delivery::MailMessage m;
  m.from_name = settings.from_name;
  m.from_address = settings.from_address;
  m.to_name = p.to_name;
  m.to_address = p.to;
  m.subject = p.subject;
  m.text = p.text;
  m.html = p.html;
  m.message_id = "<" + d.delivery_id + "@" + host + ">";
  if (p.thread) m.references.push_back("<" + *p.thread + "@" + host + ">");
  if (p.unsubscribe && d.user_id) {
    const auto& scope = *p.unsubscribe;
    if (scope == kDigestScope || notify::parse_kind(scope)) {
      m.unsubscribe_url = unsubscribe_url(settings, secret, *d.user_id, scope);
    }
  }
  m.delivery_id = d.delivery_id;
  m.date = now;
  for (const auto& a : p.attachments) {
    m.attachments.push_back({a.filename, a.content_type, a.data});
  }
  return m;
}

// The mail of a digest made of the rows' messages, with its one-click unsubscribe.
model::EmailPayload digest_mail(const std::vector<model::ClaimedDelivery>& rows,
                                const DeliverySettings& settings, const std::string& secret,
                                notify::Lang lang) {
  std::vector<std::pair<std::string, std::string>> items;
  for (const auto& r : rows) items.emplace_back(r.email.subject, r.email.text);
  const auto& first = rows.front().email;
  const auto& user_id = rows.front().user_id;
  const auto message = notify::compose_digest(
      items, first.to_name,
      user_id ? unsubscribe_url(settings, secret, *user_id, kDigestScope) : "", lang);
  return {first.to,        first.to_name,
          message.subject, message.text,
          message.html,    std::string(kDigestScope),
          std::nullopt,    {}};
}

// Posts one webhook row, stamped with the server clock's `now`: done on 2xx; 410 Gone is final, any
// other answer is retried.
Result<void> post(const model::ClaimedDelivery& d, const DeliverySettings& settings,
                  game::Timestamp now) {
  const delivery::WebhookRequest request{d.webhook_url, d.webhook_secret, d.delivery_id,
                                         d.webhook_body, now.unix_seconds()};
  TRY_LET(status, delivery::post_webhook(settings.webhook, request));
  if (*status >= 200 && *status < 300) return {};
  return fail(*status == 410 ? ErrorCode::kValidationError : ErrorCode::kInternal,
              "HTTP " + std::to_string(*status));
}

// What a push service's answer means for the row and its subscription.
enum class PushOutcome { kSent, kGone, kRetry, kFinal };
PushOutcome push_outcome(long status) {
  if (status >= 200 && status < 300) return PushOutcome::kSent;
  if (status == 404 || status == 410) return PushOutcome::kGone;
  if (status == 429 || status >= 500) return PushOutcome::kRetry;
  return PushOutcome::kFinal;  // 400 (bad request), 401/403 (VAPID refused), 413, ...
}

// Sends one push row to its subscription; a subscription its push service says is gone (404,
// 410) is deleted (with its pending rows), 429 and 5xx are retried, another 4xx is given up.
Result<void> send_push_row(pqxx::work& tx, const model::ClaimedDelivery& d,
                           const DeliverySettings& settings) {
  if (!settings.vapid) return fail(ErrorCode::kInternal, "no VAPID key configured");
  if (!d.push_subscription_id) {
    return fail(ErrorCode::kValidationError, "the subscription was removed");
  }
  const auto p256dh = delivery::base64url_decode(d.push_p256dh);
  const auto auth = delivery::base64url_decode(d.push_auth);
  if (!p256dh || !auth) return fail(ErrorCode::kValidationError, "malformed subscription keys");
  const delivery::PushRequest request{d.push_endpoint, *p256dh,        *auth,
                                      d.push_body,     d.push_urgency, {}};
  auto status = delivery::send_push(settings.webhook, *settings.vapid, request);
  if (!status) {
    db::record_push_failure(tx, *d.push_subscription_id);
    return std::unexpected(status.error());
  }
  switch (push_outcome(*status)) {
    case PushOutcome::kSent: db::record_push_success(tx, *d.push_subscription_id); return {};
    case PushOutcome::kGone:
      db::drop_push_subscription(tx, *d.push_subscription_id);
      return fail(ErrorCode::kNotFound, "HTTP " + std::to_string(*status) + ": subscription gone");
    case PushOutcome::kRetry: break;
    case PushOutcome::kFinal:
      db::record_push_failure(tx, *d.push_subscription_id);
      return fail(ErrorCode::kValidationError, "HTTP " + std::to_string(*status));
  }
  db::record_push_failure(tx, *d.push_subscription_id);
  return fail(ErrorCode::kInternal, "HTTP " + std::to_string(*status));
}

// Sends one claimed row.
Result<void> send(pqxx::work& tx, const model::ClaimedDelivery& d, const DeliverySettings& settings,
                  const std::string& secret, game::Timestamp now) {
  if (d.channel == "webhook") return post(d, settings, now);
  if (d.channel == "push") return send_push_row(tx, d, settings);
  if (d.channel != "email") {
    return fail(ErrorCode::kValidationError, "unknown channel " + d.channel);
  }
  if (settings.smtp.url.empty()) return fail(ErrorCode::kInternal, "no SMTP server configured");
  return delivery::send_mail(settings.smtp, mail_of(d, settings, secret, now));
}

}  // namespace

Result<std::string> notification_secret(Database& pool) {
  static std::mutex mutex;
  static std::string cached;
  std::lock_guard lock(mutex);
  if (!cached.empty()) return cached;
  std::string fresh(32, '\0');
  randombytes_buf(fresh.data(), fresh.size());
  auto stored = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::string> {
    return db::notification_secret(tx, fresh);
  });
  if (stored) cached = *stored;
  return stored;
}

std::string unsubscribe_token(const std::string& secret, std::int64_t user_id,
                              std::string_view scope) {
  const std::string text = std::to_string(user_id) + "." + std::string(scope);
  return text + "." + hmac_hex(secret, text);
}

Result<void> unsubscribe(Database& pool, const std::string& token) {
  const auto bad = [] {
    return fail(ErrorCode::kValidationError, "this unsubscribe link is not valid");
  };
  const auto first = token.find('.');
  const auto second = token.find('.', first == std::string::npos ? 0 : first + 1);
  if (first == std::string::npos || second == std::string::npos) return bad();
  std::int64_t user_id = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + first, user_id);
  if (ec != std::errc{} || ptr != token.data() + first) return bad();
  const auto scope = token.substr(first + 1, second - first - 1);
  const bool digest = scope == kDigestScope;
  const auto kind = notify::parse_kind(scope);
  if (!kind && !digest) return bad();
  TRY_LET(secret, notification_secret(pool));
  const auto expected = unsubscribe_token(*secret, user_id, scope);
  if (expected.size() != token.size() ||
      sodium_memcmp(expected.data(), token.data(), token.size()) != 0) {
    return bad();
  }
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!digest) {
      db::disable_notification(tx, user_id, *kind, notify::Channel::kEmail);
      return {};
    }
    for (const auto k : notify::kDigestedKinds) {
      db::disable_notification(tx, user_id, k, notify::Channel::kEmail);
    }
    db::cancel_pending_digest(tx, user_id);
    return {};
  });
}

Result<DeliveryCounts> deliver_due(Database& pool, ServerClock& clock,
                                   const DeliverySettings& settings, int limit) {
  TRY_LET(secret, notification_secret(pool));
  DeliveryCounts counts;
  for (int i = 0; i < limit; ++i) {
    TRY_LET(
        handled, db::in_transaction(pool, [&](pqxx::work& tx) -> Result<bool> {
          const auto now = clock.now(tx);
          auto claimed = db::claim_due_delivery(tx, now);
          if (!claimed) return false;
          auto& channel = claimed->channel == "webhook" ? counts.webhook
                          : claimed->channel == "push"  ? counts.push
                                                        : counts.email;
          // A digest row takes every other one of its user due now into the same mail.
          std::vector<model::ClaimedDelivery> rows{*claimed};
          if (claimed->kind == "digest" && claimed->user_id) {
            for (auto& item : db::claim_digest_items(tx, *claimed->user_id, now, claimed->id)) {
              rows.push_back(std::move(item));
            }
            // In the recipient's language, as its items were written.
            const auto lang =
                notify::language_or_english(db::profile_settings(tx, *claimed->user_id).language);
            claimed->email = digest_mail(rows, settings, *secret, lang);
          }
          auto sent = send(tx, *claimed, settings, *secret, now);
          if (sent) {
            for (const auto& row : rows) db::record_sent(tx, row);
            ++channel.sent;
            return true;
          }
          // The subscription is gone, and its rows with it: nothing left to record.
          if (sent.error().code == ErrorCode::kNotFound) {
            ++channel.failed;
            return true;
          }
          const bool permanent = sent.error().code == ErrorCode::kValidationError;
          const auto delay = notify::retry_delay(settings.retry, claimed->attempts + 1,
                                                 randombytes_uniform(1u << 20) / double(1u << 20));
          const bool give_up =
              permanent || claimed->seconds_since_first + delay > settings.retry.give_up_after;
          for (const auto& row : rows)
            db::record_failure(tx, row, sent.error().detail, delay, give_up);
          ++(give_up ? channel.failed : channel.retried);
          return true;
        }));
    if (!*handled) break;
  }
  return counts;
}

Result<std::optional<game::Timestamp>> next_delivery_due(Database& pool) {
  return db::in_transaction(pool, [&](pqxx::work& tx) {
    return Result<std::optional<game::Timestamp>>(db::next_delivery_due(tx));
  });
}

Result<std::int64_t> oldest_due_delivery_age(Database& pool, ServerClock& clock) {
  return db::in_transaction(pool, [&](pqxx::work& tx) {
    return Result<std::int64_t>(db::oldest_due_age(tx, clock.now(tx)));
  });
}

}  // namespace corrchess::app
