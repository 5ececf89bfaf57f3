#include "api/account_mail.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/mailed_link_page.h"
#include "api/pipeline.h"
#include "api/token_cache.h"
#include "app/account_mail.h"
#include "app/credentials.h"
#include "core/game/crosstable.h"  // html_escape

namespace corrchess::api {

namespace {

using nlohmann::json;

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
  TRY_LET(body, json_object_body(r));
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

// POST /auth/password-reset: {username}.
struct ResetRequestBody {
  std::string username;

  static Result<ResetRequestBody> from_json(const json& body, const Request&) {
    Fields in(body);
    return in.finish(ResetRequestBody{in.required_string("username", 64)});
  }
};

Result<Response> request_reset(app::Database& pool, app::ServerClock& clock,
                               const std::string& username, const Request& r) {
  // The mail's language when the profile names none: the browser's (Accept-Language).
  const auto language = notify::accept_language(r.header("accept-language").value_or(""));
  TRY_LET(done, app::request_password_reset(pool, clock, username, language));
  return json_response(202, {{"status", "if the account has an address, a link is on its way"}});
}

Result<Response> confirm_reset(app::Database& pool, app::ServerClock& clock, const Request& r) {
  TRY_LET(fields, fields_of(r));
  auto reset = app::reset_password(pool, clock, (*fields)["token"], (*fields)["password"]);
  if (!reset) {
    if (reset.error().code != ErrorCode::kUnavailable) return std::unexpected(reset.error());
    Response refused = problem_response(reset.error());  // password checks all busy
    set_retry_after(refused, app::kHashBusyRetrySeconds);
    return refused;
  }
  forget_signed_in(pool, *reset);
  if (is_form(r))
    return html_page(200, "Password changed", "<p>Your password has been changed.</p>");
  return json_response(200, {{"status", "password changed; every session was signed out"}});
}

Result<Response> request_verification(app::Database& pool, app::ServerClock& clock,
                                      const model::User& user) {
  TRY_LET(done, app::request_email_verification(pool, clock, user));
  return json_response(202, {{"status", "a link is on its way to " + *user.email}});
}

Result<Response> verify(app::Database& pool, app::ServerClock& clock, const Request& r) {
  TRY_LET(fields, fields_of(r));
  TRY_LET(done, app::verify_email(pool, clock, (*fields)["token"]));
  if (is_form(r)) return html_page(200, "Address confirmed", "<p>Your address is confirmed.</p>");
  return json_response(200, {{"status", "address verified"}});
}

// Registers GET `path`: the page behind a mailed link, a form titled `title` that posts the
// link's token back with `button` (and a new password when `password`).
void add_link_page(Routes& routes, const std::string& path, const std::string& summary,
                   const std::string& title, const std::string& button, bool password) {
  routes.add({"GET", path, Access::kNone,
              Doc(summary, 200, "HTML page").mailed_link_page("the token of the mailed link")},
             [title, button, password](const Call& c) -> Result<Response> {
               return html_page(200, title, form(link_token(c.request), button, password));
             });
}

}  // namespace

void add_account_mail_routes(Router& router, app::Database& pool, app::ServerClock& clock) {
  Routes routes(router, pool, "accounts");
  routes.add({"POST", "/api/v1/auth/password-reset", Access::kNone,
              Doc("Mail a single-use link to choose a new password (valid one hour)", 202,
                  "{status}: the same answer whether or not the account exists or has an address")
                  .in({{"username", "string", true, ""}}, {{"username", "alice"}})},
             BodyHandler<ResetRequestBody>([&pool, &clock](const Call& c, ResetRequestBody&& b) {
               return request_reset(pool, clock, b.username, c.request);
             }));
  add_link_page(routes, "/api/v1/auth/password-reset/confirm",
                "The page behind a password-reset link: a form that posts the new password",
                "New password", "Set the password", true);
  routes.add(
      {"POST", "/api/v1/auth/password-reset/confirm", Access::kNone,
       Doc("Set a new password with a mailed token; every session of the account ends", 200,
           "{status} (an HTML page for a form post); 400 validation_error for a used, expired or "
           "unknown token or a password shorter than 8 characters")
           .in({{"token", "string", true, "the token of the mailed link"},
                {"password", "string", true, "at least 8 characters"}},
               {{"token", "the-token-of-the-mail"}, {"password", "a-new-long-password"}})
           .hashing_password()},
      [&pool, &clock](const Call& c) { return confirm_reset(pool, clock, c.request); });
  routes.add(
      {"POST", "/api/v1/me/email/verification", Access::kUser,
       Doc("Mail a link that confirms one's address (valid 7 days)", 202,
           "{status}; 400 validation_error without an address, 409 conflict when the server "
           "sends no mail")},
      [&pool, &clock](const Call& c) { return request_verification(pool, clock, c.caller()); });
  add_link_page(routes, "/api/v1/auth/verify-email",
                "The page behind an address-confirmation link: a button that posts it",
                "Confirm your address", "Confirm", false);
  routes.add(
      {"POST", "/api/v1/auth/verify-email", Access::kNone,
       Doc("Confirm an address with a mailed token (once)", 200,
           "{status} (an HTML page for a form post); 400 validation_error for a used, expired or "
           "unknown token, or when the address changed since")
           .q({{"token", "string", false, "the token (or in the body)"}})
           .reading_own_body()},
      [&pool, &clock](const Call& c) { return verify(pool, clock, c.request); });
}

}  // namespace corrchess::api
