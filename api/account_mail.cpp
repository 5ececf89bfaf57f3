#include "api/account_mail.h"

#include "api/accounts.h"
#include "api/auth.h"
#include "api/json_body.h"
#include "api/token_cache.h"
#include "app/notifications.h"
#include "core/game/crosstable.h"  // html_escape
#include "db/account_tokens.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

Response page(int status, const std::string& title, const std::string& body) {
  return text_response(status, "text/html; charset=utf-8",
                       "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + title +
                           "</title></head><body>\n" + body + "\n</body></html>\n");
}

bool is_form(const Request& r) {
  return r.header("content-type").value_or("").starts_with("application/x-www-form-urlencoded");
}

// The fields of a request: a form body (token also from the query) or a JSON object.
Result<std::map<std::string, std::string>> fields_of(const Request& r) {
  std::map<std::string, std::string> out;
  if (auto it = r.query.find("token"); it != r.query.end()) out["token"] = it->second;
  if (is_form(r)) {
    auto parsed = split_target("/?" + r.body);
    if (!parsed) return fail(ErrorCode::kValidationError, "malformed form body");
    for (const auto& [k, v] : parsed->second) out[k] = v;
    return out;
  }
  if (r.body.empty()) return out;
  auto body = json_object_body(r);
  if (!body) return std::unexpected(body.error());
  for (const auto& [k, v] : body->items()) {
    if (v.is_string()) out[k] = v.get<std::string>();
  }
  return out;
}

std::string link(const std::string& path, const std::string& token) {
  return app::notification_settings().public_url + path + "?token=" + token;
}

// A small form that posts `fields` (hidden token and, for resets, a new password) back.
std::string form(const std::string& token, const std::string& button, bool password) {
  return "<form method=\"post\"><input type=\"hidden\" name=\"token\" value=\"" +
         game::html_escape(token) + "\">" +
         (password ? "<p><label>New password <input type=\"password\" name=\"password\" "
                     "minlength=\"8\" required></label></p>"
                   : "") +
         "<button>" + button + "</button></form>";
}

Response request_reset(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto body = json_object_body(r);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    const auto user = db::find_user(tx, *username);
    if (!user || !user->email) return {};  // the same answer: no account enumeration
    // A mailbox is not flooded: a few links an hour, then the same answer and no mail.
    if (db::recent_account_tokens(tx, user->id, "password_reset") >= kMailsPerHour) return {};
    const auto now = clock.now(tx);
    const auto token = new_token();
    const auto expires = now + kPasswordResetSeconds;
    db::store_account_token(tx, token.hash, user->id, "password_reset", user->email, expires);
    app::queue_account_mail(tx, user->id, "password_reset",
                            link("/api/v1/auth/password-reset/confirm", token.secret), expires,
                            now);
    return {};
  });
  if (!done) return problem_response(done.error());
  return json_response(202, {{"status", "if the account has an address, a link is on its way"}});
}

Response confirm_reset(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto fields = fields_of(r);
  if (!fields) return problem_response(fields.error());
  const auto password = (*fields)["password"];
  if (auto ok = validate_password(password); !ok) return problem_response(ok.error());
  const auto hash = hash_password(password);
  std::int64_t reset_user = 0;
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    auto used =
        db::use_account_token(tx, token_hash((*fields)["token"]), "password_reset", clock.now(tx));
    if (!used) {
      return fail(ErrorCode::kValidationError,
                  "this link is not valid (used already, expired or unknown)");
    }
    db::reset_password(tx, used->user_id, hash);
    db::notify_sessions_ended(tx, used->user_id, "");  // live sockets close too
    reset_user = used->user_id;
    return {};
  });
  if (!done) return problem_response(done.error());
  forget_signed_in(pool, reset_user);
  if (is_form(r)) return page(200, "Password changed", "<p>Your password has been changed.</p>");
  return json_response(200, {{"status", "password changed; every session was signed out"}});
}

Response request_verification(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto user = authenticate(pool, r);
  if (!user) return problem_response(user.error());
  if (!user->email) {
    return problem_response(
        Error{ErrorCode::kValidationError, "set an address first (PATCH /api/v1/me)"});
  }
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<bool> {
    if (db::recent_account_tokens(tx, user->id, "verify_email") >= kMailsPerHour) {
      return fail(ErrorCode::kRateLimited, "a few confirmation mails an hour at most; try later");
    }
    const auto now = clock.now(tx);
    const auto token = new_token();
    const auto expires = now + kVerifyEmailSeconds;
    db::store_account_token(tx, token.hash, user->id, "verify_email", user->email, expires);
    return app::queue_account_mail(tx, user->id, "verify_email",
                                   link("/api/v1/auth/verify-email", token.secret), expires, now);
  });
  if (!done) return problem_response(done.error());
  if (!*done) {
    return problem_response(Error{ErrorCode::kConflict, "this server sends no mail"});
  }
  return json_response(202, {{"status", "a link is on its way to " + *user->email}});
}

Response verify(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto fields = fields_of(r);
  if (!fields) return problem_response(fields.error());
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    auto used =
        db::use_account_token(tx, token_hash((*fields)["token"]), "verify_email", clock.now(tx));
    if (!used || !used->email || !db::mark_email_verified(tx, used->user_id, *used->email)) {
      return fail(ErrorCode::kValidationError,
                  "this link is not valid (used already, expired, unknown, or the address "
                  "changed since)");
    }
    return {};
  });
  if (!done) return problem_response(done.error());
  if (is_form(r)) return page(200, "Address confirmed", "<p>Your address is confirmed.</p>");
  return json_response(200, {{"status", "address verified"}});
}

}  // namespace

void add_account_mail_routes(Router& router, db::Pool& pool, db::ServerClock& clock) {
  router.add("POST", "/api/v1/auth/password-reset",
             [&pool, &clock](const Request& r, const PathParams&) {
               return request_reset(pool, clock, r);
             });
  router.add("GET", "/api/v1/auth/password-reset/confirm", [](const Request& r, const PathParams&) {
    const auto it = r.query.find("token");
    return page(200, "New password",
                form(it == r.query.end() ? "" : it->second, "Set the password", true));
  });
  router.add("POST", "/api/v1/auth/password-reset/confirm",
             [&pool, &clock](const Request& r, const PathParams&) {
               return confirm_reset(pool, clock, r);
             });
  router.add("POST", "/api/v1/me/email/verification",
             [&pool, &clock](const Request& r, const PathParams&) {
               return request_verification(pool, clock, r);
             });
  router.add("GET", "/api/v1/auth/verify-email", [](const Request& r, const PathParams&) {
    const auto it = r.query.find("token");
    return page(200, "Confirm your address",
                form(it == r.query.end() ? "" : it->second, "Confirm", false));
  });
  router.add(
      "POST", "/api/v1/auth/verify-email",
      [&pool, &clock](const Request& r, const PathParams&) { return verify(pool, clock, r); });
}

}  // namespace corrchess::api
