// Abuse limits of a real server process over real sockets (docs/operations.md "Security"):
// a password change or reset ends the account's other sign-ins and closes its live sockets,
// on every instance; the total connection cap refuses the next connection while the open
// ones keep working (accept errors, out of descriptors: accept_errors_releasetest.cpp); the bound
// on concurrent password hashes holds while registrations flood in, refusing the excess at
// once; move messages are bounded in characters and never fail a move however they escape;
// and nothing a client puts in a request reaches the log as a line of its own.
#include <gtest/gtest.h>

#include <sys/types.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/api_server_test.h"
#include "tests/support/mail_test.h"
#include "tests/support/raw_connection.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::count_lines_with;
using testing::RawConnection;

// The lines of `text`.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A socket that was told its sign-in ended and was then closed by the server.
void expect_ended(testing::WsClient& ws, const std::string& what) {
  EXPECT_TRUE(ws.read_type("session_ended", std::chrono::seconds(10)).has_value()) << what;
  EXPECT_FALSE(ws.read(std::chrono::seconds(5)).has_value()) << what;
  EXPECT_TRUE(ws.closed()) << what;
}

// A socket that still answers.
void expect_alive(testing::WsClient& ws, const std::string& what) {
  ws.send({{"type", "ping"}});
  EXPECT_TRUE(ws.read_type("pong", std::chrono::seconds(10)).has_value()) << what;
}

// --- 1. A new password ends the other sign-ins and their sockets ------------------------------

class PasswordSessions : public testing::MailTest {
 protected:
  // The reset link of the newest mail to White (path and query).
  std::string reset_token() {
    api_.expect("POST", "/api/v1/auth/password-reset", "", {{"username", testing::kWhite}}, 202);
    const auto mails = sink_.wait_for(1);
    for (const auto& m : mails) {
      const std::string text = m["text"];
      const auto at = text.find("token=");
      if (m["rcpt"] != "wilma@example.org" || at == std::string::npos) continue;
      return text.substr(at + 6, text.find_first_of(" \r\n", at) - at - 6);
    }
    ADD_FAILURE() << "no reset mail: " << mails.dump();
    return "";
  }
};

TEST_F(PasswordSessions, APasswordChangeEndsTheOtherSignInsAndClosesTheirSockets) {
  const auto other = api_.login(testing::kWhite);
  auto mine = testing::greeted_socket(server_.port(), white_);
  auto theirs = testing::greeted_socket(server_.port(), other);
  auto opponent = testing::greeted_socket(server_.port(), black_);
  // A refused change ends nothing.
  api_.problem("POST", "/api/v1/me/password", white_,
               {{"current_password", "not-the-password"}, {"new_password", "brand-new-123"}}, 400);
  expect_alive(*theirs, "after a refused change");
  api_.expect("POST", "/api/v1/me/password", white_,
              {{"current_password", testing::kPlayerPassword}, {"new_password", "brand-new-123"}},
              204);
  // The other sign-in is over: its socket is told and closed, its token refused everywhere.
  expect_ended(*theirs, "the other sign-in's socket");
  EXPECT_EQ(api_.call("GET", "/api/v1/me", other).status, 401);
  EXPECT_FALSE(testing::WsClient(server_.port(), "/api/v1/ws?token=" + other).connected());
  // The sign-in that changed the password stays; its sockets reconnect (docs/api.md).
  expect_ended(*mine, "the changing sign-in's socket reconnects");
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 200);
  auto again = testing::greeted_socket(server_.port(), white_);
  expect_alive(*again, "the changing sign-in's new socket");
  // Another user is not affected.
  expect_alive(*opponent, "the opponent's socket");
}

TEST_F(PasswordSessions, APasswordResetEndsEverySignInOnEveryInstance) {
  // A second instance on the same database: the reset on the first closes sockets on both.
  testing::ServerProcess second(db_.url(), testing::mail_env(sink_));
  ASSERT_TRUE(second.started());
  const auto other = api_.login(testing::kWhite);
  auto here = testing::greeted_socket(server_.port(), white_);
  auto there = testing::greeted_socket(second.port(), other);
  auto opponent = testing::greeted_socket(second.port(), black_);
  const auto token = reset_token();
  ASSERT_FALSE(token.empty());
  // Asking for a reset ends nothing yet.
  expect_alive(*there, "after asking for a reset");
  api_.expect("POST", "/api/v1/auth/password-reset/confirm", "",
              {{"token", token}, {"password", "reset-password-1"}}, 200);
  expect_ended(*here, "socket on the instance that reset");
  expect_ended(*there, "socket on the other instance");
  EXPECT_EQ(api_.call("GET", "/api/v1/me", white_).status, 401);
  EXPECT_EQ(testing::ApiClient(second).call("GET", "/api/v1/me", other).status, 401);
  EXPECT_FALSE(testing::WsClient(second.port(), "/api/v1/ws?token=" + other).connected());
  expect_alive(*opponent, "the opponent's socket");
  // The new password signs in and opens sockets again.
  const auto fresh = api_.login(testing::kWhite, "reset-password-1");
  ASSERT_FALSE(fresh.empty());
  auto back = testing::greeted_socket(second.port(), fresh);
  expect_alive(*back, "a socket of the new sign-in");
}

TEST_F(PasswordSessions, LogoutEverywhereClosesEverySocketOfTheAccount) {
  const auto other = api_.login(testing::kWhite);
  auto one = testing::greeted_socket(server_.port(), white_);
  auto two = testing::greeted_socket(server_.port(), other);
  auto opponent = testing::greeted_socket(server_.port(), black_);
  api_.expect("POST", "/api/v1/auth/logout", white_, {{"everywhere", true}}, 204);
  expect_ended(*one, "the signing-out socket");
  expect_ended(*two, "the other sign-in's socket");
  EXPECT_EQ(api_.call("GET", "/api/v1/me", other).status, 401);
  expect_alive(*opponent, "the opponent's socket");
}

// --- 2. The connection cap (accept errors: accept_errors_releasetest.cpp) ---------------------

class TotalConnectionCap : public testing::ApiServerTest {
 protected:
  static constexpr int kCap = 6;
  TotalConnectionCap()
      : ApiServerTest(testing::director_env(
            true,
            {{"CORRCHESS_MAX_CONNECTIONS", "6"}, {"CORRCHESS_MAX_CONNECTIONS_PER_ADDRESS", "0"}})) {
  }

  // Open connections as the server counts them (the request asking is one of them).
  double open_connections() const { return api_.metric("corrchess_http_connections"); }
};

TEST_F(TotalConnectionCap, TheConnectionPastTheCapIsRefusedAndTheOpenOnesKeepWorking) {
  const auto token = api_.sign_up("holder");
  // Wait until the sign-up's connections are let go: the metrics request is the only one.
  ASSERT_TRUE(testing::wait_until([&] { return open_connections() == 1; }, std::chrono::seconds(10),
                                  std::chrono::milliseconds(50)));
  // kCap held connections: a WebSocket and HTTP connections kept alive.
  auto ws = testing::greeted_socket(server_.port(), token);
  std::vector<std::unique_ptr<RawConnection>> held;
  while (held.size() < kCap - 1) {
    ASSERT_TRUE(testing::wait_until(
        [&] {
          // Retried while the server still counts the metrics request of a moment ago.
          auto c = std::make_unique<RawConnection>(server_.port());
          c->send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
          if (c->read_until("\"status\"").rfind("HTTP/1.1 200 ", 0) != 0) return false;
          held.push_back(std::move(c));
          return true;
        },
        std::chrono::seconds(10), std::chrono::milliseconds(50)));
  }

  // Full: a new connection is told 503 at once and closed, a WebSocket is not opened.
  RawConnection over(server_.port());
  const auto answer = over.read_until_closed();
  EXPECT_EQ(answer.rfind("HTTP/1.1 503 ", 0), 0u) << answer;
  EXPECT_NE(answer.find("Retry-After: "), std::string::npos) << answer;
  EXPECT_NE(answer.find("\"code\":\"unavailable\""), std::string::npos) << answer;
  EXPECT_TRUE(over.closed_by_server());
  EXPECT_FALSE(testing::WsClient(server_.port(), "/api/v1/ws?token=" + token).connected());

  // The open ones still work.
  held.front()->send("GET /api/v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                     "\r\n\r\n");
  const auto me = held.front()->read_until("\"holder\"");
  EXPECT_EQ(me.rfind("HTTP/1.1 200 ", 0), 0u) << me;
  expect_alive(*ws, "a WebSocket under the cap");
  held.back()->send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(held.back()->read_until_closed().rfind("HTTP/1.1 200 ", 0), 0u);

  // Closing some frees their places: service resumes for new connections.
  held.clear();
  EXPECT_TRUE(testing::wait_until([&] { return api_.call("GET", "/healthz").status == 200; },
                                  std::chrono::seconds(10), std::chrono::milliseconds(50)));
  EXPECT_GE(api_.metric("corrchess_http_connections_refused_total"), 2);
  auto another = testing::greeted_socket(server_.port(), token);
  expect_alive(*another, "a WebSocket opened after places were freed");
}

// --- 3. Concurrent password hashes ----------------------------------------------------------

// The peak resident memory of `pid` in KiB (VmHWM of /proc/PID/status).
long peak_memory_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// Sends `count` requests at once, one thread each (request(i) sends the i-th), runs
// `meanwhile` while they are in flight, and returns the answers in order.
std::vector<testing::HttpResult> all_at_once(int count,
                                             const std::function<testing::HttpResult(int)>& request,
                                             const std::function<void()>& meanwhile = {}) {
  std::vector<testing::HttpResult> answers(static_cast<std::size_t>(count));
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] { answers[static_cast<std::size_t>(i)] = request(i); });
  }
  if (meanwhile) meanwhile();
  for (auto& t : threads) t.join();
  return answers;
}

class HashBound : public testing::ApiServerTest {
 protected:
  HashBound()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_MAX_CONCURRENT_HASHES", "1"},
                                                   {"CORRCHESS_PASSWORD_HASH", "interactive"}})) {}
};

// Argon2id takes 64 MiB per hash. 16 registrations at once on 8 request threads once took
// 8 x 64 MiB and every request thread. With the bound at 1, one hash runs and up to four (half
// the request threads) wait; the rest are told at once to come back (503 with Retry-After) and
// change nothing, the peak memory grows by about one hash, and the server answers meanwhile.
TEST_F(HashBound, ParallelRegistrationsBeyondTheBoundAreRefusedAtOnce) {
  // One hash has run already (the director's bootstrap): its 64 MiB are in the peak.
  ASSERT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                      {{"username", testing::kDirector}, {"password", testing::kDirectorPassword}})
                .status,
            200);
  const long before = peak_memory_kib(server_.pid());
  ASSERT_GT(before, 0);
  constexpr int kParallel = 16;
  testing::HttpResult health;
  const auto answers = all_at_once(
      kParallel,
      [&](int i) {
        return api_.call(
            "POST", "/api/v1/auth/register", "",
            {{"username", "flood" + std::to_string(i)}, {"password", testing::kPlayerPassword}});
      },
      [&] { health = api_.call("GET", "/healthz"); });
  EXPECT_EQ(health.status, 200);
  int created = 0, refused = 0;
  for (int i = 0; i < kParallel; ++i) {
    const auto& r = answers[i];
    const std::string name = "flood" + std::to_string(i);
    if (r.status == 201) {
      ++created;
      EXPECT_FALSE(api_.login(name).empty()) << name;
      continue;
    }
    ++refused;
    EXPECT_EQ(r.status, 503) << name << " " << r.body;
    EXPECT_EQ(json::parse(r.body)["code"], "unavailable") << r.body;
    EXPECT_EQ(r.headers.count("retry-after") ? r.headers.at("retry-after") : "", "1");
    // Nothing was created: the name is free and registers once the flood is over.
    EXPECT_EQ(api_.call("POST", "/api/v1/auth/login", "",
                        {{"username", name}, {"password", testing::kPlayerPassword}})
                  .status,
              401)
        << name;
    api_.register_user(name);
  }
  EXPECT_GE(created, 1);
  EXPECT_GE(refused, 1) << "all " << kParallel << " registrations were hashed or waited";
  const long after = peak_memory_kib(server_.pid());
  // One more hash's worth at most (64 MiB), with room for the rest of the server.
  EXPECT_LT(after - before, 96 * 1024) << "peak " << before << " -> " << after << " KiB";
}

// A login the server was too busy to check (503) made no guess, so it must not count against
// the user or the address: once counted, more than 30 of them (the address's limit) locked
// every user behind that address out with 429 although no password had failed. Rounds of 16
// parallel correct logins (one hash runs, four wait, the rest are refused) until more than 30
// were refused; then each user still logs in at once.
TEST_F(HashBound, LoginsRefusedAsBusyAreNotCountedAsAttempts) {
  constexpr int kUsers = 16;
  auto name = [](int i) { return "busy" + std::to_string(i); };
  for (int i = 0; i < kUsers; ++i) ASSERT_NO_FATAL_FAILURE(api_.register_user(name(i)));
  int refused = 0;
  for (int round = 0; round < 12 && refused <= 30; ++round) {
    const auto answers = all_at_once(kUsers, [&](int i) {
      return api_.call("POST", "/api/v1/auth/login", "",
                       {{"username", name(i)}, {"password", testing::kPlayerPassword}});
    });
    for (int i = 0; i < kUsers; ++i) {
      ASSERT_TRUE(answers[i].status == 200 || answers[i].status == 503)
          << name(i) << " " << answers[i].status << " " << answers[i].body;
      if (answers[i].status == 503) ++refused;
    }
  }
  ASSERT_GT(refused, 30) << "too few logins were refused as busy to reach the address's limit";
  for (int i = 0; i < kUsers; ++i) {
    const auto r = api_.call("POST", "/api/v1/auth/login", "",
                             {{"username", name(i)}, {"password", testing::kPlayerPassword}});
    EXPECT_EQ(r.status, 200) << name(i) << " after " << refused << " busy refusals: " << r.body;
  }
  // A wrong password still counts: the user's sixth failure in a row is refused with 429.
  int status = 0;
  for (int i = 0; i < 6; ++i) {
    status = api_.call("POST", "/api/v1/auth/login", "",
                       {{"username", name(0)}, {"password", "not-the-password-1"}})
                 .status;
  }
  EXPECT_EQ(status, 429);
}

class BusyRegistrations : public testing::ApiServerTest {
 protected:
  BusyRegistrations()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_MAX_CONCURRENT_HASHES", "1"},
                                                   {"CORRCHESS_PASSWORD_HASH", "interactive"},
                                                   {"CORRCHESS_REGISTRATIONS_PER_HOUR", "8"}})) {}
};

// A registration the server was too busy to hash (503) does not use up one of the address's
// registrations. 16 at once: 8 pass the limit, of which one hashes, four wait and the rest are
// refused as busy; those refusals are given back, so the address may register again at once
// (counted, the eighth attempt would have blocked it for a minute).
TEST_F(BusyRegistrations, RefusedAsBusyDoNotCountAgainstTheAddress) {
  const auto answers = all_at_once(16, [&](int i) {
    return api_.call(
        "POST", "/api/v1/auth/register", "",
        {{"username", "rush" + std::to_string(i)}, {"password", testing::kPlayerPassword}});
  });
  int created = 0, busy = 0;
  for (const auto& r : answers) {
    ASSERT_TRUE(r.status == 201 || r.status == 503 || r.status == 429) << r.status << r.body;
    created += r.status == 201;
    busy += r.status == 503;
  }
  ASSERT_GE(busy, 1) << "no registration was refused as busy";
  const auto again =
      api_.call("POST", "/api/v1/auth/register", "",
                {{"username", "after_rush"}, {"password", testing::kPlayerPassword}});
  EXPECT_EQ(again.status, 201) << created << " created, " << busy << " busy: " << again.body;
}

// --- 4. Message length and escaping -----------------------------------------------------------

class MoveMessages : public testing::TwoPlayerTest {};

// `n` characters, each of which grows when JSON-escaped (quotes, backslashes, line breaks,
// tabs) or takes several bytes in UTF-8: about 3.2 bytes each once escaped.
std::string expanding_text(std::size_t n) {
  const std::string smiley = "\xF0\x9F\x98\x80";  // U+1F600, four bytes
  const std::vector<std::string> pieces = {smiley, smiley, "\"", smiley, smiley, "\\",
                                           smiley, smiley, "\n", smiley, "\t",   "\xC3\xA9"};
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += pieces[i % pieces.size()];
  return out;
}

TEST_F(MoveMessages, ATooLongMessageIsRefusedAndTheLongestAllowedNeverFailsTheMove) {
  const auto id = create_game();
  auto black_socket = testing::greeted_socket(server_.port(), black_);
  const auto version = api_.game(id, white_)["version"];
  for (const auto& text : {std::string(2001, 'a'), expanding_text(2001)}) {
    const auto r = api_.call("POST", "/api/v1/games/" + id + "/moves", white_,
                             {{"move", "e4"}, {"message", text}});
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(r.headers.at("content-type"), "application/problem+json");
    EXPECT_EQ(json::parse(r.body)["code"], "validation_error");
  }
  // Nothing changed.
  auto game = api_.game(id, white_);
  EXPECT_EQ(game["version"], version);
  EXPECT_EQ(game["moves"].size(), 0u);
  EXPECT_FALSE(game.contains("pending_move"));

  // 2,000 characters that escape to more than 6,000 bytes: submit and accept work.
  const auto longest = expanding_text(2000);
  ASSERT_GT(json(longest).dump().size(), 6000u);
  api_.play(id, white_, "e4", {{"message", longest}});
  game = api_.game(id, black_);
  ASSERT_EQ(game["moves"].size(), 1u);
  EXPECT_EQ(game["moves"][0]["message"], longest);
  auto live = black_socket->read_type("move", std::chrono::seconds(10));
  ASSERT_TRUE(live.has_value());
  EXPECT_EQ((*live)["move"]["san"], "e4") << live->dump();
  // The reply carries the same text back: the longest message both ways.
  api_.play(id, black_, "e5", {{"message", longest}});
  EXPECT_EQ(api_.game(id, white_)["moves"][1]["message"], longest);
  // And 2,000 four-byte characters (8,000 bytes) too.
  std::string widest;
  for (int i = 0; i < 2000; ++i) widest += "\xF0\x9F\x98\x80";
  api_.play(id, white_, "Nf3", {{"message", widest}});
  EXPECT_EQ(api_.game(id, black_)["moves"][2]["message"], widest);
}

// --- 5. The log holds no line a client wrote ----------------------------------------------------

class LogInjection : public testing::ApiServerTest {
 protected:
  LogInjection() : ApiServerTest(testing::director_env(true, {{"CORRCHESS_LOG_LEVEL", "trace"}})) {}
};

TEST_F(LogInjection, NoPathOrTextOfARequestStartsALineOfTheLog) {
  const std::string forged = "2026-01-01T00:00:00.000Z critical FORGED-ENTRY";
  const auto token = api_.sign_up("writer");
  const auto td = api_.login(testing::kDirector, testing::kDirectorPassword);
  // Encoded line breaks in paths and queries, on routes with ids and without.
  for (const std::string& path :
       {"/x%0a" + forged, "/api/v1/games/1%0a" + forged, "/api/v1/games/1%0d%0a" + forged,
        "/api/v1/events/%0a" + forged, "/api/v1/admin/users/x%0a" + forged,
        "/api/v1/games?status=%0a" + forged, "/api/v1/ws?token=%0a" + forged,
        "/docs/%0a" + forged + ".md"}) {
    std::string target;
    for (char c : path) target += c == ' ' ? std::string("%20") : std::string(1, c);
    const auto r = api_.call("GET", target, td);
    EXPECT_GE(r.status, 400) << target;
    EXPECT_LT(r.status, 500) << target << " " << r.body;
    EXPECT_EQ(api_.call("POST", target, token, {{"move", "e4"}}).status / 100, 4) << target;
  }
  // Raw control bytes in the request line (not percent-encoded) and in headers.
  for (const std::string& line :
       {"GET /x\r" + forged + " HTTP/1.1\r\n", "GET /x\x1b[2K\r" + forged + " HTTP/1.1\r\n",
        "GET /x\x0b" + forged + " HTTP/1.1\r\n",
        "GET /healthz HTTP/1.1\r\nX-Note: a\r" + forged + "\r\n",
        "GET /healthz HTTP/1.1\r\nX-Forwarded-For: 1.2.3.4\n" + forged + "\r\n"}) {
    RawConnection c(server_.port());
    c.send(line + "Host: x\r\nConnection: close\r\n\r\n");
    const auto answer = c.read_until_closed();
    EXPECT_TRUE(answer.empty() || answer.rfind("HTTP/1.1 4", 0) == 0 ||
                answer.rfind("HTTP/1.1 200 ", 0) == 0)
        << answer;
  }
  // A message with line breaks (allowed) travels with a move.
  api_.sign_up("reader");
  const auto game = api_.create_game(td, "writer", "reader");
  api_.play(game, token, "e4", {{"message", "hello\n" + forged}});

  ASSERT_EQ(server_.stop(), 0);
  const auto log = server_.output();
  // Requests were logged (at trace level every one a handler answered)...
  EXPECT_GE(count_lines_with(log, " http method="), 5u) << log;
  // ...and every line is the server's own: its timestamp and level first (or the plain line
  // that tells scripts the port), no forged entry.
  static const std::regex own_line(
      R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (trace|debug|info|warning|error|critical) .*)");
  static const std::regex forged_line(R"(^\S+ \S+ FORGED-ENTRY.*)");
  for (const auto& line : lines_of(log)) {
    EXPECT_TRUE(std::regex_match(line, own_line) ||
                line.rfind("corrchess-server listening on http://127.0.0.1:", 0) == 0)
        << "not a line of the server: " << line;
    EXPECT_NE(line.rfind(forged, 0), 0u) << line;
    EXPECT_FALSE(std::regex_match(line, forged_line)) << line;
    EXPECT_EQ(line.find('\r'), std::string::npos) << line;
    EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  }
}

}  // namespace
}  // namespace corrchess
