#include "server/websocket.h"

#include <chrono>
#include <deque>

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/live_session.h"
#include "server/net.h"

namespace corrchess::server {

namespace websocket = beast::websocket;
using nlohmann::json;

namespace {

class WsSession : public LiveSession {
 public:
  WsSession(tcp::socket&& socket, LiveUser user, std::shared_ptr<const LiveHooks> hooks,
            asio::thread_pool& workers, ConnectionLease lease)
      : LiveSession(socket.get_executor(), std::move(user), std::move(hooks), workers,
                    std::move(lease)),
        ws_(std::move(socket)) {}

  void start(http::request<http::string_body> request) {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.handshake_timeout = std::chrono::seconds(30);
    timeouts.idle_timeout = std::chrono::seconds(hub().limits().idle_timeout_seconds);
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "corrchess"); }));
    ws_.read_message_max(hub().limits().max_client_message_bytes);
    auto req = std::make_shared<http::request<http::string_body>>(std::move(request));
    ws_.async_accept(*req, [self = self_ptr(), req](beast::error_code ec) {
      if (ec) return;  // the handshake failed or timed out: nothing was registered
      self->begin();
    });
  }

 protected:
  void write_message(const std::string& message,
                     std::function<void(beast::error_code)> done) override {
    ws_.text(true);
    ws_.async_write(asio::buffer(message),
                    [done = std::move(done)](beast::error_code ec, std::size_t) { done(ec); });
  }

  void close_gracefully(bool policy) override {
    if (closing()) return;
    set_closing();
    ws_.async_close(
        policy ? websocket::close_code::policy_error : websocket::close_code::going_away,
        [self = self_ptr()](beast::error_code) { self->finish(); });
  }

  void abort_transport() override {
    set_closing();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).socket().close(ignored);
    finish();
  }

  // Client messages are read once the greeting went out, so every answer follows it.
  void on_greeted() override { read(); }

 private:
  std::shared_ptr<WsSession> self_ptr() {
    return std::static_pointer_cast<WsSession>(shared_from_this());
  }

  void read() {
    ws_.async_read(buffer_, [self = self_ptr()](beast::error_code ec, std::size_t) {
      if (ec) return self->finish();
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->handle_client_message(text);
      if (!self->closing()) self->read();
    });
  }

  void reply(const json& message) { enqueue(std::make_shared<const std::string>(message.dump())); }

  // {type: error, code, detail}: the code named as in problem+json (core/error.h).
  void reply_error(ErrorCode code, const std::string& detail) {
    reply(json{{"type", "error"}, {"code", error_code_name(code)}, {"detail", detail}});
  }

  // Client messages: {"subscribe": id}, {"unsubscribe": id}, {"type": "ping"}.
  void handle_client_message(const std::string& text) {
    const json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      return reply_error(ErrorCode::kValidationError, "messages must be JSON objects");
    }
    if (msg.value("type", "") == "ping") return reply(json{{"type", "pong"}});
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
        return reply_error(ErrorCode::kValidationError, std::string(verb) + " needs a game id");
      if (std::string(verb) == "unsubscribe") {
        hub().unsubscribe(this, game_id);
        return reply(json{{"type", "unsubscribed"}, {"game_id", std::to_string(game_id)}});
      }
      // The permission check reads the database. Checks of one socket run one at a time on
      // the shared workers, queued on the socket up to its subscription limit, so a flood of
      // subscribe frames holds at most one worker and cannot delay anyone's HTTP requests.
      // The excess is dropped with one error per burst: answering each frame would let the
      // flood fill the socket's outbox with errors.
      if (pending_checks_.size() >= hub().limits().max_subscriptions) {
        if (flood_reported_) return;
        flood_reported_ = true;
        return reply_error(ErrorCode::kRateLimited,
                           "too many subscriptions waiting for their check: the excess was "
                           "dropped, send them again later");
      }
      pending_checks_.push_back(game_id);
      if (pending_checks_.size() == 1) check_next_subscription();
      return;
    }
    reply_error(ErrorCode::kValidationError, "unknown message; send {\"subscribe\": game_id}");
  }

  // Runs the permission check of the oldest queued subscription on a worker, answers on the
  // strand, then starts the next one.
  void check_next_subscription() {
    if (pending_checks_.empty() || closing()) return;
    const std::int64_t game_id = pending_checks_.front();
    asio::post(workers(), [self = self_ptr(), game_id] {
      auto allowed = self->hooks().can_watch(self->user(), game_id);
      asio::post(self->executor(), [self, game_id, allowed] {
        self->pending_checks_.pop_front();
        self->flood_reported_ = false;
        self->answer_subscription(game_id, allowed);
        self->check_next_subscription();
      });
    });
  }

  void answer_subscription(std::int64_t game_id, const Result<void>& allowed) {
    if (closing()) return;
    if (!allowed) {
      return reply_error(allowed.error().code, allowed.error().detail);
    }
    if (!hub().subscribe(shared_from_this(), game_id)) {
      return reply_error(ErrorCode::kValidationError, "too many subscriptions on one socket");
    }
    reply(json{{"type", "subscribed"}, {"game_id", std::to_string(game_id)}});
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::int64_t> pending_checks_;  // subscriptions waiting for their permission check
  bool flood_reported_ = false;              // the excess of a full pending_checks_ got its error
};

}  // namespace

void start_websocket_session(tcp::socket socket, http::request<http::string_body> request,
                             LiveUser user, std::shared_ptr<const LiveHooks> hooks,
                             asio::thread_pool& workers, ConnectionLease lease) {
  std::make_shared<WsSession>(std::move(socket), std::move(user), std::move(hooks), workers,
                              std::move(lease))
      ->start(std::move(request));
}

}  // namespace corrchess::server
