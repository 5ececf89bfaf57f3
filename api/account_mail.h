// Account actions done through mailed links (docs/api.md "Password reset and address
// verification"): a password reset by a single-use link that expires after an hour and
// signs the account out everywhere; the verification of one's address. The links open a
// small page whose form posts back (opening a link changes nothing).
#pragma once

#include "api/router.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/users.h"

namespace corrchess::api {

// How long a password-reset link and an address-verification link work.
inline constexpr std::int64_t kPasswordResetSeconds = 3600;
inline constexpr std::int64_t kVerifyEmailSeconds = 7 * 86400;
// At most this many password-reset (or confirmation) mails per account and hour.
inline constexpr int kMailsPerHour = 3;

// Stores a new verification token for `user`'s address and queues the mail with its link,
// in the caller's transaction; false when the user has no address or the server sends no
// mail. Called by POST /me/email/verification and, when addresses must be verified, by
// registration.
bool queue_verification_mail(pqxx::work& tx, db::ServerClock& clock, const db::User& user);

// Links point to CORRCHESS_PUBLIC_URL (app::notification_settings).
void add_account_mail_routes(Router& router, db::Pool& pool, db::ServerClock& clock);

}  // namespace corrchess::api
