// How a request is signed in: bearer tokens, the web client's session cookie and its CSRF
// check.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/http.h"
#include "app/credentials.h"

namespace corrchess::api {

// Password hashing and tokens are transport-neutral (app/credentials.h).
using app::hash_password;
using app::new_token;
using app::Token;
using app::token_hash;
using app::verify_against_nobody;
using app::verify_password;

// The bearer token of a request: "Authorization: Bearer X", or `token` query parameter
// when allow_query (WebSocket upgrades).
std::optional<std::string> bearer_token(const Request& request, bool allow_query = false);

// The sign-in of a request: the bearer token when there is one (header, or query when
// allow_query), else the web client's session cookie. A cookie travels with every request
// the browser makes, also those another site triggers, so cookie sign-ins need the CSRF
// check below and same-origin WebSocket upgrades.
struct Credential {
  std::string secret;
  bool from_cookie = false;
};
std::optional<Credential> request_credential(const Request& request, bool allow_query = false);

// Name of the session cookie of the web client.
inline constexpr std::string_view kSessionCookie = "corrchess_session";
// The value of the session cookie, if the request has one.
std::optional<std::string> session_cookie(const Request& request);
// Set-Cookie value signing the browser in with `secret` for max_age_seconds: HttpOnly,
// SameSite=Lax, Path=/, and Secure when `secure`. max_age_seconds 0 clears the cookie.
std::string session_cookie_header(const std::string& secret, std::int64_t max_age_seconds,
                                  bool secure);
// The CSRF token of a cookie session (hex SHA-256 of the secret under its own prefix: only
// a holder of the secret can compute it, and the database, which keeps token_hash, cannot).
// The web client gets it at login and from GET /me and sends it as X-CSRF-Token.
std::string csrf_token(const std::string& secret);
// True when the request's Origin header names the scheme and host it was sent to (https
// when the request came over TLS, else http; Host, or X-Forwarded-Host from a proxy); false
// when Origin is missing or another site.
bool same_origin(const Request& request);
// Refuses (kForbidden) a state-changing request (not GET, HEAD, OPTIONS) signed in by the
// session cookie alone unless it carries the session's X-CSRF-Token and, when the browser
// sent an Origin, comes from this site. Bearer-token requests and requests without the
// cookie pass: a browser never adds an Authorization header on its own. Login and
// registration need only the Origin check, cookie or not (the cookie they carry may be a
// stale one; another site must not sign a browser in). The pages behind mailed links
// (verify-email, password-reset/confirm, notifications/unsubscribe) pass: they act by the
// link's own token, never as the cookie's session.
Result<void> check_csrf(const Request& request);

}  // namespace corrchess::api
