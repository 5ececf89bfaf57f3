// Webhook requests with libcurl, signed the Standard Webhooks way: headers webhook-id,
// webhook-timestamp (Unix seconds) and webhook-signature "v1,<base64 of HMAC-SHA256 over
// 'id.timestamp.body' keyed with the base64-decoded part of the whsec_ secret>". Time-outs,
// no redirects, http(s) only; private, loopback and link-local targets are refused unless
// allowed (the address checked is the one connected to: no DNS rebinding in between; no
// proxy from the environment either).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace corrchess::delivery {

struct WebhookSettings {
  bool allow_private = false;  // CORRCHESS_WEBHOOK_ALLOW_PRIVATE
  long timeout_seconds = 10;
};

struct WebhookRequest {
  std::string url;
  std::string secret;  // whsec_<base64>
  std::string id;      // stable delivery id
  std::string body;    // JSON
  // webhook-timestamp: Unix seconds of the server's clock (app: the ServerClock, so the
  // manual test clock under CORRCHESS_CLOCK=manual), never read here from the wall clock.
  std::int64_t timestamp = 0;
};

// A fresh secret: "whsec_" + base64 of 24 random bytes.
std::string new_webhook_secret();
// "v1,<base64 HMAC-SHA256>" of "id.timestamp.body"; kValidationError for a malformed secret.
Result<std::string> webhook_signature(std::string_view secret, std::string_view id,
                                      std::int64_t timestamp, std::string_view body);
// The URL a webhook is stored and called with: `url` as libcurl reads it (the scheme in lower
// case, "/" for an empty path). kValidationError unless `url` is an absolute http(s) URL
// written with "//" and a host, without user information, at most 2000 bytes before and
// after.
Result<std::string> normalize_webhook_url(const std::string& url);

// POSTs the request signed with its timestamp; the HTTP status when one came back (2xx: done),
// kValidationError when it can never succeed (bad URL, refused address), kInternal for a
// failure a later try may get past (connection, time-out).
Result<long> post_webhook(const WebhookSettings& settings, const WebhookRequest& request);

// The client post_webhook uses, for other requests to URLs that users give (Web Push): POSTs
// `body` to `url` with `headers` ("Name: value" lines), the same URL rules, address checks,
// time-outs and answers.
Result<long> post_guarded(const WebhookSettings& settings, const std::string& url,
                          const std::vector<std::string>& headers, std::string_view body);

}  // namespace corrchess::delivery
