#include "api/account_mail.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/token_cache.h"
#include "app/account_mail.h"
#include "app/credentials.h"
#include "core/game/crosstable.h"  // html_escape

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
  auto done = app::request_password_reset(pool, clock, *username);
  if (!done) return problem_response(done.error());
  return json_response(202, {{"status", "if the account has an address, a link is on its way"}});
}

Response confirm_reset(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto fields = fields_of(r);
  if (!fields) return problem_response(fields.error());
  auto reset = app::reset_password(pool, clock, (*fields)["token"], (*fields)["password"]);
  if (!reset) {
    Response refused = problem_response(reset.error());
    if (reset.error().code == ErrorCode::kUnavailable) {  // password checks all busy
      refused.headers.emplace_back("Retry-After", std::to_string(app::kHashBusyRetrySeconds));
    }
    return refused;
  }
  forget_signed_in(pool, *reset);
  if (is_form(r)) return page(200, "Password changed", "<p>Your password has been changed.</p>");
  return json_response(200, {{"status", "password changed; every session was signed out"}});
}

Result<Response> request_verification(db::Pool& pool, db::ServerClock& clock,
                                      const db::User& user) {
  auto done = app::request_email_verification(pool, clock, user);
  if (!done) return std::unexpected(done.error());
  return json_response(202, {{"status", "a link is on its way to " + *user.email}});
}

Response verify(db::Pool& pool, db::ServerClock& clock, const Request& r) {
  auto fields = fields_of(r);
  if (!fields) return problem_response(fields.error());
  auto done = app::verify_email(pool, clock, (*fields)["token"]);
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
  Routes routes(router, pool);
  routes.add(
      {"POST", "/api/v1/me/email/verification", Access::kUser},
      [&pool, &clock](const Call& c) { return request_verification(pool, clock, c.caller()); });
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
