// What a person or an operator meets first: the page at `/`, the documents it links, the
// build's version (in `corrchess-server --version` and /healthz) and `corrchess-server admin
// create-user` for the first administrator.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"
#include "tests/support/test_env.h"

namespace corrchess {
namespace {

// Runs corrchess-server with `args`, `stdin_text` on its standard input and `env` prefixed.
testing::CommandRun run_server_command(const std::string& args, const std::string& stdin_text = "",
                                       const std::string& env = "") {
  return testing::run_command("printf '%s' " + testing::shell_quote(stdin_text) + " | " + env +
                              " " + testing::bin_dir() + "/corrchess-server " + args + " 2>&1");
}

std::string version_of_binary() {
  auto run = run_server_command("--version");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  const std::string prefix = "corrchess-server ";
  EXPECT_EQ(run.out.rfind(prefix, 0), 0u) << run.out;
  std::string version = run.out.substr(std::min(prefix.size(), run.out.size()));
  while (!version.empty() && version.back() == '\n') version.pop_back();
  return version;
}

TEST(FirstPage, VersionOfTheBuildInHealthzAndOnThePage) {
  const std::string version = version_of_binary();
  ASSERT_FALSE(version.empty());
  EXPECT_EQ(version.rfind("0.", 0), 0u) << "starts with the CMake project version: " << version;

  testing::TempDatabase db;
  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  auto health = server.request("GET", "/healthz");
  ASSERT_EQ(health.status, 200);
  EXPECT_EQ(nlohmann::json::parse(health.body)["version"], version);

  auto page = server.request("GET", "/");
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.headers["content-type"], "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<!doctype html>"), std::string::npos);
  EXPECT_NE(page.body.find("<span id=\"version\">" + version + "</span>"), std::string::npos)
      << page.body;
  EXPECT_NE(page.body.find("href=\"/api/v1/openapi.json\""), std::string::npos);
  // No script may run on it.
  EXPECT_EQ(page.body.find("<script"), std::string::npos);
  EXPECT_NE(page.headers["content-security-policy"].find("default-src 'none'"), std::string::npos);
  // Every document it links is served, as Markdown from docs/.
  for (const char* doc : {"rules.md", "api.md", "operations.md", "ratings.md"}) {
    const std::string path = std::string("/docs/") + doc;
    EXPECT_NE(page.body.find("href=\"" + path + "\""), std::string::npos) << doc;
    auto text = server.request("GET", path);
    EXPECT_EQ(text.status, 200) << path;
    EXPECT_EQ(text.headers["content-type"], "text/markdown; charset=utf-8") << path;
    EXPECT_EQ(text.body.rfind("# ", 0), 0u) << path << " starts with a title";
  }
  // Nothing else is read from the file system.
  for (const char* path : {"/docs/README.md", "/docs/..%2fCMakeLists.txt", "/docs/%2e%2e"}) {
    auto other = server.request("GET", path);
    EXPECT_GE(other.status, 400) << path;
    EXPECT_LT(other.status, 500) << path;
    EXPECT_EQ(other.body.find("cmake_minimum_required"), std::string::npos) << path;
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(FirstPage, AdminCreateUserMakesAnAdministratorWhoCanLogIn) {
  testing::TempDatabase db;
  const std::string env = "DATABASE_URL=" + testing::shell_quote(db.url());
  // The password comes from standard input, never from the command line.
  auto made =
      run_server_command("admin create-user boss --role admin", "a-long-admin-password\n", env);
  ASSERT_EQ(made.exit_code, 0) << made.out;
  EXPECT_NE(made.out.find("created user boss (role admin)"), std::string::npos) << made.out;
  // A second time is refused: the user exists.
  auto again = run_server_command("admin create-user boss", "another-password\n", env);
  EXPECT_EQ(again.exit_code, 1) << again.out;
  EXPECT_NE(again.out.find("boss"), std::string::npos) << again.out;
  // Bad input: a short password, an unknown role, no username.
  EXPECT_EQ(run_server_command("admin create-user shorty", "short\n", env).exit_code, 1);
  EXPECT_EQ(
      run_server_command("admin create-user xy --role king", "long-enough-1\n", env).exit_code, 1);
  EXPECT_EQ(run_server_command("admin create-user", "", env).exit_code, 2);
  EXPECT_EQ(run_server_command("admin frobnicate", "", env).exit_code, 2);

  testing::ServerProcess server(db.url());
  ASSERT_TRUE(server.started());
  testing::ApiClient api(server);
  const auto token = api.login("boss", "a-long-admin-password");
  ASSERT_FALSE(token.empty());
  auto me = api.expect("GET", "/api/v1/me", token);
  EXPECT_EQ(me["role"], "admin");
  // The administrator may do what only administrators may.
  api.register_user("someone");
  auto promoted = api.expect("PATCH", "/api/v1/admin/users/someone", token, {{"role", "td"}}, 200);
  EXPECT_EQ(promoted["role"], "td");
}

}  // namespace
}  // namespace corrchess
