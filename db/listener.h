// A LISTEN/NOTIFY listener on its own connection and thread. Delivers every
// notification on its channels (one, plus any added with also_listen) to their callbacks; after the
// database restarts it reconnects (with backoff), listens again, and reports the gap so callers can
// resynchronise. It LISTENs only on a primary: a node in recovery (a standby, or a primary being
// demoted) is left at once and every few seconds the connection checks that its node is still
// the primary, so after a failover it ends up on the new one. Each connection reads the node's
// WAL timeline, which every promotion increases: a higher one than before counts as a change
// of primary.
#pragma once

#include <cstdint>

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace corrchess::db {

class Listener {
 public:
  using Callback = std::function<void(const std::string& payload)>;
  // Called after every successful connection, the first one included: notifications sent
  // before it (or while disconnected) were missed, so callers resynchronise here.
  using ReconnectCallback = std::function<void()>;

  Listener(std::string url, std::string channel, Callback on_notify,
           ReconnectCallback on_reconnect = {});
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  // Also delivers the notifications of `channel` to `on_notify`, on the same connection and
  // thread (call before start()). One connection for several channels: PostgreSQL wakes
  // every listening backend of the database on every NOTIFY, whatever it listens to.
  void also_listen(std::string channel, Callback on_notify);
  // Starts the listening thread.
  void start();
  // Stops it (returns within about a second).
  void stop();
  // True while a connection is established and LISTENing.
  bool connected() const { return connected_.load(); }
  // Successful (re)connections so far.
  int connections() const { return connections_.load(); }
  // The WAL timeline of the primary of the last connection (0 before the first), and how
  // often a connection found a higher one than the connection before it.
  std::int64_t timeline() const { return timeline_.load(); }
  std::int64_t primary_changes() const { return primary_changes_.load(); }

 private:
  void run();

  std::string url_;
  std::vector<std::pair<std::string, Callback>> channels_;  // the first: the constructor's
  ReconnectCallback on_reconnect_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> connected_{false};
  std::atomic<int> connections_{0};
  std::atomic<std::int64_t> timeline_{0};
  std::atomic<std::int64_t> primary_changes_{0};
  std::thread thread_;
};

}  // namespace corrchess::db
