#include "api/accounts.h"

#include <algorithm>

#include "api/auth.h"
#include "api/json_body.h"
#include "api/token_cache.h"
#include "app/roles.h"
#include "db/transaction.h"

namespace corrchess::api {

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

namespace {

Result<void> validate_role(const std::string& role) {
  if (role == "player" || role == "td" || role == "admin") return {};
  return fail(ErrorCode::kValidationError, "role must be player, td or admin");
}

bool secure_cookies(const AccountOptions& options, const Request& request) {
  return options.secure_cookies || request.secure;
}

Response rate_limited(std::int64_t retry_after_seconds, std::string detail) {
  Response r = problem_response(Error{ErrorCode::kRateLimited, std::move(detail)});
  r.headers.emplace_back("Retry-After", std::to_string(retry_after_seconds));
  return r;
}

Response register_user(db::Pool& pool, const AccountOptions& options, const Request& request) {
  if (!options.open_registration) {
    return problem_response(Error{ErrorCode::kForbidden, "open registration is disabled"});
  }
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 32);
  if (!username) return problem_response(username.error());
  auto password = required_string(*body, "password", kMaxPassword);
  if (!password) return problem_response(password.error());
  auto display_name = optional_string(*body, "display_name", 100);
  if (!display_name) return problem_response(display_name.error());
  auto email = optional_string(*body, "email", 254);
  if (!email) return problem_response(email.error());
  if (auto ok = validate_username(*username); !ok) return problem_response(ok.error());
  if (auto ok = validate_password(*password); !ok) return problem_response(ok.error());
  if (*email && (*email)->find('@') == std::string::npos) {
    return problem_response(Error{ErrorCode::kValidationError, "email is not an address"});
  }
  auto waited = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    return db::take_attempt(tx, db::kRegistrationKey, request.remote,
                            db::ThrottlePolicy{options.registrations_per_hour, 60, 3600, 3600});
  });
  if (!waited) return problem_response(waited.error());
  if (*waited > 0) return rate_limited(*waited, "too many registrations from this address");
  db::NewUser user{*username, display_name->value_or(*username), *email, hash_password(*password),
                   "player"};
  auto created = db::in_transaction(
      pool, [&](pqxx::work& tx) -> Result<db::User> { return db::create_user(tx, user); });
  if (!created) return problem_response(created.error());
  return json_response(201, user_json(*created));
}

Response login(db::Pool& pool, const AccountOptions& options, const Request& request) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto password = required_string(*body, "password", kMaxPassword);
  if (!password) return problem_response(password.error());
  auto cookie_field = optional_bool(*body, "cookie");
  if (!cookie_field) return problem_response(cookie_field.error());
  const bool want_cookie = cookie_field->value_or(false);
  std::int64_t wait = 0;
  auto user = check_credentials(pool, options, *username, *password, request.remote, wait);
  if (!user && user.error().code == ErrorCode::kRateLimited) {
    return rate_limited(wait, user.error().detail);
  }
  if (!user) return problem_response(user.error());
  // Always a new secret: a session cookie planted before the login is never adopted
  // (session fixation), and is revoked.
  const auto token = new_token();
  const auto old_cookie = session_cookie(request);
  auto issued = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::string> {
    if (want_cookie && old_cookie) db::revoke_token(tx, token_hash(*old_cookie));
    return db::store_token(tx, token.hash, user->id, options.token_ttl_seconds);
  });
  if (!issued) return problem_response(issued.error());
  if (!want_cookie) {
    return json_response(
        200, {{"token", token.secret}, {"expires_at", *issued}, {"user", user_json(*user)}});
  }
  // The web client: the secret only in an HttpOnly cookie, never readable by scripts.
  Response r = json_response(200, {{"expires_at", *issued},
                                   {"user", user_json(*user)},
                                   {"csrf_token", csrf_token(token.secret)}});
  r.headers.emplace_back("Set-Cookie",
                         session_cookie_header(token.secret, options.token_ttl_seconds,
                                               secure_cookies(options, request)));
  return r;
}

Response logout(db::Pool& pool, const AccountOptions& options, const Request& request) {
  auto user = authenticate(pool, request);
  if (!user) return problem_response(user.error());
  auto body = json_object_body(request, true);
  if (!body) return problem_response(body.error());
  auto everywhere = optional_bool(*body, "everywhere");
  if (!everywhere) return problem_response(everywhere.error());
  const auto credential = *request_credential(request);
  const auto hash = token_hash(credential.secret);
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (everywhere->value_or(false)) {
      db::revoke_user_tokens(tx, user->id, "");
      db::notify_sessions_ended(tx, user->id, "");
    } else {
      db::revoke_token(tx, hash);
      db::notify_sessions_ended(tx, user->id, hash);  // its live sockets close, on every instance
    }
    return {};
  });
  if (!done) return problem_response(done.error());
  forget_signed_in(pool, user->id);
  Response r = text_response(204, "application/json", "");
  if (credential.from_cookie) {
    r.headers.emplace_back("Set-Cookie",
                           session_cookie_header("", 0, secure_cookies(options, request)));
  }
  return r;
}

// Changes the password after checking the current one (counted like a login attempt, so a
// stolen session cannot guess it); every other sign-in of the user ends.
Response change_password(db::Pool& pool, const AccountOptions& options, const Request& request) {
  auto user = authenticate(pool, request);
  if (!user) return problem_response(user.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto current = required_string(*body, "current_password", kMaxPassword);
  if (!current) return problem_response(current.error());
  auto next = required_string(*body, "new_password", kMaxPassword);
  if (!next) return problem_response(next.error());
  if (auto ok = validate_password(*next); !ok) return problem_response(ok.error());
  const db::ThrottlePolicy policy{options.max_failed_logins_per_user, 60,
                                  options.login_window_seconds, options.login_window_seconds};
  std::int64_t wait = 0;
  auto found = db::in_transaction(
      pool, [&](pqxx::work& tx) -> Result<std::optional<std::pair<db::User, std::string>>> {
        wait = db::take_attempt(tx, db::login_key(user->username), request.remote, policy);
        if (wait > 0) return std::nullopt;
        return db::find_user_with_hash(tx, user->username);
      });
  if (!found) return problem_response(found.error());
  if (wait > 0) return rate_limited(wait, "too many failed password checks; try again later");
  if (!*found || !verify_password(*current, (*found)->second)) {
    // Not 401: the session is valid, a field of the request is wrong.
    return problem_response(Error{ErrorCode::kValidationError, "the current password is wrong"});
  }
  const auto hash = hash_password(*next);
  const auto keep = token_hash(request_credential(request)->secret);
  auto done = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    db::set_password_hash(tx, user->id, hash);
    db::settle_successful_login(tx, user->username, request.remote, policy);
    db::revoke_user_tokens(tx, user->id, keep);
    db::notify_sessions_ended(tx, user->id, "");  // sockets of this sign-in reconnect
    return {};
  });
  if (!done) return problem_response(done.error());
  forget_signed_in(pool, user->id);
  return text_response(204, "application/json", "");
}

Response me(db::Pool& pool, const AccountOptions& options, const Request& request) {
  auto user = authenticate(pool, request);
  if (!user) return problem_response(user.error());
  auto body = user_json(*user);
  if (const auto credential = request_credential(request); credential && credential->from_cookie) {
    body["csrf_token"] = csrf_token(credential->secret);
  }
  if (options.me_details) {
    auto details = options.me_details(*user);
    if (!details) return problem_response(details.error());
    body.update(*details);
  }
  return json_response(200, body);
}

Response patch_user(db::Pool& pool, const Request& request, const PathParams& params) {
  auto actor = authenticate(pool, request);
  if (!actor) return problem_response(actor.error());
  if (actor->role != "admin") {
    return problem_response(Error{ErrorCode::kForbidden, "only an admin may change roles"});
  }
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto role = required_string(*body, "role", 16);
  if (!role) return problem_response(role.error());
  if (auto ok = validate_role(*role); !ok) return problem_response(ok.error());
  auto updated = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<db::User> {
    auto changed = db::set_role(tx, params.at("username"), *role);
    // What the user's sockets may watch depends on the role: they reconnect under the new one.
    if (changed) db::notify_sessions_ended(tx, changed->id, "");
    return changed;
  });
  if (!updated) return problem_response(updated.error());
  forget_signed_in(pool, updated->id);
  return json_response(200, user_json(*updated));
}

}  // namespace

Result<db::User> check_credentials(db::Pool& pool, const AccountOptions& options,
                                   const std::string& username, const std::string& password,
                                   const std::string& remote, std::int64_t& retry_after) {
  if (password.size() > kMaxPassword) {
    return fail(ErrorCode::kUnauthorized, "invalid username or password");
  }
  // The attempt is counted before the password is checked (state in PostgreSQL, so it
  // holds across instances and parallel guesses cannot pass the limit).
  const db::ThrottlePolicy user_policy{options.max_failed_logins_per_user, 60,
                                       options.login_window_seconds, options.login_window_seconds};
  const db::ThrottlePolicy address_policy{options.max_failed_logins_per_remote, 60,
                                          options.login_window_seconds,
                                          options.login_window_seconds};
  using Found = std::optional<std::pair<db::User, std::string>>;
  std::int64_t wait = 0;
  auto found = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<Found> {
    wait = db::take_attempt(tx, db::login_key(username), remote, user_policy);
    if (wait == 0) wait = db::take_attempt(tx, db::kAddressKey, remote, address_policy);
    if (wait > 0) return Found{};
    return db::find_user_with_hash(tx, username);
  });
  if (!found) return std::unexpected(found.error());
  if (wait > 0) {
    retry_after = wait;
    return fail(ErrorCode::kRateLimited, "too many failed login attempts; try again later");
  }
  bool ok = false;
  if (found->has_value()) {
    ok = verify_password(password, (*found)->second);
  } else {
    verify_against_nobody(password);  // the same work as for a real user
  }
  if (!ok) return fail(ErrorCode::kUnauthorized, "invalid username or password");
  auto settled = db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    db::settle_successful_login(tx, username, remote, address_policy);
    return {};
  });
  if (!settled) return std::unexpected(settled.error());
  return (*found)->first;
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

nlohmann::json user_json(const db::User& user) {
  return {{"id", std::to_string(user.id)},
          {"username", user.username},
          {"display_name", user.display_name},
          {"role", user.role},
          {"created_at", user.created_at}};
}

Result<db::User> authenticate(db::Pool& pool, const Request& request, bool allow_query) {
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
  auto owner = db::in_transaction(pool, [&](pqxx::work& tx) {
    return Result<std::optional<db::TokenOwner>>(db::owner_of_token(tx, hash));
  });
  if (!owner) return std::unexpected(owner.error());
  if (!*owner) return fail(ErrorCode::kUnauthorized, "token is invalid, expired or revoked");
  if (cache) cache->remember(hash, (*owner)->user, (*owner)->expires_in_seconds, generation);
  return (*owner)->user;
}

Result<SocketSession> authenticate_socket(db::Pool& pool, const Request& request) {
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
  auto credential = request_credential(request, true);
  if (!credential || credential->secret.empty()) {
    return fail(ErrorCode::kUnauthorized, "missing bearer token (Authorization: Bearer <token>)");
  }
  // A page of another site may open a WebSocket to us, and the browser adds our cookie.
  if (credential->from_cookie && !same_origin(request)) {
    return fail(ErrorCode::kForbidden, "a WebSocket signed in by cookie must come from this site");
  }
  const auto hash = token_hash(credential->secret);
  auto owner = db::in_transaction(pool, [&](pqxx::work& tx) {
    return Result<std::optional<db::TokenOwner>>(db::owner_of_token(tx, hash));
  });
  if (!owner) return std::unexpected(owner.error());
  if (!*owner) return fail(ErrorCode::kUnauthorized, "token is invalid, expired or revoked");
  return SocketSession{(*owner)->user, hash, (*owner)->expires_in_seconds, since};
}

Result<void> require_director(const db::User& user) {
  if (app::is_director(user)) return {};
  return fail(ErrorCode::kForbidden, "this needs a tournament director");
}

Result<db::User> create_account(db::Pool& pool, const std::string& username,
                                const std::string& password, const std::string& role) {
  if (auto ok = validate_username(username); !ok) return std::unexpected(ok.error());
  if (auto ok = validate_password(password); !ok) return std::unexpected(ok.error());
  if (auto ok = validate_role(role); !ok) return std::unexpected(ok.error());
  db::NewUser user{username, username, std::nullopt, hash_password(password), role};
  return db::in_transaction(pool, [&](pqxx::work& tx) { return db::create_user(tx, user); });
}

void add_account_routes(Router& router, db::Pool& pool, const AccountOptions& options) {
  router.add("POST", "/api/v1/auth/register",
             [&pool, options](const Request& r, const PathParams&) {
               return register_user(pool, options, r);
             });
  router.add("POST", "/api/v1/auth/login", [&pool, options](const Request& r, const PathParams&) {
    return login(pool, options, r);
  });
  router.add("POST", "/api/v1/auth/logout", [&pool, options](const Request& r, const PathParams&) {
    return logout(pool, options, r);
  });
  router.add("POST", "/api/v1/me/password", [&pool, options](const Request& r, const PathParams&) {
    return change_password(pool, options, r);
  });
  router.add("GET", "/api/v1/me", [&pool, options](const Request& r, const PathParams&) {
    return me(pool, options, r);
  });
  router.add("PATCH", "/api/v1/admin/users/{username}",
             [&pool](const Request& r, const PathParams& p) { return patch_user(pool, r, p); });
}

}  // namespace corrchess::api
