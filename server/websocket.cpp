#include "server/websocket.h"

#include <chrono>
#include <optional>
#include <unordered_set>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "api/problem.h"

namespace corrchess::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using nlohmann::json;
using tcp = asio::ip::tcp;

// ---- Outbox ----

bool Outbox::push(std::shared_ptr<const std::string> message) {
  if (queue_.size() + 1 > limits_.max_queued_messages ||
      bytes_ + message->size() > limits_.max_queued_bytes) {
    return false;
  }
  bytes_ += message->size();
  queue_.push_back(std::move(message));
  return true;
}

void Outbox::pop() {
  bytes_ -= queue_.front()->size();
  queue_.pop_front();
}

// ---- session ----

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, WsUser user, std::shared_ptr<const WebSocketHooks> hooks,
            asio::thread_pool& workers, ConnectionLease lease)
      : ws_(std::move(socket)),
        user_(std::move(user)),
        hooks_(std::move(hooks)),
        hub_(*hooks_->hub),
        workers_(workers),
        outbox_(hub_.limits()),
        lease_(std::move(lease)) {}

  const WsUser& user() const { return user_; }

  void start(http::request<http::string_body> request) {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.handshake_timeout = std::chrono::seconds(30);
    timeouts.idle_timeout = std::chrono::seconds(hub_.limits().idle_timeout_seconds);
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "corrchess"); }));
    ws_.read_message_max(hub_.limits().max_client_message_bytes);
    auto req = std::make_shared<http::request<http::string_body>>(std::move(request));
    ws_.async_accept(
        *req, [self = shared_from_this(), req](beast::error_code ec) { self->on_accept(ec); });
  }

  // Thread-safe: queues a message for this socket.
  void send(std::shared_ptr<const std::string> message) {
    asio::dispatch(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)] {
      self->enqueue(message);
    });
  }

  // Thread-safe: starts a graceful close.
  void close(websocket::close_code code) {
    asio::dispatch(ws_.get_executor(), [self = shared_from_this(), code] { self->do_close(code); });
  }

  // Thread-safe: the token behind this socket was revoked or expired (or the user's rights
  // changed): tell the client why, then close, so no event reaches a signed-out client.
  void revoke() {
    asio::dispatch(ws_.get_executor(), [self = shared_from_this()] {
      if (self->closing_) return;
      self->enqueue(std::make_shared<const std::string>(json{
          {"type", "session_ended"},
          {"detail",
           "the sign-in of this connection ended (log out, expiry or a change "
           "of role): connect again with a valid token"}}.dump()));
      self->do_close(websocket::close_code::policy_error);
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;  // the handshake failed or timed out: nothing was registered
    hub_.add(shared_from_this());
    if (user_.token_expires_in > 0) {
      expiry_.expires_after(std::chrono::seconds(user_.token_expires_in));
      expiry_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->revoke();
      });
    }
    // Registered before the greeting: a client that saw "hello" misses nothing after it.
    enqueue(std::make_shared<const std::string>(
        json{{"type", "hello"}, {"user", user_.username}}.dump()));
    read();
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->on_read(ec);
    });
  }

  void on_read(beast::error_code ec) {
    if (ec) return finish();
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    handle_client_message(text);
    if (!closing_) read();
  }

  void reply_error(const std::string& code, const std::string& detail) {
    enqueue(std::make_shared<const std::string>(
        json{{"type", "error"}, {"code", code}, {"detail", detail}}.dump()));
  }

  // Client messages: {"subscribe": id}, {"unsubscribe": id}, {"type": "ping"}.
  void handle_client_message(const std::string& text) {
    const json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      return reply_error("validation_error", "messages must be JSON objects");
    }
    if (msg.value("type", "") == "ping") {
      return enqueue(std::make_shared<const std::string>(json{{"type", "pong"}}.dump()));
    }
    for (const char* verb : {"subscribe", "unsubscribe"}) {
      if (!msg.contains(verb)) continue;
      const auto& value = msg[verb];
      std::int64_t game_id = 0;
      if (value.is_string()) {
        const auto s = value.get<std::string>();
        if (!s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string::npos)
          game_id = std::stoll(s);
      } else if (value.is_number_integer()) {
        game_id = value.get<std::int64_t>();
      }
      if (game_id <= 0)
        return reply_error("validation_error", std::string(verb) + " needs a game id");
      if (std::string(verb) == "unsubscribe") {
        hub_.unsubscribe(this, game_id);
        return enqueue(std::make_shared<const std::string>(
            json{{"type", "unsubscribed"}, {"game_id", std::to_string(game_id)}}.dump()));
      }
      // The permission check reads the database. Checks of one socket run one at a time on
      // the shared workers, queued on the socket up to its subscription limit, so a flood of
      // subscribe frames holds at most one worker and cannot delay anyone's HTTP requests.
      if (pending_checks_.size() >= hub_.limits().max_subscriptions) {
        return reply_error("rate_limited", "too many subscriptions waiting for their check");
      }
      pending_checks_.push_back(game_id);
      if (pending_checks_.size() == 1) check_next_subscription();
      return;
    }
    reply_error("validation_error", "unknown message; send {\"subscribe\": game_id}");
  }

  // Runs the permission check of the oldest queued subscription on a worker, answers on the
  // strand, then starts the next one.
  void check_next_subscription() {
    if (pending_checks_.empty() || closing_) return;
    const std::int64_t game_id = pending_checks_.front();
    asio::post(workers_, [self = shared_from_this(), game_id] {
      auto allowed = self->hooks_->can_watch(self->user_, game_id);
      asio::post(self->ws_.get_executor(), [self, game_id, allowed] {
        self->pending_checks_.pop_front();
        self->answer_subscription(game_id, allowed);
        self->check_next_subscription();
      });
    });
  }

  void answer_subscription(std::int64_t game_id, const Result<void>& allowed) {
    if (closing_) return;
    if (!allowed) {
      return reply_error(std::string(api::problem_json(allowed.error())["code"]),
                         allowed.error().detail);
    }
    if (!hub_.subscribe(shared_from_this(), game_id)) {
      return reply_error("validation_error", "too many subscriptions on one socket");
    }
    enqueue(std::make_shared<const std::string>(
        json{{"type", "subscribed"}, {"game_id", std::to_string(game_id)}}.dump()));
  }

  void enqueue(std::shared_ptr<const std::string> message) {
    if (closing_) return;
    if (!outbox_.push(std::move(message))) {
      // The client does not read fast enough: drop it rather than buffer without bound.
      hub_.count_slow();
      spdlog::warn("websocket: closing slow client {} ({} messages, {} bytes queued)",
                   user_.username, outbox_.size(), outbox_.bytes());
      return abort();
    }
    if (!writing_) write_next();
  }

  void write_next() {
    if (outbox_.empty() || closing_) {
      writing_ = false;
      return;
    }
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(outbox_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->finish();
                      self->hub_.count_sent();
                      self->outbox_.pop();
                      self->write_next();
                    });
  }

  void do_close(websocket::close_code code) {
    if (closing_) return;
    closing_ = true;
    ws_.async_close(code, [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  // Drops the connection without a close handshake (a stuck writer cannot send one).
  void abort() {
    closing_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).socket().close(ignored);
    finish();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    closing_ = true;
    expiry_.cancel();  // its handler holds this session
    hub_.remove(this);
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  WsUser user_;
  std::shared_ptr<const WebSocketHooks> hooks_;
  WsHub& hub_;
  asio::thread_pool& workers_;
  Outbox outbox_;
  ConnectionLease lease_;                    // this connection's place under the server's caps
  std::deque<std::int64_t> pending_checks_;  // subscriptions waiting for their permission check
  asio::steady_timer expiry_{ws_.get_executor()};  // the token's expiry closes the socket
  bool writing_ = false;
  bool closing_ = false;
  bool finished_ = false;
};

void start_websocket_session(tcp::socket socket, http::request<http::string_body> request,
                             WsUser user, std::shared_ptr<const WebSocketHooks> hooks,
                             asio::thread_pool& workers, ConnectionLease lease) {
  std::make_shared<WsSession>(std::move(socket), std::move(user), std::move(hooks), workers,
                              std::move(lease))
      ->start(std::move(request));
}

// ---- hub ----

void WsHub::prune(Index& index, std::int64_t key, const WsSession* gone) {
  auto it = index.find(key);
  if (it == index.end()) return;
  std::erase_if(it->second, [gone](const std::weak_ptr<WsSession>& w) {
    auto s = w.lock();
    return !s || s.get() == gone;
  });
  if (it->second.empty()) index.erase(it);
}

void WsHub::unlink(const WsSession* session, const Entry& entry) {
  prune(by_user_, entry.user_id, session);
  for (const auto game_id : entry.games) prune(by_game_, game_id, session);
}

void WsHub::add(const std::shared_ptr<WsSession>& session) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = all_.try_emplace(session.get());
  if (!inserted) {
    if (it->second.session.lock() == session) return;  // already registered
    // Left by a socket destroyed without remove() whose address was reused: forget it.
    unlink(session.get(), it->second);
    it->second = Entry{};
  }
  it->second.session = session;
  it->second.user_id = session->user().id;
  by_user_[it->second.user_id].push_back(session);
}

void WsHub::remove(const WsSession* session) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session);
  if (it == all_.end()) return;
  unlink(session, it->second);
  all_.erase(it);
}

bool WsHub::subscribe(const std::shared_ptr<WsSession>& session, std::int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session.get());
  if (it == all_.end() || it->second.session.lock() != session) return false;
  auto& games = it->second.games;
  if (games.contains(game_id)) return true;  // already watching
  if (games.size() >= limits_.max_subscriptions) return false;
  games.insert(game_id);
  by_game_[game_id].push_back(session);
  return true;
}

void WsHub::unsubscribe(const WsSession* session, std::int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session);
  if (it == all_.end() || it->second.games.erase(game_id) == 0) return;
  prune(by_game_, game_id, session);
}

void WsHub::revoke(const json& revocation) {
  if (!revocation.is_object() || !revocation.contains("user") ||
      !revocation["user"].is_number_integer()) {
    return;
  }
  const auto user_id = revocation["user"].get<std::int64_t>();
  const std::string token = revocation.value("token_hash", "");
  std::vector<std::shared_ptr<WsSession>> targets;
  {
    std::lock_guard lock(mutex_);
    if (auto it = by_user_.find(user_id); it != by_user_.end()) {
      for (const auto& w : it->second) {
        auto session = w.lock();
        if (session && (token.empty() || session->user().token_hash == token)) {
          targets.push_back(std::move(session));
        }
      }
    }
  }
  for (const auto& session : targets) session->revoke();
}

std::size_t WsHub::connections_of(std::int64_t user_id) const {
  std::lock_guard lock(mutex_);
  auto it = by_user_.find(user_id);
  if (it == by_user_.end()) return 0;
  return static_cast<std::size_t>(std::count_if(it->second.begin(), it->second.end(),
                                                [](const auto& w) { return !w.expired(); }));
}

void WsHub::deliver(const std::string& payload) {
  const json note = json::parse(payload, nullptr, false);
  if (!note.is_discarded() && note.is_object() && note.contains("revoke")) {
    return revoke(note["revoke"]);
  }
  if (note.is_discarded() || !note.is_object() || !note.contains("messages") ||
      !note["messages"].is_array()) {
    return;
  }
  // Messages about a game also reach the game's watchers; others (challenges) only `users`.
  std::optional<std::int64_t> game_id;
  if (note.contains("game_id")) {
    if (!note["game_id"].is_string()) return;
    try {
      game_id = std::stoll(note["game_id"].get<std::string>());
    } catch (const std::exception&) {
      return;
    }
  }
  std::vector<std::shared_ptr<WsSession>> targets;
  std::size_t addressed = 0;  // targets[0, addressed) are the users named; the rest watch
  {
    std::lock_guard lock(mutex_);
    std::unordered_set<const WsSession*> seen;
    auto collect = [&](const Sessions& sessions) {
      for (const auto& w : sessions) {
        if (auto s = w.lock(); s && seen.insert(s.get()).second) targets.push_back(std::move(s));
      }
    };
    if (note.contains("users") && note["users"].is_array()) {
      for (const auto& u : note["users"]) {
        if (!u.is_number_integer()) continue;
        if (auto it = by_user_.find(u.get<std::int64_t>()); it != by_user_.end())
          collect(it->second);
      }
    }
    addressed = targets.size();
    if (game_id) {
      if (auto it = by_game_.find(*game_id); it != by_game_.end()) collect(it->second);
    }
  }
  if (targets.empty()) return;
  for (const auto& m : note["messages"]) {
    auto text = std::make_shared<const std::string>(m.dump());
    // Watchers see the moves, not what the players write each other.
    auto watched = text;
    if (targets.size() > addressed && m.is_object() && m.contains("message")) {
      json without = m;
      without.erase("message");
      watched = std::make_shared<const std::string>(without.dump());
    }
    for (std::size_t i = 0; i < targets.size(); ++i)
      targets[i]->send(i < addressed ? text : watched);
  }
}

std::vector<std::shared_ptr<WsSession>> WsHub::live_sessions() const {
  std::vector<std::shared_ptr<WsSession>> sessions;
  std::lock_guard lock(mutex_);
  for (const auto& [_, entry] : all_) {
    if (auto s = entry.session.lock()) sessions.push_back(std::move(s));
  }
  return sessions;
}

void WsHub::broadcast(const std::string& message) {
  auto text = std::make_shared<const std::string>(message);
  for (const auto& s : live_sessions()) s->send(text);
}

void WsHub::close_all() {
  for (const auto& s : live_sessions()) s->close(websocket::close_code::going_away);
}

std::size_t WsHub::connections() const {
  std::lock_guard lock(mutex_);
  return all_.size();
}

}  // namespace corrchess::server
