// The records of db/push_subscriptions.h: what its repository functions read and write, and
// what app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace corrchess::model {

// A browser (phone, desktop) a user subscribed to Web Push: where its push service takes
// messages and the keys they are encrypted for (base64url, as PushSubscription.toJSON()).
struct PushSubscription {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string endpoint;
  std::string p256dh;
  std::string auth;
  std::string created_at;                      // RFC 3339
  std::optional<std::string> last_success_at;  // RFC 3339
  int failure_count = 0;                       // failed sends since the last success
};

}  // namespace corrchess::model
