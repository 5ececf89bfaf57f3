// Account endpoints: register, login (rate-limited; a bearer token, or a session cookie for
// the web client), logout (one sign-in or all), password change, me, role changes; and the
// authentication of every other request (bearer token or session cookie).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "api/router.h"
#include "core/error.h"
#include "db/pool.h"
#include "db/users.h"

namespace corrchess::api {

struct AccountOptions {
  bool open_registration = true;
  std::int64_t token_ttl_seconds = 30LL * 24 * 3600;
  // Logins as one user from one address: 5 free attempts within 15 minutes, then a wait of
  // 1 minute doubling per attempt up to 15 minutes; a successful login clears the count.
  // Other addresses are not affected, so nobody can lock an account for its owner.
  int max_failed_logins_per_user = 5;
  // Logins from one address, whatever the user (password spraying): 30 free, then the same
  // backoff. Behind a proxy the address comes from X-Forwarded-For (trusted proxies only).
  int max_failed_logins_per_remote = 30;
  int login_window_seconds = 15 * 60;
  // Registrations from one address per hour, then a wait doubling from a minute to an hour.
  int registrations_per_hour = 20;
  // Session cookies always with the Secure attribute (CORRCHESS_SECURE_COOKIES); without it
  // Secure is set when the request came over TLS through a trusted proxy.
  bool secure_cookies = false;
  // Extra fields of GET /me for the signed-in user (the leave balances), merged into the
  // user object; unset: none.
  std::function<Result<nlohmann::json>(const db::User&)> me_details;
  // Runs in the transaction that creates a self-registered account (the address
  // verification mail); unset: nothing.
  std::function<void(pqxx::work&, const db::User&)> on_registered;
};

// The user behind the request's bearer token or session cookie; kUnauthorized if
// missing/invalid/expired.
Result<db::User> authenticate(db::Pool& pool, const Request& request, bool allow_query = false);

// As authenticate (the token may come as ?token=), for a long-lived connection: also the
// token's hash and the seconds until it expires, so the connection can end with its token,
// and where its live messages resume (?since=<the last number the client saw>, 0 or more;
// kValidationError otherwise).
struct SocketSession {
  db::User user;
  std::string token_hash;
  std::int64_t expires_in_seconds = 0;
  std::optional<std::int64_t> since;
};
Result<SocketSession> authenticate_socket(db::Pool& pool, const Request& request);
// kForbidden unless the user is a td or admin.
Result<void> require_director(const db::User& user);

// Checks a username and password exactly as POST /auth/login does, under the same throttling
// (the attempt is counted per user and per address before the password is checked; a
// success settles it). Errors: kUnauthorized for wrong credentials, kRateLimited with
// `retry_after` set to the seconds to wait.
Result<db::User> check_credentials(db::Pool& pool, const AccountOptions& options,
                                   const std::string& username, const std::string& password,
                                   const std::string& remote, std::int64_t& retry_after);

// Creates a user with the given role (for the admin bootstrap and `admin create-user`).
Result<db::User> create_account(db::Pool& pool, const std::string& username,
                                const std::string& password, const std::string& role);

// Passwords: at least kMinPassword bytes, at most kMaxPassword (kValidationError).
inline constexpr std::size_t kMinPassword = 8;
inline constexpr std::size_t kMaxPassword = 1024;
Result<void> validate_password(const std::string& password);
// Validates a username against the accepted pattern ([A-Za-z0-9_.-]{2,32}).
Result<void> validate_username(const std::string& username);

void add_account_routes(Router& router, db::Pool& pool, const AccountOptions& options);

// JSON for a user: {id, username, display_name, role, created_at}.
nlohmann::json user_json(const db::User& user);

}  // namespace corrchess::api
