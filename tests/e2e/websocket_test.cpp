// Live events over WebSocket against real server processes and a real database.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/support/api_client.h"
#include "tests/support/temp_database.h"
#include "tests/support/ws_client.h"

namespace corrchess {
namespace {

using nlohmann::json;
using testing::ServerProcess;
using testing::WsClient;

const auto kWebsocketEnv = testing::director_env();

class WebSocket : public ::testing::Test {
 protected:
  // Registers alice, bob and carol, logs everyone in and creates alice-bob.
  void setup(const ServerProcess& s) {
    const testing::ApiClient api(s);
    for (const char* name : {"alice", "bob", "carol"}) {
      ASSERT_NO_FATAL_FAILURE(api.register_user(name));
    }
    td_ = api.login(testing::kDirector, testing::kDirectorPassword);
    alice_ = api.login("alice");
    bob_ = api.login("bob");
    carol_ = api.login("carol");
    game_ = api.create_game(td_, "alice", "bob",
                            {{"time_control", {{"type", "per_move"}, {"days", 3}}}});
  }
  // Starts server_ (environment `env`) and sets up the players and the game on it.
  void start(const testing::ServerEnv& env = kWebsocketEnv) {
    server_.emplace(db_.url(), env);
    ASSERT_TRUE(server_->started());
    ASSERT_NO_FATAL_FAILURE(setup(*server_));
  }
  // Submit + accept.
  void play(const ServerProcess& s, const std::string& token, const std::string& move,
            bool offer_draw = false) {
    testing::ApiClient(s).play(game_, token, move, {{"offer_draw", offer_draw}});
  }
  // A socket that has been greeted (so it is registered with the hub).
  std::unique_ptr<WsClient> open(const ServerProcess& s, const std::string& token) {
    auto ws = std::make_unique<WsClient>(s.port(), "/api/v1/ws?token=" + token);
    EXPECT_TRUE(ws->connected());
    auto hello = ws->read();
    EXPECT_TRUE(hello && (*hello)["type"] == "hello") << (hello ? hello->dump() : "nothing");
    return ws;
  }
  // Sends a ping on `ws` and expects its pong as the next message (so nothing was queued
  // before it).
  static void expect_pong_next(WsClient& ws) {
    ws.send(json{{"type", "ping"}});
    auto pong = ws.read();
    ASSERT_TRUE(pong);
    EXPECT_EQ((*pong)["type"], "pong");
  }

  testing::TempDatabase db_{testing::TempDatabase::Schema::migrated};
  std::optional<ServerProcess> server_;  // what start() started
  std::string td_, alice_, bob_, carol_, game_;
};

TEST_F(WebSocket, UpgradeWithoutAValidTokenIsRefused) {
  ServerProcess server(db_.url(), kWebsocketEnv);
  ASSERT_TRUE(server.started());
  const std::map<std::string, std::string> upgrade = {
      {"Connection", "Upgrade"},
      {"Upgrade", "websocket"},
      {"Sec-WebSocket-Version", "13"},
      {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}};
  for (const char* target : {"/api/v1/ws", "/api/v1/ws?token=not-a-token"}) {
    auto refused = server.request("GET", target, "", upgrade);
    EXPECT_EQ(refused.status, 401) << target;
    EXPECT_EQ(refused.headers["content-type"], "application/problem+json");
    EXPECT_EQ(json::parse(refused.body)["code"], "unauthorized");
    WsClient client(server.port(), target);
    EXPECT_FALSE(client.connected());
  }
  // The Authorization header works as well as the query parameter.
  setup(server);
  WsClient with_header(server.port(), "/api/v1/ws", testing::bearer(bob_));
  ASSERT_TRUE(with_header.connected());
  auto hello = with_header.read();
  ASSERT_TRUE(hello);
  EXPECT_EQ((*hello)["type"], "hello");
  EXPECT_EQ((*hello)["user"], "bob");
}

TEST_F(WebSocket, AMoveReachesBothPlayersButNotOthers) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  auto alice_ws = open(server, alice_);
  auto bob_ws = open(server, bob_);
  auto carol_ws = open(server, carol_);
  play(server, alice_, "e4");
  for (auto* ws : {bob_ws.get(), alice_ws.get()}) {
    auto m = ws->read();
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["type"], "move");
    EXPECT_EQ((*m)["game_id"], game_);
    EXPECT_EQ((*m)["ply"], 1);
    EXPECT_EQ((*m)["by"], "white");
    EXPECT_EQ((*m)["move"]["san"], "e4");
    EXPECT_EQ((*m)["move"]["uci"], "e2e4");
    EXPECT_EQ((*m)["move"]["numeric"], "5254");
    EXPECT_EQ((*m)["fen_after"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_TRUE(m->contains("at"));
  }
  // Carol plays in neither game: she hears nothing of it. A ping proves her socket works
  // and that nothing was queued before the pong.
  expect_pong_next(*carol_ws);
}

TEST_F(WebSocket, OffersDeclinesAndTheEndArePushed) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  auto alice_ws = open(server, alice_);
  auto bob_ws = open(server, bob_);
  play(server, alice_, "e4");
  play(server, bob_, "e5");
  play(server, alice_, "Nf3", true);  // an offer needs a move by the opponent first
  auto offer = bob_ws->read_type("draw_offer");
  ASSERT_TRUE(offer);
  EXPECT_EQ((*offer)["by"], "white");
  ASSERT_EQ(testing::ApiClient(server)
                .call("POST", "/api/v1/games/" + game_ + "/draw/decline", bob_)
                .status,
            200);
  auto declined = alice_ws->read_type("draw_declined");
  ASSERT_TRUE(declined);
  EXPECT_EQ((*declined)["by"], "black");
  ASSERT_EQ(
      testing::ApiClient(server).call("POST", "/api/v1/games/" + game_ + "/resign", bob_).status,
      200);
  auto over = alice_ws->read_type("game_over");
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "1-0");
  EXPECT_EQ((*over)["termination"], "resignation");
}

TEST_F(WebSocket, AFlagFallDecidedByTheSchedulerIsPushed) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  auto bob_ws = open(server, bob_);
  ASSERT_NO_FATAL_FAILURE(testing::ApiClient(server).advance_clock(td_, 4 * 86400));
  auto over = bob_ws->read_type("game_over");
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["game_id"], game_);
  EXPECT_EQ((*over)["result"], "0-1");
  EXPECT_EQ((*over)["termination"], "time_forfeit");
}

TEST_F(WebSocket, OthersMaySubscribeToAGame) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  auto carol_ws = open(server, carol_);
  carol_ws->send(json{{"subscribe", "999999"}});
  auto refused = carol_ws->read();
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["type"], "error");
  EXPECT_EQ((*refused)["code"], "not_found");
  carol_ws->send(json{{"subscribe", "x1"}});
  auto invalid = carol_ws->read();
  ASSERT_TRUE(invalid);
  EXPECT_EQ((*invalid)["code"], "validation_error");
  carol_ws->send(json{{"subscribe", game_}});
  auto ok = carol_ws->read();
  ASSERT_TRUE(ok);
  EXPECT_EQ((*ok)["type"], "subscribed");
  play(server, alice_, "d4");
  auto m = carol_ws->read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "move");
  EXPECT_EQ((*m)["move"]["san"], "d4");
  carol_ws->send(json{{"unsubscribe", game_}});
  auto bye = carol_ws->read();
  ASSERT_TRUE(bye);
  EXPECT_EQ((*bye)["type"], "unsubscribed");
  play(server, bob_, "d5");
  expect_pong_next(*carol_ws);  // the d5 move was not delivered after unsubscribing
}

TEST_F(WebSocket, AnEventOnOneInstanceReachesASocketOnAnother) {
  ServerProcess one(db_.url(), kWebsocketEnv);
  ASSERT_TRUE(one.started());
  ServerProcess two(db_.url(), kWebsocketEnv);
  ASSERT_TRUE(two.started());
  setup(one);
  auto bob_on_two = open(two, bob_);
  auto alice_on_one = open(one, alice_);
  play(one, alice_, "c4");
  auto m = bob_on_two->read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "move");
  EXPECT_EQ((*m)["move"]["san"], "c4");
  // And back: bob answers through instance two, alice hears it on instance one.
  ASSERT_TRUE(alice_on_one->read_type("move"));  // her own c4
  play(two, bob_, "e5");
  auto reply = alice_on_one->read_type("move");
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["move"]["san"], "e5");
  // Sessions are in PostgreSQL: a token from instance one works on instance two.
  auto me = testing::ApiClient(two).call("GET", "/api/v1/me", alice_);
  EXPECT_EQ(me.status, 200);
}

TEST_F(WebSocket, MalformedClientMessagesGetAnErrorAndTheSocketStaysUp) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  auto ws = open(server, alice_);
  ws->send(json::array({1, 2}));
  auto e1 = ws->read();
  ASSERT_TRUE(e1);
  EXPECT_EQ((*e1)["type"], "error");
  ws->send(json{{"what", "ever"}});
  auto e2 = ws->read();
  ASSERT_TRUE(e2);
  EXPECT_EQ((*e2)["type"], "error");
  play(server, alice_, "e4");
  auto m = ws->read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "move");
}

TEST_F(WebSocket, ASlowClientIsDisconnectedWithoutHoldingUpOthers) {
  auto env = kWebsocketEnv;
  env.emplace_back("CORRCHESS_WS_MAX_QUEUE", "16");
  ASSERT_NO_FATAL_FAILURE(start(env));
  const ServerProcess& server = *server_;
  auto id_of = [&](const std::string& token) {
    // Ids are opaque strings in the API; the notification carries the database id.
    return std::stoll(
        json::parse(testing::ApiClient(server).call("GET", "/api/v1/me", token).body)["id"]
            .get<std::string>());
  };
  const auto alice_id = id_of(alice_);
  const auto bob_id = id_of(bob_);
  // Alice's socket has a tiny receive buffer and she does not read; Bob reads everything.
  WsClient slow(server.port(), "/api/v1/ws?token=" + alice_, {}, 4096);
  ASSERT_TRUE(slow.connected());
  ASSERT_TRUE(slow.read());  // hello
  auto fast = open(server, bob_);
  // 2000 notifications of ~6 KB for both (12 MB: more than any socket buffers hold), in
  // batches of 8 that Bob reads before the next batch, as a live client would.
  constexpr int kCount = 2000;
  constexpr int kBatch = 8;
  pqxx::connection conn(db_.url());
  const std::string pad(6000, 'x');
  for (int i = 0; i < kCount; i += kBatch) {
    pqxx::work tx(conn);
    for (int k = i; k < i + kBatch; ++k) {
      json note = {{"game_id", game_},
                   {"users", json::array({alice_id, bob_id})},
                   {"messages", json::array({json{{"type", "test"}, {"n", k}, {"pad", pad}}})}};
      tx.exec_params("SELECT pg_notify('corrchess_events', $1)", note.dump());
    }
    tx.commit();
    for (int k = i; k < i + kBatch; ++k) {
      auto m = fast->read(std::chrono::seconds(20));
      ASSERT_TRUE(m) << "fast client starved at message " << k;
      ASSERT_EQ((*m)["n"], k);
    }
  }
  int received = 0;
  while (slow.read(std::chrono::seconds(10))) ++received;
  EXPECT_TRUE(slow.closed());
  EXPECT_LT(received, kCount);  // dropped long before the end
  auto metrics = server.request("GET", "/metrics").body;
  EXPECT_NE(metrics.find("corrchess_ws_slow_disconnects_total 1"), std::string::npos) << metrics;
}

TEST_F(WebSocket, ShutdownClosesSocketsAndTheMetricsCountThem) {
  ASSERT_NO_FATAL_FAILURE(start());
  ServerProcess& server = *server_;
  auto ws = open(server, alice_);
  auto metrics = server.request("GET", "/metrics");
  EXPECT_NE(metrics.body.find("corrchess_ws_connections 1"), std::string::npos) << metrics.body;
  EXPECT_EQ(server.stop(), 0);
  EXPECT_FALSE(ws->read(std::chrono::seconds(5)));
  EXPECT_TRUE(ws->closed());
}

TEST_F(WebSocket, ASocketEndsWithItsTokensExpiry) {
  ASSERT_NO_FATAL_FAILURE(start());
  const ServerProcess& server = *server_;
  // Alice's token expires in two seconds (as a token issued 30 days ago would).
  db_.exec(
      "UPDATE auth_tokens SET expires_at = now() + interval '2 seconds' WHERE user_id = "
      "(SELECT id FROM users WHERE username = 'alice')");
  auto alice = open(server, alice_);
  auto bob = open(server, bob_);
  const auto started = std::chrono::steady_clock::now();
  auto ended = alice->read_type("session_ended", std::chrono::seconds(10));
  ASSERT_TRUE(ended);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  EXPECT_FALSE(alice->read(std::chrono::seconds(5)));
  EXPECT_TRUE(alice->closed());
  // Bob's socket, opened with a token of his own, lives on.
  expect_pong_next(*bob);
}

}  // namespace
}  // namespace corrchess
