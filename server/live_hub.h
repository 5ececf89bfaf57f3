// Live events (docs/api.md "Live events"): the process-wide registry of live connections
// (WebSockets and ndjson streams), by user and by watched game. Every server instance
// LISTENs on the events channel; each notification names a game, the users concerned, the
// first number of each user's copy and the messages. The hub forwards them to the
// connections of those users and of anyone watching the game, on this instance.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/http.h"
#include "core/error.h"
#include "db/live_events.h"

namespace corrchess::server {

// A connection's place under the server's connection caps (see ConnectionTracker), held
// for as long as the connection lives; the last copy dropped frees the place.
using ConnectionLease = std::shared_ptr<const void>;

// Who a live connection belongs to and where its messages resume.
struct LiveUser {
  std::int64_t id = 0;
  std::string username;
  std::string role;
  std::string token_hash;             // the bearer token the connection was opened with (hex)
  std::int64_t token_expires_in = 0;  // seconds until that token expires (0: never closes)
  std::optional<std::int64_t> since;  // the last number the client saw (?since=)
  // The connection's place under the per-user cap (LiveHub::reserve), held as long as the
  // connection lives (every copy of this LiveUser shares it).
  ConnectionLease slot;
};

struct LiveLimits {
  std::size_t max_queued_messages = 512;   // per connection, then it is closed
  std::size_t max_queued_bytes = 1 << 20;  // per connection, then it is closed
  std::size_t max_client_message_bytes = 4096;
  int idle_timeout_seconds = 60;        // pings (or stream keep-alives) at half of it
  std::size_t max_subscriptions = 100;  // games watched per socket
};

// Outgoing messages of one connection, bounded by count and bytes.
class Outbox {
 public:
  explicit Outbox(const LiveLimits& limits) : limits_(limits) {}
  // Queues a message; false when it would exceed a bound (the caller closes the connection).
  bool push(std::shared_ptr<const std::string> message);
  bool empty() const { return queue_.empty(); }
  const std::string& front() const { return *queue_.front(); }
  void pop();
  std::size_t size() const { return queue_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  const LiveLimits& limits_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t bytes_ = 0;
};

class LiveSession;

class LiveHub {
 public:
  explicit LiveHub(LiveLimits limits = {}) : limits_(limits) {}

  void add(const std::shared_ptr<LiveSession>& session);
  void remove(const LiveSession* session);
  // False when the connection already watches max_subscriptions games.
  bool subscribe(const std::shared_ptr<LiveSession>& session, std::int64_t game_id);
  void unsubscribe(const LiveSession* session, std::int64_t game_id);

  // Forwards a notification payload {"game_id", "users": [...], "seqs": {"<user>": n},
  // "messages": [...]} to the connections concerned: each named user's copy of message i is
  // numbered seqs[user] + i; watchers get the messages unnumbered and without the players'
  // text. A revocation {"revoke": {"user": id, "token_hash"?: hex}} closes the user's
  // connections opened with that token (every connection of the user without one). Ignores
  // payloads of other shapes.
  void deliver(const std::string& payload);
  // The LISTEN connection was re-established: messages may have been lost. Every connection
  // re-reads its user's stored messages; watchers of games are told to re-read those games.
  void recover_after_loss();
  // Takes one of `user_id`'s at most `max` places for live connections on this instance,
  // atomically: the count and the taking are one step, so simultaneous opens cannot pass the
  // cap. The place is freed when the last copy of the lease is dropped; null when all are
  // taken. The hub must outlive its leases.
  ConnectionLease reserve(std::int64_t user_id, std::size_t max);
  // Sends a close to every connection (graceful shutdown).
  void close_all();

  const LiveLimits& limits() const { return limits_; }
  std::size_t connections() const;
  std::uint64_t messages_sent() const { return sent_.load(); }
  std::uint64_t slow_disconnects() const { return slow_.load(); }
  void count_sent() { ++sent_; }
  void count_slow() { ++slow_; }

 private:
  using Sessions = std::vector<std::weak_ptr<LiveSession>>;
  using Index = std::unordered_map<std::int64_t, Sessions>;
  // What the hub knows of one registered connection: enough to undo its registration by
  // touching only its own lists.
  struct Entry {
    std::weak_ptr<LiveSession> session;
    std::int64_t user_id = 0;
    std::unordered_set<std::int64_t> games;  // watched through subscribe
  };
  static void prune(Index& index, std::int64_t key, const LiveSession* gone);
  void revoke(const nlohmann::json& revocation);
  // Drops `entry` of `session` from by_user_ and by_game_ (the caller erases it from all_).
  void unlink(const LiveSession* session, const Entry& entry);

  LiveLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<const LiveSession*, Entry> all_;
  Index by_user_;
  Index by_game_;
  std::unordered_map<std::int64_t, std::size_t> reserved_;  // places taken per user
  std::atomic<std::uint64_t> sent_{0};
  std::atomic<std::uint64_t> slow_{0};
};

// What the HTTP server needs to open live connections.
struct LiveHooks {
  LiveHub* hub = nullptr;
  std::string websocket_path = "/api/v1/ws";
  std::string stream_path = "/api/v1/stream";
  // Runs on a worker thread: the user behind the request, or the problem to answer.
  std::function<Result<LiveUser>(const api::Request&)> authenticate;
  // Runs on a worker thread: may `user` watch game `game_id`?
  std::function<Result<void>(const LiveUser&, std::int64_t game_id)> can_watch;
  // Runs on a worker thread: the user's stored messages after `since` (app/live_events.h).
  // Without it nothing is stored: connections start at number 0.
  std::function<Result<model::UserEventPage>(std::int64_t user_id,
                                             std::optional<std::int64_t> since)>
      read_events;
  // How many events read_events returns at most (a full page means: read on).
  int page_size = 100;
};

}  // namespace corrchess::server
