#include "api/write_throttle.h"

#include <algorithm>
#include <cmath>

#include "api/auth.h"
#include "api/problem.h"

namespace corrchess::api {

std::optional<std::int64_t> RateLimiter::take(const std::string& key, Clock::time_point now) {
  if (per_minute_ <= 0) return std::nullopt;
  const double capacity = per_minute_;
  const double per_second = per_minute_ / 60.0;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_) forget_full(now);
    it = buckets_.emplace(key, Bucket{capacity, now}).first;
  }
  auto& b = it->second;
  const std::chrono::duration<double> elapsed = now - b.at;
  b.tokens = std::min(capacity, b.tokens + std::max(0.0, elapsed.count()) * per_second);
  b.at = now;
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return std::nullopt;
  }
  return std::max<std::int64_t>(
      1, static_cast<std::int64_t>(std::ceil((1.0 - b.tokens) / per_second)));
}

std::size_t RateLimiter::tracked_keys() {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void RateLimiter::forget_full(Clock::time_point now) {
  const double capacity = per_minute_;
  const double per_second = per_minute_ / 60.0;
  std::erase_if(buckets_, [&](const auto& entry) {
    const std::chrono::duration<double> elapsed = now - entry.second.at;
    return entry.second.tokens + elapsed.count() * per_second >= capacity;
  });
}

std::optional<Response> WriteThrottle::check(const Request& request) {
  const auto& m = request.method;
  if (m != "POST" && m != "PUT" && m != "PATCH" && m != "DELETE") return std::nullopt;
  if (request.path == "/api/v1/auth/login" || request.path == "/api/v1/auth/register" ||
      request.path == "/api/v1/auth/logout") {
    return std::nullopt;
  }
  const auto now = RateLimiter::Clock::now();
  auto refuse = [](std::int64_t wait, const char* whose) {
    Response r = problem_response(
        Error{ErrorCode::kRateLimited, std::string("too many changes from ") + whose +
                                           ": try again in " + std::to_string(wait) + " s"});
    r.headers.emplace_back("Retry-After", std::to_string(wait));
    return r;
  };
  if (!request.remote.empty()) {
    if (auto wait = per_address_.take(request.remote, now)) return refuse(*wait, "this address");
  }
  // The sign-in is the token (or session cookie) as sent; an invalid one is refused by the handler
  // anyway.
  if (auto credential = request_credential(request); credential && !credential->secret.empty()) {
    if (auto wait = per_token_.take(credential->secret, now)) return refuse(*wait, "this sign-in");
  }
  return std::nullopt;
}

}  // namespace corrchess::api
