// The web client's side of the server: its built files served at `/` (hashed assets cached
// as immutable, gzip when accepted, index.html for client routes, API and documents
// unaffected), security headers on every answer, and the session cookie: its flags, CSRF
// protection for cookie sign-ins (bearer clients unaffected), no session fixation, logout
// of one or every sign-in, a password change ending the other sign-ins, same-site-only
// WebSocket upgrades.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using json = nlohmann::json;
using testing::HttpResult;

// A stand-in for web/dist: index.html and one hashed asset with its gzip copy (any bytes:
// the server sends the file as it is).
class WebDir {
 public:
  WebDir() {
    char pattern[] = "/tmp/corrchess-web-XXXXXX";
    path_ = mkdtemp(pattern);
    std::filesystem::create_directories(path_ + "/assets");
    write("index.html", "<!doctype html><title>app</title><script src=\"/assets/app-1A2B.js\">");
    write("assets/app-1A2B.js", "console.log('plain');");
    write("assets/app-1A2B.js.gz", std::string("\x1f\x8b-compressed", 13));
  }
  ~WebDir() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }

 private:
  void write(const std::string& name, const std::string& text) {
    std::ofstream(path_ + "/" + name, std::ios::binary) << text;
  }
  std::string path_;
};

class WebSession : public testing::TwoPlayerTest {
 protected:
  WebSession()
      : TwoPlayerTest(testing::director_env(false, {{"CORRCHESS_WEB_DIR", web_.path()},
                                                    {"CORRCHESS_TRUSTED_PROXIES", "127.0.0.1"}})) {}

  // Logs in for a browser; the answer (Set-Cookie and the body with csrf_token).
  HttpResult cookie_login(const std::string& user, const std::string& cookie = "",
                          const std::map<std::string, std::string>& more = {}) {
    std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
    if (!cookie.empty()) headers["Cookie"] = cookie;
    headers.insert(more.begin(), more.end());
    return server_.request(
        "POST", "/api/v1/auth/login",
        json{{"username", user}, {"password", testing::kPlayerPassword}, {"cookie", true}}.dump(),
        headers);
  }
  // "corrchess_session=<secret>" from a Set-Cookie header.
  static std::string cookie_of(const HttpResult& r) {
    const auto& set = r.headers.at("set-cookie");
    return set.substr(0, set.find(';'));
  }
  HttpResult with_cookie(const std::string& method, const std::string& path,
                         const std::string& cookie, std::map<std::string, std::string> headers = {},
                         const std::string& body = "") {
    headers["Cookie"] = cookie;
    if (!body.empty()) headers["Content-Type"] = "application/json";
    return server_.request(method, path, body, headers);
  }
  // The Origin of a page of this server (the test client sends "Host: 127.0.0.1").
  static std::string origin() { return "http://127.0.0.1"; }

  static WebDir web_;
};

WebDir WebSession::web_;

TEST_F(WebSession, ServesTheClientItsAssetsAndLeavesTheApiAlone) {
  for (const std::string path : {"/", "/games", "/games/123", "/login", "/events/4"}) {
    auto page = server_.request("GET", path);
    ASSERT_EQ(page.status, 200) << path;
    EXPECT_EQ(page.headers["content-type"], "text/html; charset=utf-8") << path;
    EXPECT_NE(page.body.find("<title>app</title>"), std::string::npos) << path;
    EXPECT_EQ(page.headers["cache-control"], "no-cache") << path;
  }
  auto plain = server_.request("GET", "/assets/app-1A2B.js");
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(plain.body, "console.log('plain');");
  EXPECT_EQ(plain.headers["content-type"], "text/javascript; charset=utf-8");
  EXPECT_EQ(plain.headers["cache-control"], "public, max-age=31536000, immutable");
  EXPECT_EQ(plain.headers["vary"], "Accept-Encoding");
  EXPECT_EQ(plain.headers.count("content-encoding"), 0u);
  auto gz = server_.request("GET", "/assets/app-1A2B.js", "", {{"Accept-Encoding", "gzip, br"}});
  ASSERT_EQ(gz.status, 200);
  EXPECT_EQ(gz.headers["content-encoding"], "gzip");
  EXPECT_EQ(gz.body, std::string("\x1f\x8b-compressed", 13));
  // Missing files, the API and the documents are not client routes.
  for (const std::string path : {"/assets/app-FFFF.js", "/favicon.ico", "/api/v1/nothing",
                                 "/docs/README.md", "/assets/app-1A2B.js.gz/x"}) {
    auto missing = server_.request("GET", path);
    EXPECT_EQ(missing.status, 404) << path;
    EXPECT_EQ(missing.headers["content-type"], "application/problem+json") << path;
  }
  EXPECT_EQ(
      server_.request("POST", "/games/1", "{}", {{"Content-Type", "application/json"}}).status,
      404);
  auto health = server_.request("GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(json::parse(health.body)["status"], "ok");
  EXPECT_EQ(server_.request("GET", "/docs/rules.md").status, 200);
}

TEST_F(WebSession, SecurityHeadersOnPagesAndApi) {
  auto page = server_.request("GET", "/games/1");
  const auto& csp = page.headers["content-security-policy"];
  // Scripts only from this server; WebAssembly may be compiled (the analysis engine), never
  // JavaScript from strings ('unsafe-eval').
  EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << csp;
  EXPECT_NE(csp.find("worker-src 'self';"), std::string::npos) << csp;
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
  EXPECT_NE(csp.find("object-src 'none'"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos) << csp;
  for (const std::string path : {"/games/1", "/api/v1/openapi.json", "/api/v1/me", "/healthz"}) {
    auto r = server_.request("GET", path);
    EXPECT_EQ(r.headers["x-content-type-options"], "nosniff") << path;
    EXPECT_EQ(r.headers["x-frame-options"], "DENY") << path;
    EXPECT_EQ(r.headers["referrer-policy"], "same-origin") << path;
    EXPECT_NE(r.headers["content-security-policy"].find("frame-ancestors 'none'"),
              std::string::npos)
        << path;
  }
}

TEST_F(WebSession, CookieLoginHasSafeFlagsAndNoTokenInTheBody) {
  auto login = cookie_login(kWhite);
  ASSERT_EQ(login.status, 200) << login.body;
  const auto& set = login.headers["set-cookie"];
  EXPECT_EQ(set.rfind("corrchess_session=", 0), 0u) << set;
  for (const char* flag : {"; HttpOnly", "; SameSite=Lax", "; Path=/", "; Max-Age="}) {
    EXPECT_NE(set.find(flag), std::string::npos) << flag << " in " << set;
  }
  EXPECT_EQ(set.find("Secure"), std::string::npos) << "plain HTTP: " << set;
  const auto body = json::parse(login.body);
  EXPECT_FALSE(body.contains("token"));
  EXPECT_EQ(body["user"]["username"], kWhite);
  const std::string csrf = body["csrf_token"];
  auto me = with_cookie("GET", "/api/v1/me", cookie_of(login));
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(json::parse(me.body)["csrf_token"], csrf);
  // Bearer sign-ins have no CSRF token: nothing of theirs travels by itself.
  EXPECT_FALSE(api_.expect("GET", "/api/v1/me", white_).contains("csrf_token"));

  // Secure over TLS: said by a trusted proxy (the test's own address is one here).
  auto tls = cookie_login(kWhite, "", {{"X-Forwarded-Proto", "https"}});
  EXPECT_NE(tls.headers["set-cookie"].find("; Secure"), std::string::npos);
}

TEST_F(WebSession, StateChangesByCookieNeedTheCsrfTokenAndThisOrigin) {
  auto login = cookie_login(kWhite);
  const auto cookie = cookie_of(login);
  const std::string csrf = json::parse(login.body)["csrf_token"];
  const auto game = create_game();
  const std::string note = "/api/v1/games/" + game + "/note";
  const std::string body = json{{"text", "mine"}}.dump();

  auto refused = [&](const HttpResult& r) {
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(json::parse(r.body)["code"], "forbidden");
  };
  refused(with_cookie("PUT", note, cookie, {}, body));
  refused(with_cookie("PUT", note, cookie, {{"X-CSRF-Token", std::string(64, '0')}}, body));
  refused(with_cookie("PUT", note, cookie,
                      {{"X-CSRF-Token", csrf}, {"Origin", "https://evil.example"}}, body));
  // The scheme is part of the origin: this server is plain http here.
  refused(with_cookie("PUT", note, cookie,
                      {{"X-CSRF-Token", csrf}, {"Origin", "https://127.0.0.1"}}, body));
  refused(with_cookie("PUT", note, cookie, {{"X-CSRF-Token", csrf}, {"Origin", "ftp://127.0.0.1"}},
                      body));
  refused(with_cookie("POST", "/api/v1/games/" + game + "/resign", cookie, {}));
  EXPECT_EQ(api_.expect("GET", note, white_)["text"], "") << "nothing was written";
  EXPECT_EQ(api_.expect("GET", "/api/v1/games/" + game, white_)["status"], "ongoing");

  auto ok = with_cookie("PUT", note, cookie, {{"X-CSRF-Token", csrf}, {"Origin", origin()}}, body);
  EXPECT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(with_cookie("PUT", note, cookie, {{"X-CSRF-Token", csrf}}, body).status, 200);
  // Reading needs no token; a bearer request needs none either, even with a cookie beside it.
  EXPECT_EQ(with_cookie("GET", note, cookie).status, 200);
  auto bearer = server_.request("PUT", note, body,
                                {{"Authorization", "Bearer " + white_},
                                 {"Cookie", cookie},
                                 {"Content-Type", "application/json"}});
  EXPECT_EQ(bearer.status, 200) << bearer.body;
  // A login from another site is refused (login CSRF).
  refused(cookie_login(kWhite, "", {{"Origin", "https://evil.example"}}));
}

TEST_F(WebSession, WebSocketsByCookieOnlyFromThisSite) {
  auto login = cookie_login(kWhite);
  const std::map<std::string, std::string> upgrade{
      {"Connection", "Upgrade"},
      {"Upgrade", "websocket"},
      {"Sec-WebSocket-Version", "13"},
      {"Sec-WebSocket-Key", "Y29ycmNoZXNzLXdlYiEhIQ=="},
      {"Cookie", cookie_of(login)}};
  auto evil = upgrade;
  evil["Origin"] = "https://evil.example";
  EXPECT_EQ(server_.request("GET", "/api/v1/ws", "", evil).status, 403);
  EXPECT_EQ(server_.request("GET", "/api/v1/ws", "", upgrade).status, 403) << "no Origin";
}

TEST_F(WebSession, LoginNeverAdoptsAPlantedSession) {
  auto first = cookie_login(kWhite);
  const auto planted = cookie_of(first);
  auto second = cookie_login(kWhite, planted);
  ASSERT_EQ(second.status, 200);
  EXPECT_NE(cookie_of(second), planted);
  EXPECT_EQ(with_cookie("GET", "/api/v1/me", planted).status, 401) << "the old one is revoked";
  EXPECT_EQ(with_cookie("GET", "/api/v1/me", cookie_of(second)).status, 200);
  // A made-up cookie sent along does not stop the login either.
  EXPECT_EQ(cookie_login(kWhite, "corrchess_session=made-up").status, 200);
}

TEST_F(WebSession, LogoutClearsTheCookieAndLogoutEverywhereEndsEverySignIn) {
  auto login = cookie_login(kWhite);
  const auto cookie = cookie_of(login);
  const std::string csrf = json::parse(login.body)["csrf_token"];
  auto out = with_cookie("POST", "/api/v1/auth/logout", cookie, {{"X-CSRF-Token", csrf}});
  ASSERT_EQ(out.status, 204) << out.body;
  EXPECT_NE(out.headers["set-cookie"].find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(with_cookie("GET", "/api/v1/me", cookie).status, 401);

  auto browser = cookie_login(kWhite);
  const auto other_token = api_.login(kWhite);
  api_.expect("POST", "/api/v1/auth/logout", white_, json{{"everywhere", true}}, 204);
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 401);
  EXPECT_EQ(api_.call("GET", "/api/v1/me", other_token).status, 401);
  EXPECT_EQ(with_cookie("GET", "/api/v1/me", cookie_of(browser)).status, 401);
  EXPECT_EQ(api_.call("GET", "/api/v1/me", black_).status, 200) << "other users stay";
}

TEST_F(WebSession, PasswordChangeEndsTheOtherSignIns) {
  auto browser = cookie_login(kWhite);
  const auto second = api_.login(kWhite);
  EXPECT_EQ(
      api_.problem("POST", "/api/v1/me/password", white_,
                   {{"current_password", "wrong-password"}, {"new_password", "new-pass-123"}}, 400),
      "validation_error");
  EXPECT_EQ(api_.call("GET", "/api/v1/me", second).status, 200) << "a refused change ends nothing";
  api_.expect("POST", "/api/v1/me/password", white_,
              {{"current_password", testing::kPlayerPassword}, {"new_password", "new-pass-123"}},
              204);
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 200) << "this sign-in stays";
  EXPECT_EQ(api_.call("GET", "/api/v1/me", second).status, 401);
  EXPECT_EQ(with_cookie("GET", "/api/v1/me", cookie_of(browser)).status, 401);
  EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", kWhite}, {"password", testing::kPlayerPassword}})
                .status,
            401)
      << "the old password no longer works";
  EXPECT_NE(api_.login(kWhite, "new-pass-123"), "");
}

}  // namespace
}  // namespace corrchess
