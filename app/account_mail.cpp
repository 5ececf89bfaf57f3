#include "app/account_mail.h"

#include "app/accounts.h"
#include "app/credentials.h"
#include "app/notifications.h"
#include "app/verification_mail.h"
#include "db/account_tokens.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

Result<void> request_password_reset(Database& pool, ServerClock& clock, const std::string& username,
                                    std::optional<notify::Lang> request_language) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    const auto user = db::find_user(tx, username);
    if (!user || !user->email) return {};  // the same answer: no account enumeration
    // A mailbox is not flooded: a few links an hour, then the same answer and no mail.
    if (db::recent_account_tokens(tx, user->id, "password_reset") >= kMailsPerHour) return {};
    const auto now = clock.now(tx);
    const auto token = new_token();
    const auto expires = now + kPasswordResetSeconds;
    db::store_account_token(tx, token.hash, user->id, "password_reset", user->email, expires);
    queue_account_mail(tx, user->id, "password_reset",
                       mailed_link("/api/v1/auth/password-reset/confirm", token.secret), expires,
                       now, request_language);
    return {};
  });
}

Result<std::int64_t> reset_password(Database& pool, ServerClock& clock, const std::string& token,
                                    const std::string& password) {
  TRY(validate_password(password));
  // The link first: a bogus one costs a lookup, not an Argon2 hash (64 MiB, tens of ms).
  TRY_LET(usable, db::in_transaction(pool, [&](pqxx::work& tx) -> Result<bool> {
            return db::account_token_usable(tx, token_hash(token), "password_reset", clock.now(tx));
          }));
  if (!*usable) {
    return fail(ErrorCode::kValidationError,
                "this link is not valid (used already, expired or unknown)");
  }
  TRY_LET(hash, hash_password(password));
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    auto used = db::use_account_token(tx, token_hash(token), "password_reset", clock.now(tx));
    if (!used) {
      return fail(ErrorCode::kValidationError,
                  "this link is not valid (used already, expired or unknown)");
    }
    db::reset_password(tx, used->user_id, *hash);
    db::notify_sessions_ended(tx, used->user_id, "");  // live sockets close too
    return used->user_id;
  });
}

Result<void> request_email_verification(Database& pool, ServerClock& clock,
                                        const model::User& user) {
  if (!user.email) {
    return fail(ErrorCode::kValidationError, "set an address first (PATCH /api/v1/me)");
  }
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    const auto wait = db::account_token_wait_seconds(tx, user.id, "verify_email", kMailsPerHour);
    if (wait > 0) {
      return std::unexpected(
          Error{ErrorCode::kRateLimited, "a few confirmation mails an hour at most; try again in " +
                                             std::to_string(wait) + " seconds"}
              .with_json("retry_after_seconds", std::to_string(wait)));
    }
    // Refused, the link is rolled back with the rest: it does not count against the limit.
    if (!queue_verification_mail(tx, clock, user)) {
      return fail(ErrorCode::kConflict, "this server sends no mail");
    }
    return {};
  });
}

Result<void> verify_email(Database& pool, ServerClock& clock, const std::string& token) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    auto used = db::use_account_token(tx, token_hash(token), "verify_email", clock.now(tx));
    if (!used || !used->email || !db::mark_email_verified(tx, used->user_id, *used->email)) {
      return fail(ErrorCode::kValidationError,
                  "this link is not valid (used already, expired, unknown, or the address "
                  "changed since)");
    }
    return {};
  });
}

}  // namespace corrchess::app
