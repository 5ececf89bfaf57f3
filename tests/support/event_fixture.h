// Test fixture for the event and leave end-to-end tests: a server with the manual test
// clock, a director ("td") and registered players, plus small helpers to call the API by
// username, play moves and move the clock.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_server_test.h"

namespace corrchess::testing {

class EventServer : public ApiServerTest {
 protected:
  using json = nlohmann::json;

  static constexpr const char* kStart = "2030-01-01T00:00:00Z";

  EventServer() : EventServer(ServerEnv{}) {}
  // With `extra` settings for the server (which win).
  explicit EventServer(const ServerEnv& extra)
      : ApiServerTest(director_env(true, with_utc(extra))) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ApiServerTest::SetUp());
    tokens_[kDirector] = api_.login(kDirector, kDirectorPassword);
    ASSERT_NO_FATAL_FAILURE(api_.set_clock(tokens_[kDirector], kStart));
  }

  // Registers and logs in users.
  void add_users(const std::vector<std::string>& names) {
    for (const auto& name : names) {
      ASSERT_NO_FATAL_FAILURE(api_.register_user(name));
      tokens_[name] = api_.login(name);
    }
  }

  // The token of `who` (a username with a token, or "" for none).
  std::string token(const std::string& who) const { return who.empty() ? "" : tokens_.at(who); }

  // A request as `who`.
  HttpResult call(const std::string& method, const std::string& path, const std::string& who,
                  const json& body = nullptr) {
    return api_.call(method, path, token(who), body);
  }

  // The JSON answer of a request that must succeed with `status`.
  json ok(const std::string& method, const std::string& path, const std::string& who,
          const json& body = nullptr, int status = 200) {
    return api_.expect(method, path, token(who), body, status);
  }

  // The problem code of a request that must fail with `status`.
  std::string problem(const std::string& method, const std::string& path, const std::string& who,
                      const json& body, int status) {
    return api_.problem(method, path, token(who), body, status);
  }

  // The answer of `method path` as `who` with `body` sent as it is.
  HttpResult send(const std::string& method, const std::string& path, const std::string& who,
                  const std::string& body) {
    return api_.call_text(method, path, token(who), body);
  }

  // Checks that `r` is a problem with `status`, `code` and, unless empty, `detail`.
  static void expect_problem(const HttpResult& r, int status, const std::string& code,
                             const std::string& detail = "") {
    EXPECT_EQ(r.status, status) << r.body;
    const auto body = json::parse(r.body, nullptr, false);
    ASSERT_TRUE(body.is_object()) << r.body;
    EXPECT_EQ(body.value("code", ""), code) << r.body;
    if (!detail.empty()) {
      EXPECT_EQ(body.value("detail", ""), detail) << r.body;
    }
  }

  // The audit records of event `event_id` with `action`, as the director reads them (a JSON
  // array, oldest first as the log lists them).
  json audit_records(const std::string& event_id, const std::string& action) {
    // The answer is kept: a loop over a member of a temporary would outlive it.
    json audit = ok("GET", "/api/v1/admin/audit?event_id=" + event_id, kDirector);
    json out = json::array();
    for (const auto& r : audit["records"]) {
      if (r["action"] == action) out.push_back(r);
    }
    return out;
  }

  void advance(long seconds) { api_.advance_clock(token(kDirector), seconds); }

  // Submits and accepts a move; expects both to succeed.
  void play(const std::string& game, const std::string& who, const std::string& move,
            bool offer_draw = false) {
    api_.play(game, token(who), move, {{"offer_draw", offer_draw}});
  }

  // Ends game `id` between `white` and `black` with `result`: "1-0" and "0-1" by the loser's
  // resignation, "1/2-1/2" by agreement after a move each.
  void finish_game(const std::string& id, const std::string& white, const std::string& black,
                   const std::string& result) {
    if (result == "1-0") {
      ok("POST", "/api/v1/games/" + id + "/resign", black);
    } else if (result == "0-1") {
      ok("POST", "/api/v1/games/" + id + "/resign", white);
    } else {
      play(id, white, "e4");
      play(id, black, "e5", true);
      ok("POST", "/api/v1/games/" + id + "/draw/accept", white);
    }
  }

  json game(const std::string& id, const std::string& who) { return api_.game(id, token(who)); }

  // Polls (bounded, no fixed sleeps) until the game satisfies `done`; returns the last view.
  json wait_for_game(const std::string& id, const std::function<bool(const json&)>& done) {
    json g;
    wait_until(
        [&] {
          g = game(id, kDirector);
          return done(g);
        },
        std::chrono::seconds(20));
    return g;
  }

  std::map<std::string, std::string> tokens_;

 private:
  static ServerEnv with_utc(ServerEnv extra) {
    extra.insert(extra.begin(), {"CORRCHESS_TIMEZONE", "UTC"});
    return extra;
  }
};

}  // namespace corrchess::testing
