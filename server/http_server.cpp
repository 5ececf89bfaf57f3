#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string_view>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "api/problem.h"
#include "server/event_stream.h"
#include "server/net.h"
#include "server/websocket.h"

namespace corrchess::server {

namespace {

// What a server shares with its sessions, for graceful shutdown.
struct Shutdown {
  std::atomic<int> in_flight{0};      // requests handled or being answered
  std::atomic<bool> draining{false};  // set by stop(): close after the current response
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, asio::thread_pool& workers, RequestHandler& handler,
          const HttpLimits& limits, std::shared_ptr<const LiveHooks> hooks,
          std::shared_ptr<Shutdown> shutdown, ConnectionLease lease, std::string peer)
      : stream_(std::move(socket)),
        workers_(workers),
        handler_(handler),
        limits_(limits),
        hooks_(std::move(hooks)),
        shutdown_(std::move(shutdown)),
        lease_(std::move(lease)),
        peer_(std::move(peer)) {}

  void run() {
    asio::dispatch(stream_.get_executor(),
                   beast::bind_front_handler(&Session::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    limit_parser(*parser_, limits_.max_body_bytes);
    stream_.expires_after(std::chrono::seconds(limits_.read_timeout_seconds));
    // The header first: its framing is checked before any body byte is read.
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&Session::on_header, shared_from_this()));
  }

  void on_header(beast::error_code ec, std::size_t bytes) {
    if (ec) return on_read(ec, bytes);
    if (auto refused = refuse_framing(parser_->get())) {
      return write(to_beast_response(*refused, 11, false, false), false, true);
    }
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return close();
    // A body over the limit or a parse error (bad chunk sizes, bad header fields, ...) is
    // answered before the request was read to its end: the client may still be sending, so
    // the connection is closed gracefully (see linger_close).
    if (ec) {
      const auto target = parser_->get().target();
      if (auto answer = answer_read_error(ec, limits_.max_body_bytes,
                                          std::string_view(target.data(), target.size()))) {
        return write(to_beast_response(*answer, 11, false, false), false, true);
      }
      return close();
    }

    auto req = parser_->release();
    const bool keep_alive = req.keep_alive();
    const unsigned version = req.version();
    const bool head = req.method() == http::verb::head;
    auto api_req = to_api_request(req, client_address(req, peer_, limits_.trusted_proxies));
    api_req.secure = limits_.always_https || forwarded_https(req, peer_, limits_.trusted_proxies);
    stream_.expires_never();
    if (hooks_->hub && beast::websocket::is_upgrade(req) &&
        api_req.path == hooks_->websocket_path) {
      return open_live(std::move(req), std::move(api_req), true);
    }
    if (hooks_->hub && req.method() == http::verb::get && api_req.path == hooks_->stream_path) {
      return open_live(std::move(req), std::move(api_req), false);
    }
    ++shutdown_->in_flight;  // until the response is written (graceful shutdown waits for it)
    asio::post(workers_, [self = shared_from_this(), api_req = std::move(api_req), keep_alive,
                          version, head]() mutable {
      api::Response response = answer_request(api_req, self->handler_);
      if (response.stream) {
        auto header = to_beast_stream_header(response, version, keep_alive);
        auto producer = std::make_shared<api::BodyProducer>(std::move(response.stream));
        return asio::post(self->stream_.get_executor(),
                          [self, header = std::move(header), producer, head]() mutable {
                            self->write_streamed(std::move(header), std::move(producer), head);
                          });
      }
      auto res = to_beast_response(std::move(response), version, keep_alive, head);
      asio::post(self->stream_.get_executor(),
                 [self, res = std::move(res)]() mutable { self->write(std::move(res), true); });
    });
  }

  // Authenticates a live connection on a worker (it reads the database), then hands the
  // socket to a WebSocket session (`websocket`) or an ndjson stream, or answers the problem
  // over HTTP.
  void open_live(http::request<http::string_body>&& req, api::Request api_req, bool websocket) {
    auto sp = std::make_shared<http::request<http::string_body>>(std::move(req));
    asio::post(workers_, [self = shared_from_this(), sp, api_req = std::move(api_req), websocket] {
      auto user = self->hooks_->authenticate(api_req);
      asio::post(self->stream_.get_executor(), [self, sp, user = std::move(user),
                                                websocket]() mutable {
        if (!user) {
          auto r = api::problem_response(user.error());
          return self->write(to_beast_response(r, sp->version(), false, false));
        }
        if (websocket) {
          start_websocket_session(self->stream_.release_socket(), std::move(*sp), std::move(*user),
                                  self->hooks_, self->workers_, std::move(self->lease_));
        } else {
          start_event_stream(self->stream_.release_socket(), sp->version(), std::move(*user),
                             self->hooks_, self->workers_, std::move(self->lease_));
        }
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

  // A streamed answer (api::Response::stream): the header, then each piece the producer
  // gives as it is asked for (on a worker: it may read the database), one at a time, so the
  // memory a session holds is one piece whatever the length of the answer.
  void write_streamed(BeastStreamHeader&& header, std::shared_ptr<api::BodyProducer> producer,
                      bool head) {
    auto sp = std::make_shared<BeastStreamHeader>(std::move(header));
    auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*sp);
    const bool chunked = sp->chunked();
    const bool close_after = !sp->keep_alive();
    stream_.expires_after(std::chrono::seconds(limits_.read_timeout_seconds));
    http::async_write_header(
        stream_, *serializer,
        [self = shared_from_this(), sp, serializer, producer = std::move(producer), head, chunked,
         close_after](beast::error_code ec, std::size_t) mutable {
          if (ec) return self->end_streamed(false, true);
          if (head) return self->end_streamed(true, close_after);
          self->next_piece(std::move(producer), chunked, close_after);
        });
  }

  void next_piece(std::shared_ptr<api::BodyProducer> producer, bool chunked, bool close_after) {
    asio::post(workers_, [self = shared_from_this(), producer = std::move(producer), chunked,
                          close_after]() mutable {
      Result<std::optional<std::string>> piece = std::nullopt;
      try {
        piece = (*producer)();
      } catch (const std::exception& e) {
        piece = fail(ErrorCode::kInternal, e.what());
      }
      asio::post(self->stream_.get_executor(),
                 [self, producer = std::move(producer), piece = std::move(piece), chunked,
                  close_after]() mutable {
                   self->write_piece(std::move(producer), std::move(piece), chunked, close_after);
                 });
    });
  }

  void write_piece(std::shared_ptr<api::BodyProducer> producer,
                   Result<std::optional<std::string>> piece, bool chunked, bool close_after) {
    if (!piece) {
      spdlog::error("streamed answer cut: {}", piece.error().detail);
      return end_streamed(false, true);
    }
    stream_.expires_after(std::chrono::seconds(limits_.read_timeout_seconds));
    if (!*piece) {
      if (!chunked) return end_streamed(true, true);
      return asio::async_write(
          stream_, http::make_chunk_last(),
          [self = shared_from_this(), close_after](beast::error_code ec, std::size_t) {
            self->end_streamed(!ec, ec || close_after);
          });
    }
    auto data = std::make_shared<std::string>(std::move(**piece));
    auto on_written = [self = shared_from_this(), data, producer = std::move(producer), chunked,
                       close_after](beast::error_code ec, std::size_t) mutable {
      if (ec) return self->end_streamed(false, true);
      self->next_piece(std::move(producer), chunked, close_after);
    };
    if (chunked) {
      asio::async_write(stream_, http::make_chunk(asio::buffer(*data)), std::move(on_written));
    } else {
      asio::async_write(stream_, asio::buffer(*data), std::move(on_written));
    }
  }

  // The streamed answer ended: whole (`complete`) or not. An incomplete one ends the
  // connection at once, without the last chunk, so the client knows it is cut.
  void end_streamed(bool complete, bool close_after) {
    --shutdown_->in_flight;
    if (!complete) {
      beast::error_code ec;
      stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
      stream_.socket().close(ec);
      return;
    }
    if (close_after || shutdown_->draining) return close();
    read();
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
  std::shared_ptr<const LiveHooks> hooks_;
  std::shared_ptr<Shutdown> shutdown_;
  ConnectionLease lease_;  // this connection's place under the caps, until it closes
  std::string peer_;       // the peer's address
};

// Tells a connection over a cap that the server is busy, without reading from it.
void refuse_connection(tcp::socket socket) {
  static const std::string kBusy = [] {
    const std::string body = api::problem_json(Error{ErrorCode::kUnavailable,
                                                     "too many open connections; try again later"})
                                 .dump();
    return "HTTP/1.1 503 Service Unavailable\r\nServer: corrchess\r\n"
           "Content-Type: application/problem+json\r\nRetry-After: 5\r\n"
           "Connection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  }();
  auto sp = std::make_shared<tcp::socket>(std::move(socket));
  asio::async_write(*sp, asio::buffer(kBusy), [sp](beast::error_code, std::size_t) {
    beast::error_code ignored;
    sp->shutdown(tcp::socket::shutdown_both, ignored);
    sp->close(ignored);
  });
}

}  // namespace

std::shared_ptr<ConnectionTracker> ConnectionTracker::create(std::size_t max_total,
                                                             std::size_t max_per_address) {
  return std::shared_ptr<ConnectionTracker>(new ConnectionTracker(max_total, max_per_address));
}

ConnectionLease ConnectionTracker::admit(const std::string& address, bool exempt) {
  {
    std::lock_guard lock(mutex_);
    auto& from_address = per_address_[address];
    if (total_ >= max_total_ ||
        (!exempt && max_per_address_ > 0 && from_address >= max_per_address_)) {
      if (from_address == 0) per_address_.erase(address);
      ++refused_;
      return nullptr;
    }
    ++total_;
    ++from_address;
  }
  return ConnectionLease(static_cast<const void*>(this),
                         [self = shared_from_this(), address](const void*) {
                           std::lock_guard lock(self->mutex_);
                           --self->total_;
                           if (--self->per_address_[address] == 0) {
                             self->per_address_.erase(address);
                           }
                         });
}

std::size_t ConnectionTracker::open() const {
  std::lock_guard lock(mutex_);
  return total_;
}

std::uint64_t ConnectionTracker::refused() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

struct HttpServer::Impl : std::enable_shared_from_this<HttpServer::Impl> {
  Impl(asio::io_context& ioc, asio::thread_pool& workers, RequestHandler handler, HttpLimits limits,
       LiveHooks hooks)
      : ioc(ioc),
        acceptor(asio::make_strand(ioc)),
        workers(workers),
        handler(std::move(handler)),
        limits(limits),
        hooks(std::make_shared<const LiveHooks>(std::move(hooks))) {}

  void accept() {
    acceptor.async_accept(asio::make_strand(ioc),
                          [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
                            if (ec == asio::error::operation_aborted || !self->acceptor.is_open())
                              return;
                            if (ec) return self->accept_failed(ec);
                            self->accept_delay = std::chrono::milliseconds(0);
                            self->admit(std::move(socket));
                            self->accept();
                          });
  }

  void admit(tcp::socket socket) {
    beast::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    if (ec) return;  // the peer is gone already
    std::string peer = endpoint.address().to_string();
    auto lease = tracker->admit(peer, is_trusted_proxy(limits.trusted_proxies, peer));
    if (!lease) {
      log_throttled(refusal_log, "connection from {} refused: connection cap reached", peer);
      return refuse_connection(std::move(socket));
    }
    std::make_shared<Session>(std::move(socket), workers, handler, limits, hooks, shutdown,
                              std::move(lease), std::move(peer))
        ->run();
  }

  // Out of descriptors (or another accept error): retrying at once would spin, so wait,
  // longer each time up to a second, and log at most one line per interval.
  void accept_failed(const beast::error_code& ec) {
    accept_delay = std::clamp(accept_delay * 2, std::chrono::milliseconds(10),
                              std::chrono::milliseconds(1000));
    log_throttled(accept_log, "accept failed: {}; retrying in {} ms", ec.message(),
                  accept_delay.count());
    accept_timer.expires_after(accept_delay);
    accept_timer.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (wait_ec || !self->acceptor.is_open()) return;
      self->accept();
    });
  }

  // A warning at most every 5 s per kind, saying how many were left out in between.
  struct ThrottledLog {
    std::mutex mutex;
    std::chrono::steady_clock::time_point last{};
    std::uint64_t suppressed = 0;
  };
  template <typename... Args>
  static void log_throttled(ThrottledLog& log, spdlog::format_string_t<Args...> format,
                            Args&&... args) {
    std::lock_guard lock(log.mutex);
    const auto now = std::chrono::steady_clock::now();
    if (now - log.last < std::chrono::seconds(5)) {
      ++log.suppressed;
      return;
    }
    if (log.suppressed > 0) spdlog::warn("({} similar messages suppressed)", log.suppressed);
    log.last = now;
    log.suppressed = 0;
    spdlog::warn(format, std::forward<Args>(args)...);
  }

  asio::io_context& ioc;
  tcp::acceptor acceptor;
  asio::thread_pool& workers;
  RequestHandler handler;
  HttpLimits limits;
  std::shared_ptr<const LiveHooks> hooks;
  std::shared_ptr<Shutdown> shutdown = std::make_shared<Shutdown>();
  std::shared_ptr<ConnectionTracker> tracker =
      ConnectionTracker::create(limits.max_connections, limits.max_connections_per_address);
  asio::steady_timer accept_timer{acceptor.get_executor()};
  std::chrono::milliseconds accept_delay{0};
  ThrottledLog accept_log;
  ThrottledLog refusal_log;
};

HttpServer::HttpServer(asio::io_context& ioc, asio::thread_pool& workers, RequestHandler handler,
                       HttpLimits limits, LiveHooks hooks)
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

std::size_t HttpServer::open_connections() const { return impl_->tracker->open(); }

std::uint64_t HttpServer::refused_connections() const { return impl_->tracker->refused(); }

void HttpServer::stop() {
  impl_->shutdown->draining = true;
  asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
    beast::error_code ec;
    impl->acceptor.close(ec);
  });
}

}  // namespace corrchess::server
