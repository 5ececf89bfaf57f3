// A LISTEN/NOTIFY listener on its own connection and thread. Delivers every
// notification on its channels (one, plus any added with also_listen) to their callbacks; after the
// database restarts it reconnects (with backoff), listens again, and reports the gap so callers can
// resynchronise.
#pragma once

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

 private:
  void run();

  std::string url_;
  std::vector<std::pair<std::string, Callback>> channels_;  // the first: the constructor's
  ReconnectCallback on_reconnect_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> connected_{false};
  std::atomic<int> connections_{0};
  std::thread thread_;
};

}  // namespace corrchess::db
