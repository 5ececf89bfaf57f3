// Web Push (RFC 8030) to a browser's push service: the message encrypted for the
// subscription (RFC 8291 aes128gcm, delivery/push_crypto.h) and the request authorised by
// the server's VAPID key (RFC 8292): "Authorization: vapid t=<JWT>, k=<public key>", where
// the JWT (ES256) claims aud = the origin of the endpoint, exp (at most 24 hours ahead) and
// sub (the operator's mailto: or https: contact). The encodings here (base64url, the
// token's parts, the origin) are plain string work, tested without a network.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "delivery/push_crypto.h"
#include "delivery/webhook.h"

namespace corrchess::delivery {

// Base64url without padding (RFC 4648 section 5), as Web Push writes keys and tokens.
std::string base64url_encode(std::string_view bytes);
// The bytes of base64url text (no padding, no other characters); nullopt when malformed.
std::optional<std::string> base64url_decode(std::string_view text);

// The server's VAPID identity: its P-256 key pair and the contact URI of the claims.
struct VapidIdentity {
  P256KeyPair key;
  std::string subject;  // "mailto:ops@example.org" or an https: URL
};
// Whether `subject` is a contact VAPID accepts: "mailto:" or "https://" then at least one
// printable ASCII character, no quotes, backslashes or spaces, at most 200 bytes.
bool valid_vapid_subject(std::string_view subject);

// The endpoint of a subscription as it is stored and called: an absolute https URL (the
// rules of normalize_webhook_url), or plain http to a loopback host (localhost, 127.0.0.0/8,
// [::1]) for tests and local push services. kValidationError otherwise.
Result<std::string> normalize_push_endpoint(const std::string& endpoint);

// "scheme://host[:port]" of an absolute URL (the default port left out), the `aud` claim;
// nullopt for text that is not an absolute http(s) URL.
std::optional<std::string> url_origin(const std::string& url);

// The JSON claims of a VAPID token: {"aud":...,"exp":...,"sub":...} in that order.
std::string vapid_claims(std::string_view audience, std::int64_t expires, std::string_view subject);
// The JWT (JWS compact form, header {"typ":"JWT","alg":"ES256"}) for `audience`, expiring
// at Unix time `expires`.
Result<std::string> vapid_token(const VapidIdentity& identity, std::string_view audience,
                                std::int64_t expires);
// The value of the Authorization header: "vapid t=<token>, k=<base64url public key>".
std::string vapid_authorization(std::string_view token, std::string_view public_key);

// How long a push service keeps an undelivered message, and how urgent it is (RFC 8030
// sections 5.2 and 5.3).
inline constexpr std::int64_t kPushTtlSeconds = 86400;
inline constexpr std::int64_t kVapidLifetimeSeconds = 12 * 3600;  // RFC 8292: at most 24 hours

struct PushRequest {
  std::string endpoint;  // the subscription's URL
  std::string p256dh;    // the browser's public key, 65 raw bytes
  std::string auth;      // the browser's auth secret, 16 raw bytes
  std::string payload;   // the plaintext (JSON)
  std::string urgency;   // "very-low", "low", "normal" or "high"
  std::string topic;     // optional Topic header (replaces an undelivered message)
};

// Encrypts and POSTs one message, its VAPID token valid for kVapidLifetimeSeconds from this
// machine's wall clock (push services check `exp` against real time, so never the manual
// test clock), through `settings`' guarded HTTP client (the same time-outs
// and address checks as webhooks). The HTTP status when one came back (201: accepted; 404 or
// 410: the subscription is gone; 429 and 5xx: try later), kValidationError when it can never
// succeed (bad URL, refused address, bad keys), kInternal for a failure a later try may get
// past.
Result<long> send_push(const WebhookSettings& settings, const VapidIdentity& identity,
                       const PushRequest& request);

}  // namespace corrchess::delivery
