// A real local Web Push service (tests/support/push_service.py, Python's http.server with
// python3-cryptography, as a child process) standing for a browser and its push service: it
// makes its own subscription keys, decrypts every message (RFC 8291 aes128gcm) with them,
// verifies the VAPID token (RFC 8292) and records each request; it answers 201 unless told
// to answer otherwise.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace corrchess::testing {

class PushService {
 public:
  PushService();
  ~PushService();
  PushService(const PushService&) = delete;
  PushService& operator=(const PushService&) = delete;

  bool started() const { return !subscription_.is_null(); }
  // {endpoint, expirationTime, keys: {p256dh, auth}}: what a browser's
  // PushSubscription.toJSON() gives, for POST /api/v1/me/push-subscriptions.
  const nlohmann::json& subscription() const { return subscription_; }
  // The next requests are answered these statuses, in order (then 201 again).
  void answer_next(const std::string& statuses) const;
  // [{path, status, content_encoding, ttl, urgency, vapid: {ok, error, claims, k}, payload,
  // error}] in arrival order.
  nlohmann::json requests() const;
  // requests() once at least `count` have arrived, or when `limit` has passed.
  nlohmann::json wait_for(std::size_t count,
                          std::chrono::milliseconds limit = std::chrono::seconds(20)) const;

 private:
  std::string dir_;
  pid_t pid_ = -1;
  nlohmann::json subscription_;
};

}  // namespace corrchess::testing
