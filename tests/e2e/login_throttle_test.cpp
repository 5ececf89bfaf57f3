// Login and registration throttling against a real server: attempts are counted before the
// password is checked (parallel guesses cannot pass the limit), per user and client address
// (a guesser locks out only itself, never the account's owner elsewhere), behind a trusted
// proxy the client address comes from X-Forwarded-For, and registrations per address are
// limited.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/api_server_test.h"

namespace corrchess {
namespace {

using nlohmann::json;

class LoginThrottle : public testing::ApiServerTest {
 protected:
  LoginThrottle()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_TRUSTED_PROXIES", "127.0.0.1"},
                                                   {"CORRCHESS_REGISTRATIONS_PER_HOUR", "3"}})) {}

  // A login as `user` from client address `from` (through the trusted proxy 127.0.0.1).
  testing::HttpResult login_from(const std::string& from, const std::string& user,
                                 const std::string& password) const {
    return server_.request("POST", "/api/v1/auth/login",
                           json{{"username", user}, {"password", password}}.dump(),
                           {{"X-Forwarded-For", from}, {"Content-Type", "application/json"}});
  }
  testing::HttpResult register_from(const std::string& from, const std::string& user) const {
    return server_.request("POST", "/api/v1/auth/register",
                           json{{"username", user}, {"password", testing::kPlayerPassword}}.dump(),
                           {{"X-Forwarded-For", from}, {"Content-Type", "application/json"}});
  }
};

TEST_F(LoginThrottle, AGuesserLocksOutOnlyItselfNotTheOwner) {
  ASSERT_EQ(register_from("198.51.100.1", "victim").status, 201);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(login_from("203.0.113.66", "victim", "wrong-password").status, 401) << i;
  }
  // The guesser's address waits now, even with the right password...
  auto blocked = login_from("203.0.113.66", "victim", testing::kPlayerPassword);
  EXPECT_EQ(blocked.status, 429);
  EXPECT_EQ(json::parse(blocked.body)["code"], "rate_limited");
  EXPECT_GE(std::stoi(blocked.headers["retry-after"]), 1);
  // ...but the owner, from their own address, logs in as always.
  EXPECT_EQ(login_from("198.51.100.1", "victim", testing::kPlayerPassword).status, 200);
  // A forged X-Forwarded-For chain: only the rightmost untrusted address counts.
  EXPECT_EQ(login_from("198.51.100.1, 203.0.113.66", "victim", testing::kPlayerPassword).status,
            429);
}

TEST_F(LoginThrottle, ParallelGuessesCannotPassTheLimit) {
  ASSERT_EQ(register_from("198.51.100.2", "target").status, 201);
  std::atomic<int> checked{0}, limited{0}, other{0};
  std::vector<std::thread> guessers;
  for (int i = 0; i < 40; ++i) {
    guessers.emplace_back([&, i] {
      auto r = login_from("203.0.113.7", "target", "guess-" + std::to_string(i));
      (r.status == 401 ? checked : r.status == 429 ? limited : other)++;
    });
  }
  for (auto& t : guessers) t.join();
  EXPECT_EQ(other.load(), 0);
  EXPECT_LE(checked.load(), 5) << "passwords checked beyond the limit";
  EXPECT_EQ(checked.load() + limited.load(), 40);
}

TEST_F(LoginThrottle, ParallelAttemptsWithinTheLimitAreNeverRefused) {
  // Attempts that arrive together are counted, but while they stay within the free attempts
  // none is refused (a transaction that started before another's commit must not read that
  // commit's instant as a block still in force).
  for (int round = 0; round < 5; ++round) {
    const auto user = "owner" + std::to_string(round);
    ASSERT_EQ(register_from("198.51.100." + std::to_string(40 + round), user).status, 201);
    std::atomic<int> checked{0}, other{0};
    std::vector<std::thread> attempts;
    for (int i = 0; i < 4; ++i) {
      attempts.emplace_back([&, i] {
        auto r = login_from("203.0.113.30", user, "typo-" + std::to_string(i));
        (r.status == 401 ? checked : other)++;
      });
    }
    for (auto& t : attempts) t.join();
    EXPECT_EQ(checked.load(), 4) << "round " << round;
    EXPECT_EQ(other.load(), 0) << "round " << round;
  }
  std::atomic<int> created{0};
  std::vector<std::thread> signups;
  for (int i = 0; i < 3; ++i) {
    signups.emplace_back([&, i] {
      if (register_from("203.0.113.31", "together" + std::to_string(i)).status == 201) ++created;
    });
  }
  for (auto& t : signups) t.join();
  EXPECT_EQ(created.load(), 3) << "three registrations from one address, the limit being three";
}

TEST_F(LoginThrottle, SuccessfulLoginsDoNotUseUpTheAddress) {
  // An office behind one address: many good logins never block it.
  ASSERT_EQ(register_from("198.51.100.3", "clerk").status, 201);
  for (int i = 0; i < 40; ++i) {
    ASSERT_EQ(login_from("192.0.2.10", "clerk", testing::kPlayerPassword).status, 200) << i;
  }
}

TEST_F(LoginThrottle, UnknownUsersAreAnsweredLikeWrongPasswords) {
  auto unknown = login_from("203.0.113.9", "nobody_here", "whatever-password");
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(json::parse(unknown.body)["detail"], "invalid username or password");
}

TEST_F(LoginThrottle, RegistrationsPerAddressAreLimited) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(register_from("203.0.113.20", "bulk" + std::to_string(i)).status, 201) << i;
  }
  auto refused = register_from("203.0.113.20", "bulk3");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(json::parse(refused.body)["code"], "rate_limited");
  EXPECT_FALSE(refused.headers["retry-after"].empty());
  // Nothing was created by the refused request; another address may still register.
  EXPECT_EQ(login_from("203.0.113.21", "bulk3", testing::kPlayerPassword).status, 401);
  EXPECT_EQ(register_from("203.0.113.21", "bulk3").status, 201);
}

}  // namespace
}  // namespace corrchess
