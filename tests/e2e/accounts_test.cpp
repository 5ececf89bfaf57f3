#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::HttpResult;

class Accounts : public testing::ApiServerTest {
 protected:
  Accounts()
      : ApiServerTest({{"CORRCHESS_ADMIN_USER", "root"},
                       {"CORRCHESS_ADMIN_PASSWORD", "correct horse battery"}}) {}

  HttpResult post(const std::string& path, const json& body, const std::string& token = "") {
    return api_.call("POST", path, token, body);
  }
  HttpResult get(const std::string& path, const std::string& token) {
    return api_.call("GET", path, token);
  }
};

TEST_F(Accounts, RegisterLoginMeLogout) {
  ASSERT_TRUE(server_.started());
  auto reg = post("/api/v1/auth/register",
                  {{"username", "alice"}, {"password", "s3cret-pass"}, {"display_name", "Alice"}});
  ASSERT_EQ(reg.status, 201) << reg.body;
  auto user = json::parse(reg.body);
  EXPECT_EQ(user["username"], "alice");
  EXPECT_EQ(user["display_name"], "Alice");
  EXPECT_EQ(user["role"], "player");
  EXPECT_FALSE(user.contains("password_hash"));

  const auto token = api_.login("alice", "s3cret-pass");
  ASSERT_FALSE(token.empty());
  auto me = get("/api/v1/me", token);
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(json::parse(me.body)["username"], "alice");

  EXPECT_EQ(post("/api/v1/auth/logout", json::object(), token).status, 204);
  auto after = get("/api/v1/me", token);
  EXPECT_EQ(after.status, 401);
  EXPECT_EQ(json::parse(after.body)["code"], "unauthorized");
}

TEST_F(Accounts, DuplicateUsernameIsConflictCaseInsensitive) {
  ASSERT_TRUE(server_.started());
  ASSERT_EQ(post("/api/v1/auth/register", {{"username", "Bob"}, {"password", "password1"}}).status,
            201);
  auto dup = post("/api/v1/auth/register", {{"username", "bob"}, {"password", "password2"}});
  EXPECT_EQ(dup.status, 409);
  EXPECT_EQ(json::parse(dup.body)["code"], "conflict");
}

TEST_F(Accounts, BadInputIsValidationError) {
  ASSERT_TRUE(server_.started());
  for (const auto& body : {json{{"username", "x"}, {"password", "password1"}},
                           json{{"username", "good_name"}, {"password", "short"}},
                           json{{"username", 7}, {"password", "password1"}},
                           json{{"password", "password1"}}, json::array()}) {
    auto r = post("/api/v1/auth/register", body);
    EXPECT_EQ(r.status, 400) << body.dump();
    EXPECT_EQ(json::parse(r.body)["code"], "validation_error") << body.dump();
  }
  auto not_json = server_.request("POST", "/api/v1/auth/register", "{nope");
  EXPECT_EQ(not_json.status, 400);
  EXPECT_EQ(not_json.headers["content-type"], "application/problem+json");
}

TEST_F(Accounts, WrongPasswordIs401AndRepeatedFailuresAreRateLimited) {
  ASSERT_TRUE(server_.started());
  ASSERT_EQ(
      post("/api/v1/auth/register", {{"username", "carol"}, {"password", "right-password"}}).status,
      201);
  for (int i = 0; i < 5; ++i) {
    auto r = post("/api/v1/auth/login", {{"username", "carol"}, {"password", "wrong-password"}});
    EXPECT_EQ(r.status, 401);
  }
  auto limited =
      post("/api/v1/auth/login", {{"username", "carol"}, {"password", "right-password"}});
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(json::parse(limited.body)["code"], "rate_limited");
  EXPECT_FALSE(limited.headers["retry-after"].empty());
}

TEST_F(Accounts, AdminFromEnvironmentCanChangeRolesPlayersCannot) {
  ASSERT_TRUE(server_.started());
  ASSERT_EQ(
      post("/api/v1/auth/register", {{"username", "dave"}, {"password", "dave-password"}}).status,
      201);
  const auto admin = api_.login("root", "correct horse battery");
  const auto dave = api_.login("dave", "dave-password");
  auto denied = api_.call("PATCH", "/api/v1/admin/users/dave", dave, {{"role", "td"}});
  EXPECT_EQ(denied.status, 403);
  auto bad_role = api_.call("PATCH", "/api/v1/admin/users/dave", admin, {{"role", "king"}});
  EXPECT_EQ(bad_role.status, 400);
  auto ok = api_.call("PATCH", "/api/v1/admin/users/dave", admin, {{"role", "td"}});
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(json::parse(ok.body)["role"], "td");
  EXPECT_EQ(json::parse(get("/api/v1/me", dave).body)["role"], "td");
  // A director is not an administrator, and says so.
  const auto td_denied = api_.call("GET", "/api/v1/admin/notifications/failed", dave);
  EXPECT_EQ(td_denied.status, 403);
  EXPECT_EQ(json::parse(td_denied.body)["detail"], "this needs an administrator");

  // The only administrator cannot give the role up; once dave is one too, root can.
  auto last = api_.call("PATCH", "/api/v1/admin/users/ROOT", admin, {{"role", "td"}});
  EXPECT_EQ(last.status, 409) << last.body;
  EXPECT_EQ(json::parse(last.body)["detail"],
            "root is the only administrator: make another user admin first");
  EXPECT_EQ(json::parse(get("/api/v1/me", admin).body)["role"], "admin");
  ASSERT_EQ(api_.call("PATCH", "/api/v1/admin/users/dave", admin, {{"role", "admin"}}).status, 200);
  const auto admin_dave = api_.login("dave", "dave-password");
  EXPECT_EQ(api_.call("PATCH", "/api/v1/admin/users/root", admin, {{"role", "player"}}).status,
            200);
  EXPECT_EQ(api_.call("PATCH", "/api/v1/admin/users/dave", admin_dave, {{"role", "td"}}).status,
            409);
}

// A display name is 1 to 64 characters in any script (docs/api.md "Players"), at registration
// as in a profile change: 64 two-byte or three-byte characters are a name, 65 are not.
TEST_F(Accounts, RegistrationTakesADisplayNameOf64CharactersInAnyScript) {
  ASSERT_TRUE(server_.started());
  std::string cyrillic;
  std::string chinese;
  for (int i = 0; i < 64; ++i) {
    cyrillic += "Ж";  // 2 bytes
    chinese += "象";  // 3 bytes
  }
  for (const auto& [username, name] :
       {std::pair{"zhenya", cyrillic}, std::pair{"xiang", chinese}}) {
    auto made = post("/api/v1/auth/register",
                     {{"username", username}, {"password", "password-1"}, {"display_name", name}});
    ASSERT_EQ(made.status, 201) << made.body;
    EXPECT_EQ(json::parse(made.body)["display_name"], name);
  }
  auto long_name =
      post("/api/v1/auth/register",
           {{"username", "toolong"}, {"password", "password-1"}, {"display_name", cyrillic + "Ж"}});
  EXPECT_EQ(long_name.status, 400);
  EXPECT_EQ(json::parse(long_name.body)["code"], "validation_error");
  EXPECT_EQ(
      post("/api/v1/auth/login", {{"username", "toolong"}, {"password", "password-1"}}).status, 401)
      << "nothing was registered";
}

// The username in the path is checked before the body and the query (docs/api.md "Errors"):
// nobody of that name is 404 whatever the body or query; a known one gets the body's 400.
TEST_F(Accounts, AnUnknownUsernameInThePathAnswers404BeforeTheBodyOrQuery) {
  ASSERT_TRUE(server_.started());
  ASSERT_EQ(
      post("/api/v1/auth/register", {{"username", "erin"}, {"password", "erin-password"}}).status,
      201);
  const auto admin = api_.login("root", "correct horse battery");
  for (const json& body : {json{{"role", "king"}}, json{{"role", 5}}, json::object()}) {
    auto unknown = api_.call("PATCH", "/api/v1/admin/users/nobody", admin, body);
    EXPECT_EQ(unknown.status, 404) << body.dump() << unknown.body;
    EXPECT_EQ(json::parse(unknown.body)["detail"], "no user 'nobody'");
    EXPECT_EQ(api_.call("PATCH", "/api/v1/admin/users/erin", admin, body).status, 400)
        << body.dump();
  }
  auto not_json = api_.call_text("PATCH", "/api/v1/admin/users/nobody", admin, "{nope");
  EXPECT_EQ(not_json.status, 404) << not_json.body;
  EXPECT_EQ(api_.call("PATCH", "/api/v1/admin/users/nobody", admin, {{"role", "td"}}).status, 404);
  for (const std::string query : {"?limit=0", "?cursor=abc", "?status=lost"}) {
    auto unknown = get("/api/v1/admin/users/nobody/games" + query, admin);
    EXPECT_EQ(unknown.status, 404) << query << unknown.body;
    EXPECT_EQ(json::parse(unknown.body)["detail"], "no user 'nobody'");
    EXPECT_EQ(get("/api/v1/admin/users/erin/games" + query, admin).status, 400) << query;
  }
  // The pipeline checks every route with a {username}, not only those above.
  for (const json& body : {json{{"eligible", "yes"}, {"reason", "x"}}, json::object()}) {
    auto unknown = api_.call("POST", "/api/v1/admin/users/nobody/ladies-titles", admin, body);
    EXPECT_EQ(unknown.status, 404) << body.dump() << unknown.body;
    EXPECT_EQ(json::parse(unknown.body)["detail"], "no user 'nobody'");
    EXPECT_EQ(api_.call("POST", "/api/v1/admin/users/erin/ladies-titles", admin, body).status, 400)
        << body.dump();
  }
  for (const std::string query : {"?since=notadate", "?result=maybe"}) {
    auto unknown = get("/api/v1/users/nobody/games" + query, admin);
    EXPECT_EQ(unknown.status, 404) << query << unknown.body;
    EXPECT_EQ(get("/api/v1/users/erin/games" + query, admin).status, 400) << query;
  }
  EXPECT_EQ(json::parse(get("/api/v1/me", api_.login("erin", "erin-password")).body)["role"],
            "player");
}

// A server without mail refuses a confirmation mail (409 conflict) and the refusal changes
// nothing: it does not count against the three an hour, so a fourth is not 429.
TEST_F(Accounts, ARefusedConfirmationMailDoesNotCountAgainstTheHourlyLimit) {
  ASSERT_TRUE(server_.started());
  ASSERT_EQ(
      post("/api/v1/auth/register", {{"username", "fay"}, {"password", "fay-password"}}).status,
      201);
  const auto fay = api_.login("fay", "fay-password");
  EXPECT_EQ(api_.problem("POST", "/api/v1/me/email/verification", fay, nullptr, 400),
            "validation_error")
      << "no address yet";
  api_.expect("PATCH", "/api/v1/me", fay, {{"email", "fay@example.org"}});
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(api_.problem("POST", "/api/v1/me/email/verification", fay, nullptr, 409), "conflict")
        << "attempt " << i + 1;
  }
}

TEST_F(Accounts, MissingOrGarbageTokenIs401) {
  ASSERT_TRUE(server_.started());
  EXPECT_EQ(server_.request("GET", "/api/v1/me").status, 401);
  EXPECT_EQ(get("/api/v1/me", "not-a-token").status, 401);
}

}  // namespace
}  // namespace corrchess

namespace corrchess {
namespace {

TEST(ManualClock, OnlyExistsInManualModeAndNeverGoesBackward) {
  testing::TempDatabase db;
  const testing::ServerEnv admin = {{"CORRCHESS_ADMIN_USER", "root"},
                                    {"CORRCHESS_ADMIN_PASSWORD", "root-password"}};
  {
    testing::ServerProcess system_clock(db.url(), admin);
    ASSERT_TRUE(system_clock.started());
    const testing::ApiClient api(system_clock);
    auto r = api.call("POST", "/api/v1/admin/clock", api.login("root", "root-password"),
                      {{"advance_seconds", 60}});
    EXPECT_EQ(r.status, 404);
  }
  auto env = admin;
  env.emplace_back("CORRCHESS_CLOCK", "manual");
  testing::ServerProcess server(db.url(), env);
  ASSERT_TRUE(server.started());
  const testing::ApiClient api(server);
  const auto auth = api.login("root", "root-password");
  auto set = api.call("POST", "/api/v1/admin/clock", auth, {{"now", "2030-01-01T00:00:00Z"}});
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(json::parse(set.body)["now"], "2030-01-01T00:00:00Z");
  auto advanced = api.call("POST", "/api/v1/admin/clock", auth, {{"advance_seconds", 86400 + 61}});
  ASSERT_EQ(advanced.status, 200);
  EXPECT_EQ(json::parse(advanced.body)["now"], "2030-01-02T00:01:01Z");
  auto backward = api.call("POST", "/api/v1/admin/clock", auth, {{"now", "2030-01-01T12:00:00Z"}});
  EXPECT_EQ(backward.status, 400);
  auto read = api.call("GET", "/api/v1/admin/clock", auth);
  EXPECT_EQ(json::parse(read.body)["now"], "2030-01-02T00:01:01Z");
  EXPECT_EQ(api.call("POST", "/api/v1/admin/clock", "", {{"advance_seconds", 5}}).status, 401);
}

}  // namespace
}  // namespace corrchess
