#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

namespace corrchess::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

api::Request to_api_request(const http::request<http::string_body>& req, std::string remote) {
  api::Request out;
  out.method = std::string(req.method_string());
  out.remote = std::move(remote);
  out.body = req.body();
  for (const auto& field : req) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    out.headers[name] = std::string(field.value());
  }
  if (auto split = api::split_target(std::string(req.target()))) {
    out.path = std::move(split->first);
    out.query = std::move(split->second);
  }
  return out;
}

http::response<http::string_body> to_beast_response(const api::Response& r, unsigned version,
                                                    bool keep_alive, bool head) {
  http::response<http::string_body> res{static_cast<http::status>(r.status), version};
  res.set(http::field::server, "corrchess");
  res.set(http::field::content_type, r.content_type);
  for (const auto& [name, value] : r.headers) res.set(name, value);
  res.keep_alive(keep_alive);
  res.body() = head ? std::string{} : r.body;
  res.prepare_payload();
  if (head) res.content_length(r.body.size());
  return res;
}

// What a server shares with its sessions, for graceful shutdown.
struct Shutdown {
  std::atomic<int> in_flight{0};      // requests handled or being answered
  std::atomic<bool> draining{false};  // set by stop(): close after the current response
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, asio::thread_pool& workers, RequestHandler& handler,
          const HttpLimits& limits, std::shared_ptr<const WebSocketHooks> hooks,
          std::shared_ptr<Shutdown> shutdown)
      : stream_(std::move(socket)),
        workers_(workers),
        handler_(handler),
        limits_(limits),
        hooks_(std::move(hooks)),
        shutdown_(std::move(shutdown)) {}

  void run() {
    asio::dispatch(stream_.get_executor(),
                   beast::bind_front_handler(&Session::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(limits_.max_body_bytes);
    parser_->header_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(limits_.read_timeout_seconds));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return close();
    // These answers come before the request was read to its end: the client may still be
    // sending, so the connection is closed gracefully (see linger_close).
    if (ec == http::error::body_limit) {
      api::Response r = api::problem_response(
          413, "payload_too_large",
          "request body exceeds " + std::to_string(limits_.max_body_bytes) + " bytes");
      return write(to_beast_response(r, 11, false, false), false, true);
    }
    if (ec == http::error::bad_target || ec == http::error::bad_method ||
        ec == http::error::bad_field || ec == http::error::bad_value ||
        ec == http::error::header_limit || ec == http::error::bad_content_length ||
        ec == http::error::bad_version) {
      api::Response r = api::problem_response(400, "validation_error", "malformed HTTP request");
      return write(to_beast_response(r, 11, false, false), false, true);
    }
    if (ec) return close();

    auto req = parser_->release();
    const bool keep_alive = req.keep_alive();
    const unsigned version = req.version();
    const bool head = req.method() == http::verb::head;
    std::string remote;
    beast::error_code ignored;
    auto endpoint = stream_.socket().remote_endpoint(ignored);
    if (!ignored) remote = endpoint.address().to_string();
    auto api_req = to_api_request(req, std::move(remote));
    stream_.expires_never();
    if (hooks_->hub && beast::websocket::is_upgrade(req) && api_req.path == hooks_->path) {
      return upgrade(std::move(req), std::move(api_req));
    }
    ++shutdown_->in_flight;  // until the response is written (graceful shutdown waits for it)
    asio::post(workers_, [self = shared_from_this(), api_req = std::move(api_req), keep_alive,
                          version, head]() mutable {
      api::Response response;
      if (api_req.path.empty()) {
        response = api::problem_response(400, "validation_error", "malformed request target");
      } else {
        response = self->handler_(api_req);
      }
      auto res = to_beast_response(response, version, keep_alive, head);
      asio::post(self->stream_.get_executor(),
                 [self, res = std::move(res)]() mutable { self->write(std::move(res), true); });
    });
  }

  // Authenticates the upgrade on a worker (it reads the database), then hands the socket
  // to a WebSocket session, or answers the problem over HTTP.
  void upgrade(http::request<http::string_body>&& req, api::Request api_req) {
    auto sp = std::make_shared<http::request<http::string_body>>(std::move(req));
    asio::post(workers_, [self = shared_from_this(), sp, api_req = std::move(api_req)] {
      auto user = self->hooks_->authenticate(api_req);
      asio::post(self->stream_.get_executor(), [self, sp, user = std::move(user)]() mutable {
        if (!user) {
          auto r = api::problem_response(user.error());
          return self->write(to_beast_response(r, sp->version(), false, false));
        }
        start_websocket_session(self->stream_.release_socket(), std::move(*sp), std::move(*user),
                                self->hooks_, self->workers_);
      });
    });
  }

  // linger: the request was not read to its end (see linger_close).
  void write(http::response<http::string_body>&& res, bool answers_request = false,
             bool linger = false) {
    auto sp = std::make_shared<http::response<http::string_body>>(std::move(res));
    const bool close_after = !sp->keep_alive();
    stream_.expires_after(std::chrono::seconds(limits_.read_timeout_seconds));
    http::async_write(stream_, *sp,
                      [self = shared_from_this(), sp, close_after, answers_request, linger](
                          beast::error_code ec, std::size_t) {
                        if (answers_request) --self->shutdown_->in_flight;
                        if (!ec && linger) return self->linger_close();
                        if (ec || close_after || self->shutdown_->draining) return self->close();
                        self->read();
                      });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  // Closing a socket with unread data makes the kernel send a reset, and a client still
  // sending its (too large) body then fails on its write and may never read the answer
  // already sent. So after such an answer the sending side is shut down and what the client
  // still sends is read and dropped until it closes, for a few seconds and megabytes at most.
  void linger_close() {
    static constexpr std::size_t kLingerMaxBytes = 64u << 20;
    close();
    stream_.expires_after(std::chrono::seconds(kLingerSeconds));
    drain_.resize(64 * 1024);
    drain(kLingerMaxBytes);
  }

  void drain(std::size_t budget) {
    stream_.async_read_some(asio::buffer(drain_), [self = shared_from_this(), budget](
                                                      beast::error_code ec, std::size_t n) {
      // End of stream, reset, timeout or budget spent: the session ends, the socket closes.
      if (ec || n >= budget) return;
      self->drain(budget - n);
    });
  }

  static constexpr int kLingerSeconds = 5;

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::vector<char> drain_;  // scratch for linger_close
  asio::thread_pool& workers_;
  RequestHandler& handler_;
  const HttpLimits& limits_;
  std::shared_ptr<const WebSocketHooks> hooks_;
  std::shared_ptr<Shutdown> shutdown_;
};

}  // namespace

struct HttpServer::Impl : std::enable_shared_from_this<HttpServer::Impl> {
  Impl(asio::io_context& ioc, asio::thread_pool& workers, RequestHandler handler, HttpLimits limits,
       WebSocketHooks hooks)
      : ioc(ioc),
        acceptor(asio::make_strand(ioc)),
        workers(workers),
        handler(std::move(handler)),
        limits(limits),
        hooks(std::make_shared<const WebSocketHooks>(std::move(hooks))) {}

  void accept() {
    acceptor.async_accept(asio::make_strand(ioc), [self = shared_from_this()](beast::error_code ec,
                                                                              tcp::socket socket) {
      if (ec == asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (!ec) {
        std::make_shared<Session>(std::move(socket), self->workers, self->handler, self->limits,
                                  self->hooks, self->shutdown)
            ->run();
      } else {
        spdlog::warn("accept failed: {}", ec.message());
      }
      self->accept();
    });
  }

  asio::io_context& ioc;
  tcp::acceptor acceptor;
  asio::thread_pool& workers;
  RequestHandler handler;
  HttpLimits limits;
  std::shared_ptr<const WebSocketHooks> hooks;
  std::shared_ptr<Shutdown> shutdown = std::make_shared<Shutdown>();
};

HttpServer::HttpServer(asio::io_context& ioc, asio::thread_pool& workers, RequestHandler handler,
                       HttpLimits limits, WebSocketHooks hooks)
    : impl_(std::make_shared<Impl>(ioc, workers, std::move(handler), limits, std::move(hooks))) {}

tcp::endpoint HttpServer::listen(const std::string& address, unsigned short port) {
  tcp::endpoint endpoint{asio::ip::make_address(address), port};
  impl_->acceptor.open(endpoint.protocol());
  impl_->acceptor.set_option(asio::socket_base::reuse_address(true));
  impl_->acceptor.bind(endpoint);
  impl_->acceptor.listen(asio::socket_base::max_listen_connections);
  impl_->accept();
  return impl_->acceptor.local_endpoint();
}

int HttpServer::in_flight() const { return impl_->shutdown->in_flight.load(); }

void HttpServer::stop() {
  impl_->shutdown->draining = true;
  asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
    beast::error_code ec;
    impl->acceptor.close(ec);
  });
}

}  // namespace corrchess::server
