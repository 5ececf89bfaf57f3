#include "db/listener.h"

#include <chrono>
#include <memory>
#include <pqxx/pqxx>

#include "db/node_role.h"
#include "db/transaction.h"

namespace corrchess::db {

namespace {

class Receiver : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection& conn, const std::string& channel, const Listener::Callback& callback)
      : pqxx::notification_receiver(conn, channel), callback_(callback) {}
  void operator()(const std::string& payload, int) override { callback_(payload); }

 private:
  const Listener::Callback& callback_;
};

// How often an idle listening connection checks that its node is still the primary.
constexpr auto kPrimaryCheckInterval = std::chrono::seconds(2);

// The timeline of the connection's node when it is a primary; throws when it is in recovery
// (LISTEN would fail there, and NOTIFY from the primary never reaches it).
std::int64_t primary_timeline(pqxx::connection& conn) {
  const auto role = node_role(conn);
  if (role.in_recovery) throw pqxx::broken_connection("the database node is in recovery");
  return role.timeline;
}

}  // namespace

Listener::Listener(std::string url, std::string channel, Callback on_notify,
                   ReconnectCallback on_reconnect)
    : url_(std::move(url)), on_reconnect_(std::move(on_reconnect)) {
  channels_.emplace_back(std::move(channel), std::move(on_notify));
}

void Listener::also_listen(std::string channel, Callback on_notify) {
  channels_.emplace_back(std::move(channel), std::move(on_notify));
}

Listener::~Listener() { stop(); }

void Listener::start() {
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void Listener::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void Listener::run() {
  auto backoff = std::chrono::milliseconds(100);
  while (!stopping_) {
    try {
      pqxx::connection conn(url_);
      const auto timeline = primary_timeline(conn);
      std::vector<std::unique_ptr<Receiver>> receivers;
      for (const auto& [channel, callback] : channels_) {
        receivers.push_back(std::make_unique<Receiver>(conn, channel, callback));
      }
      conn.get_notifs();  // makes sure the LISTEN is in effect before we report connected
      connections_.fetch_add(1);
      if (const auto before = timeline_.exchange(timeline); before != 0 && timeline > before) {
        primary_changes_.fetch_add(1);
      }
      connected_ = true;
      backoff = std::chrono::milliseconds(100);
      if (on_reconnect_) on_reconnect_();
      auto checked = std::chrono::steady_clock::now();
      while (!stopping_) {
        conn.await_notification(0, 250000);
        if (!conn.is_open()) throw pqxx::broken_connection("listener connection closed");
        if (std::chrono::steady_clock::now() - checked >= kPrimaryCheckInterval) {
          primary_timeline(conn);
          checked = std::chrono::steady_clock::now();
        }
      }
    } catch (const std::exception& e) {
      if (connected_) log_database_error(std::string("listener lost its connection: ") + e.what());
    }
    connected_ = false;
    const auto until = std::chrono::steady_clock::now() + backoff;
    while (!stopping_ && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    backoff = std::min(backoff * 2, std::chrono::milliseconds(5000));
  }
}

}  // namespace corrchess::db
