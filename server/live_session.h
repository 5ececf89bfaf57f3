// One live connection, whatever carries it (server/websocket.h, server/event_stream.h): the
// bounded outbox, the numbered messages of its user (server/event_feed.h) read from the store
// and then live, the greeting, and the end of the connection with its token. A transport
// derives from it and supplies writing and closing.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/error.hpp>

#include "server/event_feed.h"
#include "server/live_hub.h"

namespace corrchess::server {

class LiveSession : public std::enable_shared_from_this<LiveSession> {
 public:
  // `executor` must be a strand: every member below marked "on the strand" runs on it.
  LiveSession(boost::asio::any_io_executor executor, LiveUser user,
              std::shared_ptr<const LiveHooks> hooks, boost::asio::thread_pool& workers,
              ConnectionLease lease);
  virtual ~LiveSession() = default;
  LiveSession(const LiveSession&) = delete;
  LiveSession& operator=(const LiveSession&) = delete;

  const LiveUser& user() const { return user_; }

  // Thread-safe: queues an unnumbered message (a watched game's event).
  void send(std::shared_ptr<const std::string> message);
  // Thread-safe: a message addressed to this user, numbered `seq` (without "seq" yet).
  void send_numbered(std::int64_t seq, std::string message);
  // Thread-safe: messages may have been lost on the way; re-read the store. `games`: the
  // watched games, whose clients are told to re-read them.
  void recover(std::vector<std::int64_t> games);
  // Thread-safe: the token behind this connection was revoked or expired (or the user's
  // rights changed): tell the client why, then close, so no event reaches a signed-out client.
  void revoke();
  // Thread-safe: the server shuts down.
  void shut_down();

 protected:
  // On the strand, once the transport is up: registers with the hub, arms the token's
  // expiry and reads the store; the greeting {"type": "hello", "user", "seq"} follows the
  // first read, then the missed messages, then live ones.
  void begin();
  // On the strand: queues a message; a client that does not keep up is disconnected.
  void enqueue(std::shared_ptr<const std::string> message);
  // On the strand: the connection is gone; unregisters (idempotent).
  void finish();
  bool closing() const { return closing_; }
  void set_closing() { closing_ = true; }
  LiveHub& hub() { return hub_; }
  const LiveHooks& hooks() const { return *hooks_; }
  const std::shared_ptr<const LiveHooks>& hooks_ptr() const { return hooks_; }
  boost::asio::thread_pool& workers() { return workers_; }
  boost::asio::any_io_executor executor() const { return executor_; }

  // The transport. write_message sends one message and calls `done` on the strand.
  virtual void write_message(const std::string& message,
                             std::function<void(boost::beast::error_code)> done) = 0;
  // Ends the connection in the transport's way after what is queued (policy: the sign-in
  // ended); must lead to finish().
  virtual void close_gracefully(bool policy) = 0;
  // Drops the connection at once (a stuck writer cannot close politely); leads to finish().
  virtual void abort_transport() = 0;
  // On the strand, right after the greeting was queued (a WebSocket starts reading).
  virtual void on_greeted() {}

 private:
  void read_store();
  void apply(EventFeed::Step step, bool greet, std::optional<std::int64_t> greeting_seq);
  void write_next();
  void push_text(std::string text);

  boost::asio::any_io_executor executor_;
  LiveUser user_;
  std::shared_ptr<const LiveHooks> hooks_;
  LiveHub& hub_;
  boost::asio::thread_pool& workers_;
  Outbox outbox_;
  ConnectionLease lease_;  // this connection's place under the server's caps
  EventFeed feed_;
  boost::asio::steady_timer expiry_;  // the token's expiry closes the connection
  bool read_waiting_ = false;         // a store read waits for the outbox to drain
  bool writing_ = false;
  bool closing_ = false;
  bool finished_ = false;
};

}  // namespace corrchess::server
