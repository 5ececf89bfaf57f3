#include "api/accounts.h"

#include "api/auth.h"
#include "api/json_body.h"
#include "api/pipeline.h"
#include "api/token_cache.h"
#include "app/roles.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

// The longest reason of a role change (bytes), as for the directors' other actions.
constexpr std::size_t kMaxRoleReason = 2000;

bool secure_cookies(const AccountOptions& options, const Request& request) {
  return options.secure_cookies || request.secure;
}

Response rate_limited(std::int64_t retry_after_seconds, std::string detail) {
  Response r = problem_response(Error{ErrorCode::kRateLimited, std::move(detail)});
  set_retry_after(r, retry_after_seconds);
  return r;
}

// The problem of a refused account command; kRateLimited carries Retry-After, and so does
// kUnavailable when the command says when to come back (password checks all busy).
Response refused(const Error& error, std::int64_t retry_after) {
  if (error.code == ErrorCode::kRateLimited) return rate_limited(retry_after, error.detail);
  Response r = problem_response(error);
  if (error.code == ErrorCode::kUnavailable && retry_after > 0) set_retry_after(r, retry_after);
  return r;
}

// POST /auth/register: {username, password, display_name?, email?}.
struct RegisterBody {
  app::Registration account;

  static Result<RegisterBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto username = in.required_string("username", 32);
    auto password = in.required_string("password", app::kMaxPassword);
    // 1 to 64 characters (checked after), up to 4 bytes each: as in PATCH /me.
    auto display_name = in.optional_string("display_name", 4 * 64);
    auto email = in.optional_string("email", 254);
    return in.finish(RegisterBody{{username, password, display_name, email}});
  }
};

// POST /auth/login: {username, password, cookie?}.
struct LoginBody {
  std::string username;
  std::string password;
  bool cookie = false;

  static Result<LoginBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto username = in.required_string("username", 64);
    auto password = in.required_string("password", app::kMaxPassword);
    auto cookie = in.optional_bool("cookie");
    return in.finish(LoginBody{username, password, cookie.value_or(false)});
  }
};

// Registration may be closed: that refusal comes before the body is read.
Result<Response> register_user(app::AccountDeps& deps, const Request& request) {
  TRY(app::check_registration_open(deps.policy));
  TRY_LET(body, Routes::decode<RegisterBody>(request));
  // The confirmation mail's language (the new profile has none): the browser's.
  body->account.mail_language =
      notify::accept_language(request.header("accept-language").value_or(""));
  std::int64_t wait = 0;
  auto created = app::register_account(deps, body->account, request.remote, wait);
  if (!created) return refused(created.error(), wait);
  return json_response(201, user_json(*created));
}

Result<Response> login(app::AccountDeps& deps, const AccountOptions& options, const Call& call,
                       const LoginBody& body) {
  const auto& request = call.request;
  std::int64_t wait = 0;
  auto user = app::check_credentials(deps.pool, deps.policy, body.username, body.password,
                                     request.remote, wait);
  if (!user) return refused(user.error(), wait);
  // A session cookie planted before the login is revoked, never adopted.
  TRY_LET(issued, app::sign_in(deps, *user, body.cookie ? session_cookie(request) : std::nullopt));
  if (!body.cookie) {
    return json_response(200, {{"token", issued->secret},
                               {"expires_at", issued->expires_at},
                               {"user", user_json(*user)}});
  }
  // The web client: the secret only in an HttpOnly cookie, never readable by scripts.
  Response r = json_response(200, {{"expires_at", issued->expires_at},
                                   {"user", user_json(*user)},
                                   {"csrf_token", csrf_token(issued->secret)}});
  r.headers.emplace_back("Set-Cookie",
                         session_cookie_header(issued->secret, options.token_ttl_seconds,
                                               secure_cookies(options, request)));
  return r;
}

// POST /auth/logout: {everywhere?}.
struct LogoutBody {
  static constexpr bool kEmptyBody = true;
  bool everywhere = false;

  static Result<LogoutBody> from_json(const nlohmann::json& body, const Request&) {
    Fields in(body);
    auto everywhere = in.optional_bool("everywhere");
    return in.finish(LogoutBody{everywhere.value_or(false)});
  }
};

// POST /me/password: {current_password, new_password}.
struct PasswordChangeBody {
  std::string current;
  std::string next;

  static Result<PasswordChangeBody> from_json(const nlohmann::json& body, const Request&) {
    Fields in(body);
    auto current = in.required_string("current_password", app::kMaxPassword);
    auto next = in.required_string("new_password", app::kMaxPassword);
    return in.finish(PasswordChangeBody{current, next});
  }
};

// PATCH /admin/users/{username}: {role, reason?}.
struct RoleBody {
  std::string role;
  std::optional<std::string> reason;

  static Result<RoleBody> from_json(const nlohmann::json& body, const Request&) {
    Fields in(body);
    auto role = in.required_string("role", 16);
    auto reason = in.optional_string("reason", kMaxRoleReason, Text::kMultiline);
    return in.finish(RoleBody{role, reason});
  }
};

Result<Response> logout(app::AccountDeps& deps, const AccountOptions& options, const Call& call,
                        const LogoutBody& body) {
  const auto credential = *request_credential(call.request);
  TRY_LET(done, app::sign_out(deps, call.caller(), credential.secret, body.everywhere));
  forget_signed_in(deps.pool, call.caller().id);
  Response r = no_content();
  if (credential.from_cookie) {
    r.headers.emplace_back("Set-Cookie",
                           session_cookie_header("", 0, secure_cookies(options, call.request)));
  }
  return r;
}

Result<Response> change_password(app::AccountDeps& deps, const Call& call,
                                 const PasswordChangeBody& body) {
  std::int64_t wait = 0;
  auto done =
      app::change_password(deps, call.caller(), body.current, body.next, call.request.remote,
                           request_credential(call.request)->secret, wait);
  if (!done) return refused(done.error(), wait);
  forget_signed_in(deps.pool, call.caller().id);
  return no_content();
}

Result<Response> me(const AccountOptions& options, const Call& call) {
  auto body = user_json(call.caller());
  if (const auto credential = request_credential(call.request);
      credential && credential->from_cookie) {
    body["csrf_token"] = csrf_token(credential->secret);
  }
  if (options.me_details) {
    TRY_LET(details, options.me_details(call.caller()));
    body.update(*details);
  }
  return json_response(200, body);
}

Result<Response> patch_user(app::AccountDeps& deps, const Call& call, const RoleBody& body) {
  TRY_LET(updated, app::change_role(deps, call.caller(), call.params.at("username"), body.role,
                                    body.reason));
  forget_signed_in(deps.pool, updated->id);
  return json_response(200, user_json(*updated));
}

}  // namespace

void write_user(model::JsonText& out, const model::User& user) {
  out.begin_object();
  out.field("id", std::to_string(user.id)).field("username", user.username);
  out.field("display_name", user.display_name).field("role", user.role);
  out.field("created_at", user.created_at).end_object();
}

nlohmann::json user_json(const model::User& user) {
  model::JsonText out;
  write_user(out, user);
  return nlohmann::json::parse(out.take());
}

Result<model::User> authenticate(app::Database& pool, const Request& request, bool allow_query) {
  auto credential = request_credential(request, allow_query);
  if (!credential || credential->secret.empty()) {
    return fail(ErrorCode::kUnauthorized, "missing bearer token (Authorization: Bearer <token>)");
  }
  const auto hash = token_hash(credential->secret);
  auto* cache = TokenCache::for_pool(pool);
  if (cache) {
    if (auto known = cache->find(hash)) return *known;
  }
  const auto generation = cache ? cache->generation() : 0;
  TRY_LET(owner, app::token_owner(pool, hash));
  if (!*owner) return fail(ErrorCode::kUnauthorized, "token is invalid, expired or revoked");
  if (cache) cache->remember(hash, (*owner)->user, (*owner)->expires_in_seconds, generation);
  return (*owner)->user;
}

Result<SocketSession> authenticate_socket(app::Database& pool, const Request& request) {
  auto credential = request_credential(request, true);
  if (!credential || credential->secret.empty()) {
    return fail(ErrorCode::kUnauthorized, "missing bearer token (Authorization: Bearer <token>)");
  }
  // A page of another site may open a WebSocket to us, and the browser adds our cookie.
  if (credential->from_cookie && !same_origin(request)) {
    return fail(ErrorCode::kForbidden, "a WebSocket signed in by cookie must come from this site");
  }
  const auto hash = token_hash(credential->secret);
  TRY_LET(owner, app::token_owner(pool, hash));
  if (!*owner) return fail(ErrorCode::kUnauthorized, "token is invalid, expired or revoked");
  // The sign-in is checked first (api.md "Errors"), then the query.
  std::optional<std::int64_t> since;
  if (auto it = request.query.find("since"); it != request.query.end()) {
    const auto& text = it->second;
    if (text.empty() || text.size() > 18 ||
        text.find_first_not_of("0123456789") != std::string::npos) {
      return fail(ErrorCode::kValidationError,
                  "since must be the number (seq) of the last live message you saw, 0 or more");
    }
    since = std::stoll(text);
  }
  return SocketSession{(*owner)->user, hash, (*owner)->expires_in_seconds, since};
}

Result<void> require_director(const model::User& user) { return app::require_director(user); }

void add_account_routes(Router& router, app::Database& pool, app::ServerClock& clock,
                        const AccountOptions& options) {
  auto deps = std::make_shared<app::AccountDeps>(app::AccountDeps{pool, clock, options});
  Routes routes(router, pool, "accounts");
  routes.add({"POST", "/api/v1/auth/register", Access::kNone,
              Doc("Register an account", 201, "the user", "User")
                  .in({{"username", "string", true, "[A-Za-z0-9_.-]{2,32}"},
                       {"password", "string", true, "at least 8 characters"},
                       {"display_name", "string", false, ""},
                       {"email", "string", false, ""}},
                      {{"username", "newcomer"}, {"password", "correct-horse-battery"}})
                  .hashing_password()},
             [deps](const Call& c) -> Result<Response> { return register_user(*deps, c.request); });
  routes.add({"POST", "/api/v1/auth/login", Access::kNone,
              Doc("Log in", 200,
                  "{token, expires_at, user}; with cookie: {expires_at, user, csrf_token} and the "
                  "session in an HttpOnly cookie")
                  .in({{"username", "string", true, ""},
                       {"password", "string", true, ""},
                       {"cookie", "boolean", false,
                        "sign the browser in with a session cookie instead of returning a token"}},
                      {{"username", "alice"}, {"password", "correct-horse-battery"}})
                  .hashing_password()},
             BodyHandler<LoginBody>([deps, options](const Call& c, LoginBody&& b) {
               return login(*deps, options, c, b);
             }));
  routes.add({"POST", "/api/v1/auth/logout", Access::kUser,
              Doc("Revoke the caller's token (or all of them)", 204,
                  "no content; a session cookie is cleared")
                  .in({{"everywhere", "boolean", false, "end every sign-in of the user"}},
                      json::object())},
             BodyHandler<LogoutBody>([deps, options](const Call& c, LogoutBody&& b) {
               return logout(*deps, options, c, b);
             }));
  routes.add({"POST", "/api/v1/me/password", Access::kUser,
              Doc("Change one's password", 204, "no content; every other sign-in of the user ends")
                  .in({{"current_password", "string", true, ""},
                       {"new_password", "string", true, "at least 8 characters"}},
                      {{"current_password", "correct-horse-battery"},
                       {"new_password", "correct-horse-battery-2"}})
                  .hashing_password()},
             BodyHandler<PasswordChangeBody>([deps](const Call& c, PasswordChangeBody&& b) {
               return change_password(*deps, c, b);
             }));
  routes.add({"GET", "/api/v1/me", Access::kUser,
              Doc("The caller, with leave balances per event and year", 200,
                  "the user plus leave: [{event_id, year, allowance_days, used_days, special_days, "
                  "remaining_days}]",
                  "Me")},
             [options](const Call& c) { return me(options, c); });
  routes.add({"PATCH", "/api/v1/admin/users/{username}", Access::kAdmin,
              Doc("Change a user's role", 200, "the user", "User")
                  .in({{"role", "string", true, "player, td or admin"},
                       {"reason", "string", false, "kept in the audit log (role_changed)"}},
                      {{"role", "player"}})},
             BodyHandler<RoleBody>(
                 [deps](const Call& c, RoleBody&& body) { return patch_user(*deps, c, body); }));
}

}  // namespace corrchess::api
