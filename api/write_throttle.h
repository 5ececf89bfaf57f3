// Rate limits on writes (docs/operations.md "Abuse limits"): every POST, PUT, PATCH and
// DELETE spends one token from the bucket of its sign-in (bearer token) and one from the
// bucket of its client address; an empty bucket answers 429 rate_limited with Retry-After.
// Buckets refill continuously at their rate per minute and hold at most one minute's worth,
// so a client may burst up to that and then continue at the rate. The state is in memory,
// per server instance (behind a balancer over N instances a client gets up to N times the
// rate); logins and registrations have their own limits in PostgreSQL (api/accounts.h).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "api/http.h"

namespace corrchess::api {

// Token buckets by key.
class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  // `per_minute` <= 0: unlimited.
  explicit RateLimiter(int per_minute, std::size_t max_keys = 100000)
      : per_minute_(per_minute), max_keys_(max_keys) {}

  // Spends one token of `key` at `now`: nullopt when there was one, else the whole seconds
  // until there will be (at least 1).
  std::optional<std::int64_t> take(const std::string& key, Clock::time_point now);
  // How many keys have a bucket (bounded by max_keys plus those not yet refilled).
  std::size_t tracked_keys();

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point at;
  };
  // Forgets the buckets that are full again (nobody used them for a minute).
  void forget_full(Clock::time_point now);

  int per_minute_;
  std::size_t max_keys_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

struct WriteLimits {
  int per_token_per_minute = 120;     // CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN (0: none)
  int per_address_per_minute = 1200;  // CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS (0: none)
};

class WriteThrottle {
 public:
  explicit WriteThrottle(WriteLimits limits)
      : per_token_(limits.per_token_per_minute), per_address_(limits.per_address_per_minute) {}

  // The 429 answer for `request` when it is a write over a limit, else nullopt (and the
  // write is counted). Logins, registrations and logouts are not counted here.
  std::optional<Response> check(const Request& request);

 private:
  RateLimiter per_token_;
  RateLimiter per_address_;
};

}  // namespace corrchess::api
