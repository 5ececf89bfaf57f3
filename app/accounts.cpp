#include "app/accounts.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>
#include <utility>

#include "app/credentials.h"
#include "app/verification_mail.h"
#include "core/game/profile.h"
#include "db/account_tokens.h"
#include "db/events.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

model::ThrottlePolicy per_user(const AccountPolicy& p) {
  return {p.max_failed_logins_per_user, 60, p.login_window_seconds, p.login_window_seconds};
}

model::ThrottlePolicy per_address(const AccountPolicy& p) {
  return {p.max_failed_logins_per_remote, 60, p.login_window_seconds, p.login_window_seconds};
}

model::ThrottlePolicy registrations(const AccountPolicy& p) {
  return {p.registrations_per_hour, 60, 3600, 3600};
}

// Returns the attempts counted for a password check that did not run (the hash bound was
// full), so that a busy server never locks anyone out. Best effort: if the database fails
// here, the attempts stay counted, as they would for a check that ran.
void give_back_attempts(Database& pool,
                        std::initializer_list<std::pair<std::string, model::ThrottlePolicy>> keys,
                        const std::string& remote) {
  (void)db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    for (const auto& [key, policy] : keys) db::return_attempt(tx, key, remote, policy);
    return {};
  });
}

}  // namespace

Result<void> validate_password(const std::string& password) {
  if (password.size() < kMinPassword) {
    return fail(ErrorCode::kValidationError,
                "password must be at least " + std::to_string(kMinPassword) + " characters");
  }
  if (password.size() > kMaxPassword) {
    return fail(ErrorCode::kValidationError, "password is too long");
  }
  return {};
}

Result<void> validate_username(const std::string& username) {
  const bool ok = username.size() >= 2 && username.size() <= 32 &&
                  std::all_of(username.begin(), username.end(), [](unsigned char c) {
                    return std::isalnum(c) || c == '_' || c == '.' || c == '-';
                  });
  if (!ok) {
    return fail(ErrorCode::kValidationError,
                "username must be 2-32 characters of letters, digits, '_', '.' or '-'");
  }
  return {};
}

Result<void> validate_role(const std::string& role) {
  if (role == "player" || role == "td" || role == "admin") return {};
  return fail(ErrorCode::kValidationError, "role must be player, td or admin");
}

Result<void> check_registration_open(const AccountPolicy& policy) {
  if (policy.open_registration) return {};
  return fail(ErrorCode::kForbidden, "open registration is disabled");
}

Result<model::User> register_account(AccountDeps& deps, const Registration& request,
                                     const std::string& remote, std::int64_t& retry_after) {
  TRY(check_registration_open(deps.policy));
  TRY(validate_username(request.username));
  TRY(validate_password(request.password));
  // The same checks as a profile change (core/game/profile.h).
  if (request.display_name) TRY(game::check_display_name(*request.display_name));
  if (request.email) TRY(game::check_email(*request.email));
  TRY_LET(waited, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
            return db::take_attempt(tx, db::kRegistrationKey, remote, registrations(deps.policy));
          }));
  if (*waited > 0) {
    retry_after = *waited;
    return fail(ErrorCode::kRateLimited, "too many registrations from this address");
  }
  auto hash = hash_password(request.password);
  if (!hash) {  // too busy to hash: this registration does not count against the address
    give_back_attempts(deps.pool, {{db::kRegistrationKey, registrations(deps.policy)}}, remote);
    retry_after = kHashBusyRetrySeconds;
    return std::unexpected(hash.error());
  }
  model::NewUser user{request.username, request.display_name.value_or(request.username),
                      request.email, *hash, "player"};
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::User> {
    auto made = db::create_user(tx, user);
    if (made) mail_verification_if_required(tx, deps.clock, *made, request.mail_language);
    return made;
  });
}

Result<model::User> create_account(Database& pool, const std::string& username,
                                   const std::string& password, const std::string& role) {
  TRY(validate_username(username));
  TRY(validate_password(password));
  TRY(validate_role(role));
  TRY_LET(hash, hash_password(password));
  model::NewUser user{username, username, std::nullopt, *hash, role};
  return db::in_transaction(pool, [&](pqxx::work& tx) { return db::create_user(tx, user); });
}

Result<model::User> check_credentials(Database& pool, const AccountPolicy& policy,
                                      const std::string& username, const std::string& password,
                                      const std::string& remote, std::int64_t& retry_after) {
  if (password.size() > kMaxPassword) {
    return fail(ErrorCode::kUnauthorized, "invalid username or password");
  }
  // The attempt is counted before the password is checked (state in PostgreSQL, so it
  // holds across instances and parallel guesses cannot pass the limit).
  using Found = std::optional<std::pair<model::User, std::string>>;
  std::int64_t wait = 0;
  TRY_LET(found, db::in_transaction(pool, [&](pqxx::work& tx) -> Result<Found> {
            wait = db::take_attempt(tx, db::login_key(username), remote, per_user(policy));
            if (wait == 0)
              wait = db::take_attempt(tx, db::kAddressKey, remote, per_address(policy));
            if (wait > 0) return Found{};
            return db::find_user_with_hash(tx, username);
          }));
  if (wait > 0) {
    retry_after = wait;
    return fail(ErrorCode::kRateLimited, "too many failed login attempts; try again later");
  }
  Result<bool> ok = false;
  if (found->has_value()) {
    ok = verify_password(password, (*found)->second);
  } else if (auto spent = verify_against_nobody(password); !spent) {  // as for a real user
    ok = std::unexpected(spent.error());
  }
  if (!ok) {  // too busy to check: the attempt was not made, so it is not counted
    give_back_attempts(
        pool, {{db::login_key(username), per_user(policy)}, {db::kAddressKey, per_address(policy)}},
        remote);
    retry_after = kHashBusyRetrySeconds;
    return std::unexpected(ok.error());
  }
  if (!*ok) return fail(ErrorCode::kUnauthorized, "invalid username or password");
  TRY_LET(settled, db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
            db::settle_successful_login(tx, username, remote, per_address(policy));
            return {};
          }));
  return (*found)->first;
}

Result<SignIn> sign_in(AccountDeps& deps, const model::User& user,
                       const std::optional<std::string>& replaced_secret) {
  // Always a new secret: a session planted before the login is never adopted (session
  // fixation), and is revoked.
  const auto token = new_token();
  TRY_LET(issued, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::string> {
            if (replaced_secret) db::revoke_token(tx, token_hash(*replaced_secret));
            return db::store_token(tx, token.hash, user.id, deps.policy.token_ttl_seconds);
          }));
  return SignIn{token.secret, *issued};
}

Result<void> sign_out(AccountDeps& deps, const model::User& user, const std::string& secret,
                      bool everywhere) {
  const auto hash = token_hash(secret);
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    if (everywhere) {
      db::revoke_user_tokens(tx, user.id, "");
      db::notify_sessions_ended(tx, user.id, "");
    } else {
      db::revoke_token(tx, hash);
      db::notify_sessions_ended(tx, user.id, hash);  // its live sockets close, on every instance
    }
    return {};
  });
}

Result<void> change_password(AccountDeps& deps, const model::User& user, const std::string& current,
                             const std::string& next, const std::string& remote,
                             const std::string& kept_secret, std::int64_t& retry_after) {
  if (auto ok = validate_password(next); !ok) return ok;
  const auto policy = per_user(deps.policy);
  std::int64_t wait = 0;
  TRY_LET(found,
          db::in_transaction(
              deps.pool,
              [&](pqxx::work& tx) -> Result<std::optional<std::pair<model::User, std::string>>> {
                wait = db::take_attempt(tx, db::login_key(user.username), remote, policy);
                if (wait > 0) return std::nullopt;
                return db::find_user_with_hash(tx, user.username);
              }));
  if (wait > 0) {
    retry_after = wait;
    return fail(ErrorCode::kRateLimited, "too many failed password checks; try again later");
  }
  Result<bool> matches = false;
  if (*found) matches = verify_password(current, (*found)->second);
  if (!matches) {  // too busy to check: not counted
    give_back_attempts(deps.pool, {{db::login_key(user.username), policy}}, remote);
    retry_after = kHashBusyRetrySeconds;
    return std::unexpected(matches.error());
  }
  if (!*matches) {
    // Not kUnauthorized: the session is valid, a field of the request is wrong.
    return fail(ErrorCode::kValidationError, "the current password is wrong");
  }
  const auto hash = hash_password(next);
  if (!hash) {
    retry_after = kHashBusyRetrySeconds;
    return std::unexpected(hash.error());
  }
  const auto keep = token_hash(kept_secret);
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    db::set_password_hash(tx, user.id, *hash);
    // A reset link mailed before the change would undo it: it stops working.
    db::revoke_account_tokens(tx, user.id, "password_reset");
    db::settle_successful_login(tx, user.username, remote, policy);
    db::revoke_user_tokens(tx, user.id, keep);
    db::notify_sessions_ended(tx, user.id, "");  // sockets of this sign-in reconnect
    return {};
  });
}

Result<void> require_admin(const model::User& actor) {
  if (actor.role == "admin") return {};
  return fail(ErrorCode::kForbidden, "this needs an administrator");
}

Result<model::User> change_role(AccountDeps& deps, const model::User& actor,
                                const std::string& username, const std::string& role,
                                const std::optional<std::string>& reason) {
  TRY(require_admin(actor));
  TRY(validate_role(role));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::User> {
    // The server keeps an administrator: the last one cannot give the role up (nobody could
    // give it back but the command line).
    if (role != "admin" && db::other_admins(tx, username) == 0) {
      const auto target = db::find_user(tx, username);
      if (target && target->role == "admin") {
        return fail(ErrorCode::kConflict, target->username +
                                              " is the only administrator: make another user "
                                              "admin first");
      }
    }
    const auto before = db::find_user(tx, username);
    auto changed = db::set_role(tx, username, role);
    if (!changed) return changed;
    // What the user's sockets may watch depends on the role: they reconnect under the new one.
    db::notify_sessions_ended(tx, changed->id, "");
    // Every director's action is in the audit log, an administrator's role changes included.
    db::write_audit(tx, {deps.clock.now(tx), actor.id, "role_changed", std::nullopt, std::nullopt,
                         changed->id, reason.value_or(""),
                         model::Fields{{"before", before ? before->role : std::string()},
                                       {"after", changed->role}}});
    return changed;
  });
}

Result<std::optional<model::TokenOwner>> token_owner(Database& pool,
                                                     const std::string& token_hash) {
  return db::in_transaction(pool, [&](pqxx::work& tx) {
    return Result<std::optional<model::TokenOwner>>(db::owner_of_token(tx, token_hash));
  });
}

}  // namespace corrchess::app
