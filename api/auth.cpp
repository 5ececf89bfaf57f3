#include "api/auth.h"

#include <sodium.h>

#include <algorithm>

namespace corrchess::api {

std::optional<std::string> bearer_token(const Request& request, bool allow_query) {
  if (auto header = request.header("authorization")) {
    constexpr std::string_view kPrefix = "Bearer ";
    if (header->size() > kPrefix.size() &&
        std::string_view(*header).substr(0, kPrefix.size()) == kPrefix) {
      return header->substr(kPrefix.size());
    }
    return std::nullopt;
  }
  if (allow_query) {
    if (auto it = request.query.find("token"); it != request.query.end()) return it->second;
  }
  return std::nullopt;
}

std::optional<std::string> session_cookie(const Request& request) {
  const auto header = request.header("cookie");
  if (!header) return std::nullopt;
  std::string_view rest = *header;
  while (!rest.empty()) {
    const auto semi = rest.find(';');
    std::string_view pair = rest.substr(0, semi);
    rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos || pair.substr(0, eq) != kSessionCookie) continue;
    auto value = pair.substr(eq + 1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (!value.empty()) return std::string(value);
  }
  return std::nullopt;
}

std::optional<Credential> request_credential(const Request& request, bool allow_query) {
  if (request.header("authorization")) {
    if (auto token = bearer_token(request)) return Credential{*token, false};
    return std::nullopt;  // some other scheme: never fall back to the cookie
  }
  if (allow_query) {
    if (auto it = request.query.find("token"); it != request.query.end()) {
      return Credential{it->second, false};
    }
  }
  if (auto cookie = session_cookie(request)) return Credential{*cookie, true};
  return std::nullopt;
}

std::string session_cookie_header(const std::string& secret, std::int64_t max_age_seconds,
                                  bool secure) {
  std::string cookie = std::string(kSessionCookie) + "=" + secret +
                       "; Path=/; Max-Age=" + std::to_string(max_age_seconds) +
                       "; HttpOnly; SameSite=Lax";
  if (secure) cookie += "; Secure";
  return cookie;
}

std::string csrf_token(const std::string& secret) { return token_hash("corrchess-csrf:" + secret); }

bool same_origin(const Request& request) {
  const auto origin = request.header("origin");
  if (!origin) return false;
  auto host = request.header("x-forwarded-host");
  if (!host) host = request.header("host");
  if (!host || host->empty()) return false;
  const auto scheme_end = origin->find("://");
  if (scheme_end == std::string::npos) return false;
  // The scheme is part of the origin: https://host is another site than http://host.
  const std::string scheme = origin->substr(0, scheme_end);
  if (scheme != (request.secure ? "https" : "http")) return false;
  return origin->substr(scheme_end + 3) == *host;
}

Result<void> check_csrf(const Request& request) {
  if (request.method == "GET" || request.method == "HEAD" || request.method == "OPTIONS") return {};
  if (request.header("authorization")) return {};
  const bool foreign = request.header("origin") && !same_origin(request);
  // Logging in and registering do not act as the cookie's session (which may be stale), but
  // another site must not sign the browser in to an account of its choosing.
  if (request.path == "/api/v1/auth/login" || request.path == "/api/v1/auth/register") {
    if (foreign) return fail(ErrorCode::kForbidden, "cross-site login refused");
    return {};
  }
  // The pages behind mailed links (address confirmation, password reset, unsubscribe) post
  // back the link's own single-purpose token and never act as the cookie's session, so a
  // browser that is signed in as well must not be refused for lacking the session's token.
  if (request.path == "/api/v1/auth/verify-email" ||
      request.path == "/api/v1/auth/password-reset/confirm" ||
      request.path == "/api/v1/notifications/unsubscribe") {
    return {};
  }
  const auto cookie = session_cookie(request);
  if (!cookie) return {};
  if (foreign) {
    return fail(ErrorCode::kForbidden, "cross-site request refused (Origin is another site)");
  }
  const auto sent = request.header("x-csrf-token");
  const auto expected = csrf_token(*cookie);
  if (!sent || sent->size() != expected.size() ||
      sodium_memcmp(sent->data(), expected.data(), expected.size()) != 0) {
    return fail(ErrorCode::kForbidden,
                "missing or wrong X-CSRF-Token for a request signed in by the session cookie");
  }
  return {};
}

}  // namespace corrchess::api
