// Hostile input at the HTTP layer of a real server over raw sockets: request smuggling
// through transfer codings the server does not apply, broken chunked framing, paths with bytes
// that are not UTF-8 or carry control characters or encoded slashes, connection caps, and
// WebSockets that must not outlive the sign-in they were opened with.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/api_client.h"
#include "tests/support/api_server_test.h"
#include "tests/support/raw_connection.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using testing::RawConnection;

int count_responses(const std::string& bytes) {
  int n = 0;
  for (auto pos = bytes.find("HTTP/1.1 "); pos != std::string::npos;
       pos = bytes.find("HTTP/1.1 ", pos + 1)) {
    ++n;
  }
  return n;
}

class HostileHttp : public testing::ApiServerTest {};

// RFC 9112 §6.3: a body length the server cannot determine is a 400 and the connection
// closes; the bytes after the header must never run as a second request.
TEST_F(HostileHttp, UnappliedTransferCodingsAreRefusedAndNothingIsSmuggled) {
  const std::string smuggled = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::vector<std::string> framings = {
      "Transfer-Encoding: gzip\r\n",
      "Transfer-Encoding: identity\r\n",
      "Transfer-Encoding: chunked, identity\r\n",
      "Transfer-Encoding: xchunked\r\n",
      "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
      "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
      "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
  };
  for (const auto& framing : framings) {
    RawConnection c(server_.port());
    c.send("POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\n" + framing + "\r\n" + smuggled);
    const auto answer = c.read_until_closed();
    EXPECT_EQ(answer.rfind("HTTP/1.1 400 ", 0), 0u) << framing << answer;
    EXPECT_EQ(count_responses(answer), 1) << framing << answer;
    EXPECT_EQ(answer.find("corrchess_http_requests_total"), std::string::npos) << framing;
    EXPECT_TRUE(c.closed_by_server()) << framing;
  }
}

TEST_F(HostileHttp, BrokenChunkedFramingIsAnswered400BeforeClosing) {
  for (const std::string body : {"zz\r\nhello\r\n0\r\n\r\n", "5\r\nhelloXX0\r\n\r\n",
                                 "-1\r\nx\r\n0\r\n\r\n", "ffffffffffffffffff\r\nx\r\n"}) {
    RawConnection c(server_.port());
    c.send("POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
           body);
    const auto answer = c.read_until_closed();
    EXPECT_EQ(answer.rfind("HTTP/1.1 400 ", 0), 0u) << body << answer;
    EXPECT_NE(answer.find("application/problem+json"), std::string::npos) << answer;
    EXPECT_TRUE(c.closed_by_server()) << body;
  }
  // A correct chunked request still works.
  RawConnection ok(server_.port());
  ok.send(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
      "Content-Type: application/json\r\nConnection: close\r\n\r\n"
      "2\r\n{}\r\n0\r\n\r\n");
  const auto answer = ok.read_until_closed();
  EXPECT_EQ(answer.rfind("HTTP/1.1 400 ", 0), 0u) << answer;  // {} lacks the fields: a 400
  EXPECT_NE(answer.find("validation_error"), std::string::npos) << answer;
}

// A JSON endpoint reads a body only when it is labelled JSON: a body without any
// Content-Type is 415 like one labelled otherwise (docs/api.md, Conventions), and an
// unlabelled request without a body is still fine.
TEST_F(HostileHttp, ABodyWithoutContentTypeIs415) {
  const std::string body = R"({"username":"nobody","password":"x"})";
  RawConnection c(server_.port());
  c.send("POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  const auto answer = c.read_until_closed();
  EXPECT_EQ(answer.rfind("HTTP/1.1 415 ", 0), 0u) << answer;
  EXPECT_NE(answer.find("unsupported_media_type"), std::string::npos) << answer;
  RawConnection empty(server_.port());
  empty.send(
      "POST /api/v1/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
      "Connection: close\r\n\r\n");
  const auto unlabelled = empty.read_until_closed();
  EXPECT_EQ(unlabelled.rfind("HTTP/1.1 401 ", 0), 0u) << unlabelled;  // no token, not 415
}

TEST_F(HostileHttp, PathsWithBadBytesAreClientErrorsAndNeverReachTheLog) {
  const auto td = api_.login(testing::kDirector, testing::kDirectorPassword);
  for (const char* path :
       {"/api/v1/games/%ff", "/api/v1/events/%ff", "/api/v1/admin/users/%ff",
        "/api/v1/games/1%2fconditional", "/x%0a2026-01-01 critical FORGED", "/api/v1/games/%00"}) {
    auto get = api_.call("GET", path, td);
    EXPECT_GE(get.status, 400) << path;
    EXPECT_LT(get.status, 500) << path << " " << get.body;
    auto post = api_.call("POST", std::string(path) + "/moves", td, {{"move", "e4"}});
    EXPECT_GE(post.status, 400) << path;
    EXPECT_LT(post.status, 500) << path << " " << post.body;
  }
  EXPECT_EQ(api_.call("PATCH", "/api/v1/admin/users/%ff", td, {{"role", "td"}}).status, 400);
}

class ConnectionCaps : public testing::ApiServerTest {
 protected:
  ConnectionCaps()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_MAX_CONNECTIONS_PER_ADDRESS", "4"},
                                                   {"CORRCHESS_MAX_WEBSOCKETS_PER_USER", "2"}})) {}
};

TEST_F(ConnectionCaps, IdleConnectionsFromOneAddressAreCappedAndFreedOnClose) {
  std::vector<std::unique_ptr<RawConnection>> idle;
  for (int i = 0; i < 4; ++i) idle.push_back(std::make_unique<RawConnection>(server_.port()));
  // The fifth is told the server is busy, at once, and closed.
  RawConnection over(server_.port());
  const auto answer = over.read_until_closed();
  EXPECT_EQ(answer.rfind("HTTP/1.1 503 ", 0), 0u) << answer;
  EXPECT_NE(answer.find("Retry-After: 5"), std::string::npos) << answer;
  EXPECT_TRUE(over.closed_by_server());
  // Once idle connections go away their places are free again.
  idle.clear();
  EXPECT_TRUE(testing::wait_until([&] { return api_.call("GET", "/healthz").status == 200; },
                                  std::chrono::seconds(5), std::chrono::milliseconds(50)));
  EXPECT_GE(api_.metric("corrchess_http_connections_refused_total"), 1);
}

TEST_F(ConnectionCaps, WebSocketsPerUserAreCapped) {
  const auto token = api_.sign_up("many_tabs");
  testing::WsClient first(server_.port(), "/api/v1/ws?token=" + token);
  testing::WsClient second(server_.port(), "/api/v1/ws?token=" + token);
  ASSERT_TRUE(first.read_type("hello"));
  ASSERT_TRUE(second.read_type("hello"));
  testing::WsClient third(server_.port(), "/api/v1/ws?token=" + token);
  EXPECT_FALSE(third.connected());
  // Another user is not affected.
  const auto other = api_.sign_up("one_tab");
  testing::WsClient theirs(server_.port(), "/api/v1/ws?token=" + other);
  EXPECT_TRUE(theirs.read_type("hello"));
}

class RacingSockets : public testing::ApiServerTest {
 protected:
  RacingSockets()
      : ApiServerTest(testing::director_env(true, {{"CORRCHESS_MAX_WEBSOCKETS_PER_USER", "4"}})) {}
};

// The per-user cap is counted and taken in one step: 32 simultaneous opens (WebSockets and
// ndjson streams together) leave exactly the cap open (64 such opens once left 95 open
// against a cap of 32), and closing them frees the places.
TEST_F(RacingSockets, SimultaneousOpensCannotPassThePerUserCap) {
  const auto token = api_.sign_up("racer");
  constexpr int kOpens = 32;
  std::vector<std::unique_ptr<testing::WsClient>> sockets(kOpens / 2);
  std::vector<std::unique_ptr<RawConnection>> streams(kOpens / 2);
  std::vector<int> opened(kOpens, 0);
  std::vector<std::thread> threads;
  std::atomic<int> ready{0};
  for (int i = 0; i < kOpens; ++i) {
    threads.emplace_back([&, i] {
      ++ready;
      while (ready.load() < kOpens) std::this_thread::yield();
      if (i % 2 == 0) {
        auto& ws = sockets[i / 2];
        ws = std::make_unique<testing::WsClient>(server_.port(), "/api/v1/ws?token=" + token);
        opened[i] = ws->connected() && ws->read_type("hello", std::chrono::seconds(5)) ? 1 : 0;
      } else {
        auto& stream = streams[i / 2];
        stream = std::make_unique<RawConnection>(server_.port());
        stream->send("GET /api/v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                     token + "\r\n\r\n");
        const auto head = stream->read_until("\"hello\"", 5000);
        opened[i] =
            head.rfind("HTTP/1.1 200 ", 0) == 0 && head.find("\"hello\"") != std::string::npos ? 1
                                                                                               : 0;
      }
    });
  }
  for (auto& t : threads) t.join();
  int open = 0;
  for (const int o : opened) open += o;
  EXPECT_EQ(open, 4) << "exactly the cap, however the opens interleave";
  // Closing them frees the places: a new one is let in.
  sockets.clear();
  streams.clear();
  EXPECT_TRUE(testing::wait_until(
      [&] {
        testing::WsClient again(server_.port(), "/api/v1/ws?token=" + token);
        return again.connected() && again.read_type("hello", std::chrono::seconds(2)).has_value();
      },
      std::chrono::seconds(10), std::chrono::milliseconds(100)));
}

class SocketSessions : public testing::ApiServerTest {
 protected:
  // A user `name` signed up now and signed in once more: both tokens, and a greeted socket on
  // each sign-in.
  struct TwoSessions {
    std::string first_token, second_token;
    std::unique_ptr<testing::WsClient> first, second;
  };
  TwoSessions two_sessions(const std::string& name) const {
    TwoSessions s{api_.sign_up(name), api_.login(name), nullptr, nullptr};
    s.first = testing::greeted_socket(server_.port(), s.first_token);
    s.second = testing::greeted_socket(server_.port(), s.second_token);
    return s;
  }
};

TEST_F(SocketSessions, LogoutClosesTheSocketsOfThatTokenOnly) {
  auto [phone, desktop, on_phone, on_desktop] = two_sessions("commuter");
  api_.expect("POST", "/api/v1/auth/logout", phone, nullptr, 204);
  auto ended = on_phone->read_type("session_ended", std::chrono::seconds(5));
  ASSERT_TRUE(ended.has_value());
  EXPECT_FALSE(on_phone->read(std::chrono::seconds(2)).has_value());
  EXPECT_TRUE(on_phone->closed());
  // The desktop's sign-in is still valid: its socket stays and answers.
  on_desktop->send({{"type", "ping"}});
  EXPECT_TRUE(on_desktop->read_type("pong", std::chrono::seconds(5)));
  // And the revoked token cannot open a new one.
  testing::WsClient again(server_.port(), "/api/v1/ws?token=" + phone);
  EXPECT_FALSE(again.connected());
}

TEST_F(SocketSessions, ARoleChangeClosesEverySocketOfTheUser) {
  const auto admin = api_.login(testing::kDirector, testing::kDirectorPassword);  // an admin
  auto [token, second, one, two] = two_sessions("promoted");
  api_.expect("PATCH", "/api/v1/admin/users/promoted", admin, {{"role", "td"}}, 200);
  EXPECT_TRUE(one->read_type("session_ended", std::chrono::seconds(5)).has_value());
  EXPECT_TRUE(two->read_type("session_ended", std::chrono::seconds(5)).has_value());
  // The tokens stay valid: the user reconnects and is a director now.
  testing::WsClient again(server_.port(), "/api/v1/ws?token=" + token);
  EXPECT_TRUE(again.read_type("hello").has_value());
  EXPECT_EQ(api_.expect("GET", "/api/v1/me", token)["role"], "td");
}

// 50,000 subscribe frames once queued as many database checks on the shared workers: now one
// socket has at most one check running and a bounded queue; the excess is refused at once.
TEST_F(SocketSessions, ASubscribeFloodIsBoundedPerSocket) {
  const auto token = api_.sign_up("flooder");
  testing::WsClient socket(server_.port(), "/api/v1/ws?token=" + token);
  ASSERT_TRUE(socket.read_type("hello"));
  for (int i = 0; i < 2000; ++i) socket.send({{"subscribe", std::to_string(1000000 + i)}});
  auto refused = socket.read_type("error", std::chrono::seconds(10));
  ASSERT_TRUE(refused.has_value());
  int rate_limited = 0;
  for (auto m = refused; m; m = socket.read(std::chrono::milliseconds(500))) {
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++rate_limited;
  }
  EXPECT_GT(rate_limited, 0);
  // The server still answers everyone (the flood holds at most one worker).
  EXPECT_EQ(api_.call("GET", "/api/v1/me", token).status, 200);
}

}  // namespace
}  // namespace corrchess
