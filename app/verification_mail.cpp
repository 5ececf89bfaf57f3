#include "app/verification_mail.h"

#include "app/credentials.h"
#include "app/notifications.h"
#include "db/account_tokens.h"
#include "db/server_clock.h"

namespace corrchess::app {

std::string mailed_link(const std::string& path, const std::string& token) {
  return notification_settings().public_url + path + "?token=" + token;
}

bool queue_verification_mail(pqxx::work& tx, ServerClock& clock, const model::User& user,
                             std::optional<notify::Lang> request_language) {
  if (!user.email) return false;
  const auto now = clock.now(tx);
  const auto token = new_token();
  const auto expires = now + kVerifyEmailSeconds;
  db::store_account_token(tx, token.hash, user.id, "verify_email", user.email, expires);
  return queue_account_mail(tx, user.id, "verify_email",
                            mailed_link("/api/v1/auth/verify-email", token.secret), expires, now,
                            request_language);
}

void mail_verification_if_required(pqxx::work& tx, ServerClock& clock, const model::User& user,
                                   std::optional<notify::Lang> request_language) {
  if (notification_settings().require_verified_email) {
    queue_verification_mail(tx, clock, user, request_language);
  }
}

}  // namespace corrchess::app
