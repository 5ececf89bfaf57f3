// Resumable live events (docs/api.md "Live events"): a client that was away reconnects with
// `since` and receives exactly what it missed, in order, then live messages — whichever
// instance made the events and whichever it reconnects to; the ndjson stream gives the same
// sequence; a `since` older than what is kept gets a resync.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using nlohmann::json;
using testing::ApiClient;
using testing::ServerProcess;
using testing::WsClient;

// An open GET /api/v1/stream: reads its lines as they come.
class NdjsonStream {
 public:
  NdjsonStream(unsigned short port, const std::string& target) : socket_(ioc_) {
    socket_.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req(http::verb::get, target, 11);
    req.set(http::field::host, "127.0.0.1");
    http::write(socket_, req);
    parser_.body_limit(64 << 20);
    http::read_header(socket_, buffer_, parser_);
  }
  const http::response<http::string_body>& response() const { return parser_.get(); }

  // The next line that is not a keep-alive (empty), parsed; nullopt at the end of the stream.
  std::optional<json> next() {
    while (true) {
      auto& body = parser_.get().body();
      const auto end = body.find('\n', consumed_);
      if (end != std::string::npos) {
        const std::string line = body.substr(consumed_, end - consumed_);
        consumed_ = end + 1;
        if (line.empty()) continue;
        return json::parse(line);
      }
      if (parser_.is_done()) return std::nullopt;
      beast::error_code ec;
      http::read_some(socket_, buffer_, parser_, ec);
      if (ec) return std::nullopt;
    }
  }

 private:
  asio::io_context ioc_;
  asio::ip::tcp::socket socket_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  std::size_t consumed_ = 0;
};

const std::vector<std::string> kOpening = {"e4", "e5",  "Nf3", "Nc6", "Bb5",
                                           "a6", "Ba4", "Nf6", "O-O", "Be7"};

class ResumableEvents : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(one_.started());
    ASSERT_TRUE(two_.started());
    const ApiClient api(one_);
    alice_ = api.sign_up("alice");
    bob_ = api.sign_up("bob");
    td_ = api.login(testing::kDirector, testing::kDirectorPassword);
  }

  std::int64_t user_id(const std::string& token) {
    return std::stoll(ApiClient(one_).expect("GET", "/api/v1/me", token)["id"].get<std::string>());
  }

  // Connects once without `since`: the number the greeting gives (-1 without greeting).
  std::int64_t current_seq(const std::string& token) {
    WsClient ws(one_.port(), "/api/v1/ws?token=" + token);
    auto hello = ws.read_type("hello");
    return hello ? (*hello)["seq"].get<std::int64_t>() : -1;
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  ServerProcess one_{db_.url(), testing::director_env()};
  ServerProcess two_{db_.url(), testing::director_env()};
  std::string alice_, bob_, td_;
};

TEST_F(ResumableEvents, AReconnectingClientGetsExactlyWhatItMissedThenLiveAndTheStreamAgrees) {
  const ApiClient on_one(one_), on_two(two_);
  // Connected once: the greeting says where alice's messages stand.
  const auto since = current_seq(alice_);
  ASSERT_GE(since, 0);
  // Away: 50 moves in five games, made alternately through both instances.
  std::vector<std::string> games;
  for (int g = 0; g < 5; ++g) games.push_back(on_one.create_game(td_, "alice", "bob"));
  std::vector<std::pair<std::string, std::string>> made;  // (game, san) in order
  int n = 0;
  for (std::size_t ply = 0; ply < kOpening.size(); ++ply) {
    for (const auto& game : games) {
      const ApiClient& via = (n++ % 2) ? on_two : on_one;
      ASSERT_NO_FATAL_FAILURE(via.play(game, ply % 2 ? bob_ : alice_, kOpening[ply]));
      made.emplace_back(game, kOpening[ply]);
    }
  }
  ASSERT_EQ(made.size(), 50U);

  // Back, on the other instance: hello, then exactly those 50 in order, numbered since+1...
  WsClient ws(two_.port(), "/api/v1/ws?since=" + std::to_string(since) + "&token=" + alice_);
  auto hello = ws.read();
  ASSERT_TRUE(hello);
  EXPECT_EQ((*hello)["type"], "hello");
  EXPECT_EQ((*hello)["seq"], since);
  std::vector<json> replayed;
  while (replayed.size() < 50) {
    auto m = ws.read();
    ASSERT_TRUE(m) << "after " << replayed.size();
    replayed.push_back(*m);
  }
  for (std::size_t i = 0; i < replayed.size(); ++i) {
    const auto& m = replayed[i];
    EXPECT_EQ(m["seq"], since + 1 + static_cast<std::int64_t>(i)) << m.dump();
    EXPECT_EQ(m["type"], "move") << m.dump();
    EXPECT_EQ(m["game_id"], made[i].first) << m.dump();
    EXPECT_EQ(m["move"]["san"], made[i].second) << m.dump();
  }
  // ...then live ones, continuing the numbers.
  ASSERT_NO_FATAL_FAILURE(on_one.play(games[0], alice_, "Re1"));
  auto live = ws.read();
  ASSERT_TRUE(live);
  EXPECT_EQ((*live)["move"]["san"], "Re1");
  EXPECT_EQ((*live)["seq"], since + 51);
  // Nothing else, no duplicate.
  ws.send(json{{"type", "ping"}});
  auto pong = ws.read();
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["type"], "pong");

  // The ndjson stream from the same point gives the same sequence, then continues live.
  NdjsonStream stream(one_.port(),
                      "/api/v1/stream?since=" + std::to_string(since) + "&token=" + alice_);
  EXPECT_EQ(stream.response().result_int(), 200);
  EXPECT_EQ(stream.response()[http::field::content_type], "application/x-ndjson");
  auto greeting = stream.next();
  ASSERT_TRUE(greeting);
  EXPECT_EQ((*greeting)["type"], "hello");
  for (std::size_t i = 0; i < replayed.size(); ++i) {
    auto m = stream.next();
    ASSERT_TRUE(m);
    EXPECT_EQ(*m, replayed[i]);
  }
  auto re1 = stream.next();
  ASSERT_TRUE(re1);
  EXPECT_EQ(*re1, *live);
  ASSERT_NO_FATAL_FAILURE(on_two.play(games[0], bob_, "b5"));
  auto b5 = stream.next();
  ASSERT_TRUE(b5);
  EXPECT_EQ((*b5)["move"]["san"], "b5");
  EXPECT_EQ((*b5)["seq"], since + 52);
  auto b5_ws = ws.read();
  ASSERT_TRUE(b5_ws);
  EXPECT_EQ(*b5_ws, *b5);

  // Logging out ends the stream too, with the reason as its last line.
  ASSERT_EQ(on_two.call("POST", "/api/v1/auth/logout", alice_).status, 204);
  auto ended = stream.next();
  ASSERT_TRUE(ended);
  EXPECT_EQ((*ended)["type"], "session_ended");
  EXPECT_FALSE(stream.next());
}

TEST_F(ResumableEvents, ALongAbsenceIsReplayedPageByPage) {
  // More missed messages than one read returns (and than a socket queues at once).
  const ApiClient api(one_);
  const auto since = current_seq(alice_);
  ASSERT_GE(since, 0);
  std::vector<std::string> games;
  for (int g = 0; g < 30; ++g) games.push_back(api.create_game(td_, "alice", "bob"));
  for (std::size_t ply = 0; ply < kOpening.size(); ++ply) {
    for (const auto& game : games) {
      ASSERT_NO_FATAL_FAILURE(api.play(game, ply % 2 ? bob_ : alice_, kOpening[ply]));
    }
  }
  WsClient ws(two_.port(), "/api/v1/ws?since=" + std::to_string(since) + "&token=" + alice_);
  ASSERT_TRUE(ws.read_type("hello"));
  for (std::int64_t expected = since + 1; expected <= since + 300; ++expected) {
    auto m = ws.read();
    ASSERT_TRUE(m) << "waiting for " << expected;
    ASSERT_EQ((*m)["seq"], expected) << m->dump();
  }
}

TEST_F(ResumableEvents, ASinceOlderThanWhatIsKeptGetsAResync) {
  const ApiClient api(one_);
  const auto game = api.create_game(td_, "alice", "bob");
  for (std::size_t ply = 0; ply < 4; ++ply) {
    ASSERT_NO_FATAL_FAILURE(api.play(game, ply % 2 ? bob_ : alice_, kOpening[ply]));
  }
  // Messages 1 and 2 of alice went out of retention (as the hourly clean-up does).
  const auto alice_id = user_id(alice_);
  {
    pqxx::connection c(db_.url());
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM user_events WHERE user_id = $1 AND seq <= 2", alice_id);
    tx.commit();
  }
  // Resuming after 2 is still complete...
  {
    WsClient ws(one_.port(), "/api/v1/ws?since=2&token=" + alice_);
    auto hello = ws.read();
    ASSERT_TRUE(hello);
    EXPECT_EQ((*hello)["seq"], 2);
    auto m = ws.read();
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["seq"], 3);
    EXPECT_EQ((*m)["move"]["san"], kOpening[2]);
  }
  // ...resuming after 1 is not: resync, then live from the newest number on.
  WsClient ws(two_.port(), "/api/v1/ws?since=1&token=" + alice_);
  auto hello = ws.read();
  ASSERT_TRUE(hello);
  EXPECT_EQ((*hello)["type"], "hello");
  EXPECT_EQ((*hello)["seq"], 4);
  auto resync = ws.read();
  ASSERT_TRUE(resync);
  EXPECT_EQ(*resync, (json{{"type", "resync"}, {"seq", 4}}));
  ASSERT_NO_FATAL_FAILURE(api.play(game, alice_, kOpening[4]));
  auto live = ws.read();
  ASSERT_TRUE(live);
  EXPECT_EQ((*live)["seq"], 5);
  // A number from the future (another database?) cannot be resumed either.
  WsClient future(one_.port(), "/api/v1/ws?since=99&token=" + alice_);
  ASSERT_TRUE(future.read_type("hello"));
  auto again = future.read();
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["type"], "resync");
  // And a since that is no number is refused before the upgrade.
  const auto bad = one_.request("GET", "/api/v1/stream?since=-1&token=" + alice_);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(json::parse(bad.body)["code"], "validation_error");
  EXPECT_EQ(one_.request("GET", "/api/v1/stream").status, 401);
  // The sign-in comes first (api.md "Errors"): without a valid token a bad since is a 401.
  for (const std::string path : {"/api/v1/stream?since=-1", "/api/v1/stream?since=abc",
                                 "/api/v1/stream?since=x&token=not-a-token"}) {
    const auto refused = one_.request("GET", path);
    EXPECT_EQ(refused.status, 401) << path;
    EXPECT_EQ(json::parse(refused.body)["code"], "unauthorized") << path;
  }
}

}  // namespace
}  // namespace corrchess
