// Account actions done through mailed links (docs/api.md "Password reset and address
// verification"), transport-neutral: a password reset by a single-use link that expires
// after an hour and signs the account out everywhere; the verification of one's address.
// Links point to CORRCHESS_PUBLIC_URL (app::notification_settings). The HTTP adapter (the
// pages the links open) is api/account_mail.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/handles.h"
#include "core/error.h"
#include "core/notify/lang.h"
#include "model/users.h"

namespace corrchess::app {

// How long a password-reset link works (an address-verification link: app/verification_mail.h).
inline constexpr std::int64_t kPasswordResetSeconds = 3600;
// At most this many password-reset (or confirmation) mails per account and hour.
inline constexpr int kMailsPerHour = 3;

// Mails a reset link to the address of `username`, a few an hour at most; succeeds the same
// way whether or not there is such an account (no account enumeration). The mail is in the
// profile's language, else `request_language` (the request's Accept-Language), else English.
Result<void> request_password_reset(Database& pool, ServerClock& clock, const std::string& username,
                                    std::optional<notify::Lang> request_language = std::nullopt);

// Sets the password of the account the reset link `token` was sent for and signs it out
// everywhere; returns the user's id. kValidationError for a bad password or a link used,
// expired or unknown; kUnavailable when the bound on concurrent password hashes is full (the
// link stays valid: try again).
Result<std::int64_t> reset_password(Database& pool, ServerClock& clock, const std::string& token,
                                    const std::string& password);

// Mails `user` a link confirming their address. kValidationError without an address,
// kRateLimited beyond kMailsPerHour, kConflict when the server sends no mail.
Result<void> request_email_verification(Database& pool, ServerClock& clock,
                                        const model::User& user);

// Marks the address the link `token` was sent to verified. kValidationError for a link
// used, expired or unknown, or when the address changed since.
Result<void> verify_email(Database& pool, ServerClock& clock, const std::string& token);

}  // namespace corrchess::app
