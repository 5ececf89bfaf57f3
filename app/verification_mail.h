// Mailed links inside a use case's transaction (registration, a changed address, the
// account actions of app/account_mail.h). Internal to app/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "app/handles.h"
#include "core/notify/lang.h"
#include "model/users.h"

namespace corrchess::app {

// How long an address-verification link works.
inline constexpr std::int64_t kVerifyEmailSeconds = 7 * 86400;

// The public URL of a mailed link: CORRCHESS_PUBLIC_URL + `path` + "?token=" + `token`.
std::string mailed_link(const std::string& path, const std::string& token);

// Stores a new verification token for `user`'s address and queues the mail with its link,
// in the caller's transaction; false when the user has no address or the server sends no
// mail. The mail is in the profile's language, else `request_language` (a registration's
// Accept-Language), else English.
bool queue_verification_mail(pqxx::work& tx, ServerClock& clock, const model::User& user,
                             std::optional<notify::Lang> request_language = std::nullopt);
// queue_verification_mail when the server requires verified addresses (a registration with
// an address, a changed address); otherwise nothing.
void mail_verification_if_required(pqxx::work& tx, ServerClock& clock, const model::User& user,
                                   std::optional<notify::Lang> request_language = std::nullopt);

}  // namespace corrchess::app
