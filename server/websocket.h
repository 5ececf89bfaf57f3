// Live events over WebSocket (api.md "Live events"). Every server instance LISTENs on the
// events channel; each notification names a game, the users concerned and the messages.
// The hub forwards them to the sockets of those users and of anyone watching the game, on
// this instance. Sessions write through a bounded outbox: a client that does not keep up is
// disconnected instead of making the server buffer without limit or stall other sockets.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json_fwd.hpp>

#include "api/http.h"
#include "core/error.h"

namespace corrchess::server {

// A connection's place under the server's connection caps (see ConnectionTracker), held
// for as long as the connection lives; the last copy dropped frees the place.
using ConnectionLease = std::shared_ptr<const void>;

struct WsUser {
  std::int64_t id = 0;
  std::string username;
  std::string role;
  std::string token_hash;             // the bearer token the socket was opened with (hex)
  std::int64_t token_expires_in = 0;  // seconds until that token expires (0: never closes)
};

struct WsLimits {
  std::size_t max_queued_messages = 512;   // per socket, then the socket is closed
  std::size_t max_queued_bytes = 1 << 20;  // per socket, then the socket is closed
  std::size_t max_client_message_bytes = 4096;
  int idle_timeout_seconds = 60;        // pings at half of it; no answer closes
  std::size_t max_subscriptions = 100;  // games watched per socket
};

// Outgoing messages of one socket, bounded by count and bytes.
class Outbox {
 public:
  explicit Outbox(const WsLimits& limits) : limits_(limits) {}
  // Queues a message; false when it would exceed a bound (the caller closes the socket).
  bool push(std::shared_ptr<const std::string> message);
  bool empty() const { return queue_.empty(); }
  const std::string& front() const { return *queue_.front(); }
  void pop();
  std::size_t size() const { return queue_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  const WsLimits& limits_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t bytes_ = 0;
};

class WsSession;

// The process-wide registry of sockets, by user and by watched game.
class WsHub {
 public:
  explicit WsHub(WsLimits limits = {}) : limits_(limits) {}

  void add(const std::shared_ptr<WsSession>& session);
  void remove(const WsSession* session);
  // False when the socket already watches max_subscriptions games.
  bool subscribe(const std::shared_ptr<WsSession>& session, std::int64_t game_id);
  void unsubscribe(const WsSession* session, std::int64_t game_id);

  // Forwards a notification payload {"game_id", "users": [...], "messages": [...]} to the
  // sockets concerned. A revocation {"revoke": {"user": id, "token_hash"?: hex}} closes the
  // user's sockets opened with that token (every socket of the user without one). Ignores
  // payloads of other shapes.
  void deliver(const std::string& payload);
  // Sockets of one user on this instance.
  std::size_t connections_of(std::int64_t user_id) const;
  // Sends one message to every socket (e.g. "resync" after the listener missed events).
  void broadcast(const std::string& message);
  // Sends a close frame to every socket (graceful shutdown).
  void close_all();

  const WsLimits& limits() const { return limits_; }
  std::size_t connections() const;
  std::uint64_t messages_sent() const { return sent_.load(); }
  std::uint64_t slow_disconnects() const { return slow_.load(); }
  void count_sent() { ++sent_; }
  void count_slow() { ++slow_; }

 private:
  using Sessions = std::vector<std::weak_ptr<WsSession>>;
  using Index = std::unordered_map<std::int64_t, Sessions>;
  // What the hub knows of one registered socket: enough to undo its registration by
  // touching only its own lists.
  struct Entry {
    std::weak_ptr<WsSession> session;
    std::int64_t user_id = 0;
    std::unordered_set<std::int64_t> games;  // watched through subscribe
  };
  static void prune(Index& index, std::int64_t key, const WsSession* gone);
  void revoke(const nlohmann::json& revocation);
  // Drops `entry` of `session` from by_user_ and by_game_ (the caller erases it from all_).
  void unlink(const WsSession* session, const Entry& entry);
  // Every registered socket still alive, taken under the lock.
  std::vector<std::shared_ptr<WsSession>> live_sessions() const;

  WsLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<const WsSession*, Entry> all_;
  Index by_user_;
  Index by_game_;
  std::atomic<std::uint64_t> sent_{0};
  std::atomic<std::uint64_t> slow_{0};
};

// What the HTTP server needs to accept WebSocket upgrades.
struct WebSocketHooks {
  WsHub* hub = nullptr;
  std::string path = "/api/v1/ws";
  // Runs on a worker thread: the user behind the upgrade request, or the problem to answer.
  std::function<Result<WsUser>(const api::Request&)> authenticate;
  // Runs on a worker thread: may `user` watch game `game_id`?
  std::function<Result<void>(const WsUser&, std::int64_t game_id)> can_watch;
};

// Takes over an upgraded connection: completes the handshake for `request` and serves the
// socket until it closes.
void start_websocket_session(boost::asio::ip::tcp::socket socket,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             WsUser user, std::shared_ptr<const WebSocketHooks> hooks,
                             boost::asio::thread_pool& workers, ConnectionLease lease = nullptr);

}  // namespace corrchess::server
