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
#include "app/accounts.h"
#include "app/handles.h"
#include "core/error.h"
#include "model/json_text.h"
#include "model/users.h"

namespace corrchess::api {

// The account policy (app/accounts.h) plus what only HTTP knows.
struct AccountOptions : app::AccountPolicy {
  // Session cookies always with the Secure attribute (CORRCHESS_SECURE_COOKIES); without it
  // Secure is set when the request came over TLS through a trusted proxy.
  bool secure_cookies = false;
  // Extra fields of GET /me for the signed-in user (the leave balances), merged into the
  // user object; unset: none.
  std::function<Result<nlohmann::json>(const model::User&)> me_details;
};

// The user behind the request's bearer token or session cookie; kUnauthorized if
// missing/invalid/expired.
Result<model::User> authenticate(app::Database& pool, const Request& request,
                                 bool allow_query = false);

// As authenticate (the token may come as ?token=), for a long-lived connection: also the
// token's hash and the seconds until it expires, so the connection can end with its token,
// and where its live messages resume (?since=<the last number the client saw>, 0 or more;
// kValidationError otherwise).
struct SocketSession {
  model::User user;
  std::string token_hash;
  std::int64_t expires_in_seconds = 0;
  std::optional<std::int64_t> since;
};
Result<SocketSession> authenticate_socket(app::Database& pool, const Request& request);
// kForbidden unless the user is a td or admin.
Result<void> require_director(const model::User& user);

// POST /api/v1/auth/{register,login,logout}, POST /me/password, GET /me, PATCH
// /admin/users/{username}. `router`, `pool` and `clock` must outlive the registration.
void add_account_routes(Router& router, app::Database& pool, app::ServerClock& clock,
                        const AccountOptions& options);

// JSON for a user: {id, username, display_name, role, created_at}.
nlohmann::json user_json(const model::User& user);
// The same object written into `out` (the game object's players).
void write_user(model::JsonText& out, const model::User& user);

}  // namespace corrchess::api
