// LiveHub's per-socket subscription bookkeeping, driven through real sessions: an in-process
// acceptor on 127.0.0.1 hands each upgrade to start_websocket_session with a hub of our
// own (small limits, every game watchable). No server process, no database.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include "server/websocket.h"
#include "tests/support/ws_client.h"

namespace corrchess::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using nlohmann::json;
using tcp = asio::ip::tcp;
using testing::WsClient;

LiveLimits small_limits() {
  LiveLimits limits;
  limits.max_subscriptions = 3;
  return limits;
}

class Hub : public ::testing::Test {
 protected:
  void SetUp() override {
    auto hooks = std::make_shared<LiveHooks>();
    hooks->hub = &hub_;
    hooks->can_watch = [](const LiveUser&, std::int64_t) -> Result<void> { return {}; };
    hooks_ = hooks;
    acceptor_.open(tcp::v4());
    acceptor_.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    acceptor_.listen();
    accept();
    io_thread_ = std::thread([this] { ioc_.run(); });
  }

  void TearDown() override {
    asio::post(ioc_, [this] { acceptor_.close(); });
    work_.reset();
    ioc_.stop();
    io_thread_.join();
    workers_.join();
  }

  // Each upgrade request names its user: "/ws?user=<id>".
  void accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;
      auto stream = std::make_shared<beast::tcp_stream>(std::move(socket));
      auto buffer = std::make_shared<beast::flat_buffer>();
      auto request = std::make_shared<http::request<http::string_body>>();
      http::async_read(
          *stream, *buffer, *request,
          [this, stream, buffer, request](beast::error_code read_ec, std::size_t) {
            if (read_ec) return;
            const std::string target(request->target());
            LiveUser user{
                std::stoll(target.substr(target.find('=') + 1)), "u", "user", "", 0, {}, nullptr};
            user.username += std::to_string(user.id);
            start_websocket_session(stream->release_socket(), std::move(*request), std::move(user),
                                    hooks_, workers_);
          });
      accept();
    });
  }

  // A greeted socket of user `user_id` (greeted: registered with the hub).
  std::unique_ptr<WsClient> open(std::int64_t user_id) {
    auto ws = std::make_unique<WsClient>(acceptor_.local_endpoint().port(),
                                         "/ws?user=" + std::to_string(user_id));
    EXPECT_TRUE(ws->connected());
    auto hello = ws->read();
    EXPECT_TRUE(hello && (*hello)["type"] == "hello") << (hello ? hello->dump() : "nothing");
    return ws;
  }

  // Sends {"subscribe": game} and returns the answer's type ("subscribed" or "error").
  static std::string subscribe(WsClient& ws, std::int64_t game_id) {
    ws.send(json{{"subscribe", game_id}});
    auto answer = ws.read();
    if (!answer) return "nothing";
    if ((*answer)["type"] == "error") {
      EXPECT_EQ((*answer)["detail"], "too many subscriptions on one socket") << answer->dump();
    } else {
      EXPECT_EQ((*answer)["game_id"], std::to_string(game_id)) << answer->dump();
    }
    return (*answer)["type"];
  }

  static void unsubscribe(WsClient& ws, std::int64_t game_id) {
    ws.send(json{{"unsubscribe", game_id}});
    auto answer = ws.read();
    ASSERT_TRUE(answer);
    EXPECT_EQ((*answer)["type"], "unsubscribed");
  }

  // Delivers a notification about `game_id` concerning `users`, carrying {"n": n}.
  void notify(std::int64_t game_id, int n, const json& users = json::array()) {
    hub_.deliver(json{{"game_id", std::to_string(game_id)},
                      {"users", users},
                      {"messages", json::array({json{{"type", "test"}, {"n", n}}})}}
                     .dump());
  }

  // The notifications `ws` received (their "n"), in order, up to a pong. The pong goes out
  // after anything delivered before the ping, so nothing delivered is missed.
  static std::vector<int> received(WsClient& ws) {
    ws.send(json{{"type", "ping"}});
    std::vector<int> ns;
    while (auto m = ws.read()) {
      if ((*m)["type"] == "pong") return ns;
      ns.push_back(m->value("n", -1));
    }
    ADD_FAILURE() << "no pong";
    return ns;
  }

  bool connections_become(std::size_t n) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (hub_.connections() != n) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  }

  LiveHub hub_{small_limits()};
  asio::thread_pool workers_{1};
  asio::io_context ioc_;
  asio::executor_work_guard<asio::io_context::executor_type> work_{ioc_.get_executor()};
  tcp::acceptor acceptor_{ioc_};
  std::shared_ptr<const LiveHooks> hooks_;
  std::thread io_thread_;
};

TEST_F(Hub, TheLimitCountsEachWatchedGameOnce) {
  auto ws = open(1);
  EXPECT_EQ(subscribe(*ws, 10), "subscribed");
  // Subscribing again to a watched game is accepted and takes no further slot.
  EXPECT_EQ(subscribe(*ws, 10), "subscribed");
  EXPECT_EQ(subscribe(*ws, 10), "subscribed");
  EXPECT_EQ(subscribe(*ws, 11), "subscribed");
  EXPECT_EQ(subscribe(*ws, 12), "subscribed");
  // At the limit: a new game is refused, a watched one still accepted.
  EXPECT_EQ(subscribe(*ws, 13), "error");
  EXPECT_EQ(subscribe(*ws, 12), "subscribed");
  notify(13, 1);
  notify(12, 2);
  notify(10, 3);
  EXPECT_EQ(received(*ws), (std::vector<int>{2, 3}));  // once each, never the refused game
}

TEST_F(Hub, TheLimitIsPerSocket) {
  auto first = open(1);
  auto second = open(1);
  for (std::int64_t game : {10, 11, 12}) {
    EXPECT_EQ(subscribe(*first, game), "subscribed");
    EXPECT_EQ(subscribe(*second, game + 10), "subscribed");
  }
  EXPECT_EQ(subscribe(*first, 30), "error");
  EXPECT_EQ(subscribe(*second, 30), "error");
  EXPECT_EQ(hub_.connections(), 2U);
}

TEST_F(Hub, UnsubscribingFreesASlot) {
  auto ws = open(1);
  for (std::int64_t game : {10, 11, 12}) EXPECT_EQ(subscribe(*ws, game), "subscribed");
  EXPECT_EQ(subscribe(*ws, 13), "error");
  // Leaving a game that is not watched frees nothing.
  ASSERT_NO_FATAL_FAILURE(unsubscribe(*ws, 99));
  EXPECT_EQ(subscribe(*ws, 13), "error");
  ASSERT_NO_FATAL_FAILURE(unsubscribe(*ws, 10));
  ASSERT_NO_FATAL_FAILURE(unsubscribe(*ws, 10));  // twice frees one slot only
  EXPECT_EQ(subscribe(*ws, 13), "subscribed");
  EXPECT_EQ(subscribe(*ws, 14), "error");
  notify(10, 1);
  notify(13, 2);
  EXPECT_EQ(received(*ws), (std::vector<int>{2}));
}

TEST_F(Hub, AClosedSocketIsForgottenAndOthersKeepTheirSubscriptions) {
  auto gone = open(7);
  auto stays = open(7);
  auto watcher = open(8);
  EXPECT_EQ(subscribe(*gone, 10), "subscribed");
  EXPECT_EQ(subscribe(*stays, 10), "subscribed");
  EXPECT_EQ(subscribe(*watcher, 10), "subscribed");
  EXPECT_EQ(subscribe(*watcher, 11), "subscribed");
  ASSERT_EQ(hub_.connections(), 3U);
  gone.reset();
  ASSERT_TRUE(connections_become(2));
  // The user's other socket still hears both its user's events and its game, once.
  notify(10, 1, json::array({7}));
  notify(20, 2, json::array({7}));
  notify(11, 3);
  EXPECT_EQ(received(*stays), (std::vector<int>{1, 2}));
  EXPECT_EQ(received(*watcher), (std::vector<int>{1, 3}));
  // A new socket starts with no subscriptions of its own.
  auto fresh = open(7);
  for (std::int64_t game : {10, 11, 12}) EXPECT_EQ(subscribe(*fresh, game), "subscribed");
  EXPECT_EQ(subscribe(*fresh, 13), "error");
  stays.reset();
  watcher.reset();
  fresh.reset();
  EXPECT_TRUE(connections_become(0));
}

TEST_F(Hub, AfterALossWatchersAreToldWhichGamesToReReadAndCloseAllReachesEverySocket) {
  auto a = open(1);
  auto b = open(2);
  EXPECT_EQ(subscribe(*a, 11), "subscribed");
  EXPECT_EQ(subscribe(*a, 10), "subscribed");
  hub_.recover_after_loss();
  auto resync = a->read();
  ASSERT_TRUE(resync);
  EXPECT_EQ(*resync, (json{{"type", "resync"}, {"games", {"10", "11"}}}));
  EXPECT_EQ(received(*b), (std::vector<int>{}));  // watches nothing: nothing to re-read
  hub_.close_all();
  EXPECT_FALSE(a->read());
  EXPECT_TRUE(a->closed());
  EXPECT_FALSE(b->read());
  EXPECT_TRUE(b->closed());
  EXPECT_TRUE(connections_become(0));
}

TEST_F(Hub, NumberedMessagesReachTheirUserOnceAndInOrder) {
  auto ws = open(7);
  auto numbered = [&](std::int64_t first, std::vector<int> ns) {
    json messages = json::array();
    for (int n : ns) messages.push_back(json{{"type", "test"}, {"n", n}});
    hub_.deliver(json{{"users", {7}}, {"seqs", {{"7", first}}}, {"messages", messages}}.dump());
  };
  numbered(1, {1, 2});
  numbered(2, {2, 3});  // the second copy of 2 (a repeated notification) is dropped
  numbered(4, {4});
  ws->send(json{{"type", "ping"}});
  std::vector<std::pair<int, std::int64_t>> got;
  while (auto m = ws->read()) {
    if ((*m)["type"] == "pong") break;
    got.emplace_back((*m)["n"].get<int>(), (*m)["seq"].get<std::int64_t>());
  }
  EXPECT_EQ(got, (std::vector<std::pair<int, std::int64_t>>{{1, 1}, {2, 2}, {3, 3}, {4, 4}}));
}

}  // namespace
}  // namespace corrchess::server
