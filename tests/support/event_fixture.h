// Test fixture for the event and leave end-to-end tests: a server with the manual test
// clock, a director ("td") and registered players, plus small helpers to call the API,
// play moves and move the clock.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/server_process.h"
#include "tests/support/temp_database.h"

namespace corrchess::testing {

class EventServer : public ::testing::Test {
 protected:
  using json = nlohmann::json;

  static constexpr const char* kPassword = "password-123";
  static constexpr const char* kStart = "2030-01-01T00:00:00Z";

  EventServer()
      : server_(db_.url(), {{"CORRCHESS_ADMIN_USER", "td"},
                            {"CORRCHESS_ADMIN_PASSWORD", "director-password"},
                            {"CORRCHESS_CLOCK", "manual"},
                            {"CORRCHESS_TIMEZONE", "UTC"}}) {}

  void SetUp() override {
    ASSERT_TRUE(server_.started());
    tokens_["td"] = login("td", "director-password");
    ASSERT_EQ(call("POST", "/api/v1/admin/clock", "td", {{"now", kStart}}).status, 200);
  }

  // Registers and logs in users.
  void add_users(const std::vector<std::string>& names) {
    for (const auto& name : names) {
      auto r =
          call("POST", "/api/v1/auth/register", "", {{"username", name}, {"password", kPassword}});
      ASSERT_EQ(r.status, 201) << r.body;
      tokens_[name] = login(name, kPassword);
    }
  }

  std::string login(const std::string& user, const std::string& password) {
    auto r = call("POST", "/api/v1/auth/login", "", {{"username", user}, {"password", password}});
    EXPECT_EQ(r.status, 200) << r.body;
    return json::parse(r.body).value("token", "");
  }

  // A request as `who` (a username with a token, or "" for none).
  HttpResult call(const std::string& method, const std::string& path, const std::string& who,
                  const json& body = nullptr) {
    std::map<std::string, std::string> headers;
    if (!who.empty()) headers["Authorization"] = "Bearer " + tokens_.at(who);
    return server_.request(method, path, body.is_null() ? "" : body.dump(), headers);
  }

  // The JSON answer of a request that must succeed with `status`.
  json ok(const std::string& method, const std::string& path, const std::string& who,
          const json& body = nullptr, int status = 200) {
    auto r = call(method, path, who, body);
    EXPECT_EQ(r.status, status) << method << " " << path << ": " << r.body;
    if (r.body.empty()) return json();
    return json::parse(r.body, nullptr, false);
  }

  // The problem code of a request that must fail with `status`.
  std::string problem(const std::string& method, const std::string& path, const std::string& who,
                      const json& body, int status) {
    auto r = call(method, path, who, body);
    EXPECT_EQ(r.status, status) << method << " " << path << ": " << r.body;
    return json::parse(r.body, nullptr, false).value("code", "");
  }

  void advance(long seconds) {
    ASSERT_EQ(call("POST", "/api/v1/admin/clock", "td", {{"advance_seconds", seconds}}).status,
              200);
  }

  // Submits and accepts a move; expects both to succeed.
  void play(const std::string& game, const std::string& who, const std::string& move,
            bool offer_draw = false) {
    auto submit = call("POST", "/api/v1/games/" + game + "/moves", who,
                       {{"move", move}, {"offer_draw", offer_draw}});
    ASSERT_EQ(submit.status, 200) << who << " " << move << ": " << submit.body;
    auto accept = call("POST", "/api/v1/games/" + game + "/moves/accept", who, {{"move", move}});
    ASSERT_EQ(accept.status, 200) << who << " " << move << ": " << accept.body;
  }

  json game(const std::string& id, const std::string& who) {
    return ok("GET", "/api/v1/games/" + id, who);
  }

  // Polls (bounded, no fixed sleeps) until the game satisfies `done`; returns the last view.
  json wait_for_game(const std::string& id, const std::function<bool(const json&)>& done) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    json g = game(id, "td");
    while (!done(g) && std::chrono::steady_clock::now() < until) {
      std::this_thread::yield();
      g = game(id, "td");
    }
    return g;
  }

  TempDatabase db_;
  ServerProcess server_;
  std::map<std::string, std::string> tokens_;
};

}  // namespace corrchess::testing
