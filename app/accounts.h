// Account use cases (docs/api.md "Accounts"), transport-neutral: registration, sign-in with
// throttled password checks, sign-out, password change, role changes, and who owns a token.
// Each call is its own transaction(s); a refused one changes nothing. The HTTP adapter is
// api/accounts.cpp; Xfcc checks its credentials here too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "app/handles.h"
#include "core/error.h"
#include "core/notify/lang.h"
#include "model/users.h"

namespace corrchess::app {

// The operator's account settings.
struct AccountPolicy {
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
};

struct AccountDeps {
  Database& pool;
  ServerClock& clock;
  AccountPolicy policy;
};

// Passwords: at least kMinPassword bytes, at most kMaxPassword (kValidationError).
inline constexpr std::size_t kMinPassword = 8;
inline constexpr std::size_t kMaxPassword = 1024;
Result<void> validate_password(const std::string& password);
// Validates a username against the accepted pattern ([A-Za-z0-9_.-]{2,32}).
Result<void> validate_username(const std::string& username);
// kValidationError unless `role` is player, td or admin.
Result<void> validate_role(const std::string& role);
// kForbidden when the policy closes self-registration.
Result<void> check_registration_open(const AccountPolicy& policy);

// A self-registration from address `remote`.
struct Registration {
  std::string username;
  std::string password;
  std::optional<std::string> display_name;  // none: the username
  std::optional<std::string> email;
  // The language of the confirmation mail when the profile has none yet (the request's
  // Accept-Language); none: English.
  std::optional<notify::Lang> mail_language = std::nullopt;
};
// Registers a player: checks the fields (kValidationError), counts the registration per
// address (kRateLimited with `retry_after` set), hashes the password (kUnavailable with
// `retry_after` set when the bound on concurrent hashes is full, app/credentials.h), creates
// the account (kConflict for a taken name) and, where addresses must be verified, mails the
// confirmation link.
Result<model::User> register_account(AccountDeps& deps, const Registration& request,
                                     const std::string& remote, std::int64_t& retry_after);

// Creates a user with the given role (for the admin bootstrap and `admin create-user`);
// kUnavailable when the bound on concurrent hashes is full.
Result<model::User> create_account(Database& pool, const std::string& username,
                                   const std::string& password, const std::string& role);

// Checks a username and password under the login throttling (the attempt is counted per
// user and per address before the password is checked; a success settles it). Errors:
// kUnauthorized for wrong credentials, kRateLimited with `retry_after` set to the seconds to
// wait, kUnavailable with `retry_after` set when the bound on concurrent password checks is
// full (the attempt stays counted).
Result<model::User> check_credentials(Database& pool, const AccountPolicy& policy,
                                      const std::string& username, const std::string& password,
                                      const std::string& remote, std::int64_t& retry_after);

// A new sign-in of `user`: its secret (given to the client once) and expiry (RFC 3339).
struct SignIn {
  std::string secret;
  std::string expires_at;
};
// Stores a new token for `user`; `replaced_secret` (a session cookie planted before the
// login) is revoked in the same transaction.
Result<SignIn> sign_in(AccountDeps& deps, const model::User& user,
                       const std::optional<std::string>& replaced_secret);

// Ends the sign-in of `secret`, or every sign-in of `user` when `everywhere`; their live
// connections close on every instance.
Result<void> sign_out(AccountDeps& deps, const model::User& user, const std::string& secret,
                      bool everywhere);

// Changes `user`'s password after checking `current` (counted like a login attempt from
// `remote`, so a stolen session cannot guess it); every sign-in but `kept_secret`'s ends.
// kValidationError for a bad new password or a wrong current one; kRateLimited with
// `retry_after` set; kUnavailable with `retry_after` set when the bound on concurrent
// password hashes is full (nothing changed).
Result<void> change_password(AccountDeps& deps, const model::User& user, const std::string& current,
                             const std::string& next, const std::string& remote,
                             const std::string& kept_secret, std::int64_t& retry_after);

// kForbidden unless `actor` is an admin.
Result<void> require_admin(const model::User& actor);
// An admin gives `username` the role `role`; the user's live connections reconnect under it.
// Audited as role_changed (target the user, detail {before, after}) with `reason`.
// kForbidden for non-admins, kValidationError for an unknown role, kNotFound for no user.
Result<model::User> change_role(AccountDeps& deps, const model::User& actor,
                                const std::string& username, const std::string& role,
                                const std::optional<std::string>& reason = std::nullopt);

// The user and expiry of a valid token by its hash (none: unknown, expired or revoked).
Result<std::optional<model::TokenOwner>> token_owner(Database& pool, const std::string& token_hash);

}  // namespace corrchess::app
