#include "server/event_stream.h"

#include <array>
#include <chrono>

#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/live_session.h"
#include "server/net.h"

namespace corrchess::server {

namespace {

class StreamSession : public LiveSession {
 public:
  StreamSession(tcp::socket&& socket, unsigned http_version, LiveUser user,
                std::shared_ptr<const LiveHooks> hooks, asio::thread_pool& workers,
                ConnectionLease lease)
      : LiveSession(socket.get_executor(), std::move(user), std::move(hooks), workers,
                    std::move(lease)),
        stream_(std::move(socket)),
        response_(http::status::ok, http_version),
        serializer_(response_),
        keep_alive_(stream_.get_executor()) {}

  void start() {
    response_.set(http::field::server, "corrchess");
    response_.set(http::field::content_type, "application/x-ndjson");
    response_.set(http::field::cache_control, "no-store");
    response_.set("X-Accel-Buffering", "no");  // proxies must not hold lines back
    response_.chunked(true);
    stream_.expires_after(write_timeout());
    http::async_write_header(stream_, serializer_,
                             [self = self_ptr()](beast::error_code ec, std::size_t) {
                               if (ec) return self->abort_transport();
                               self->stream_.expires_never();
                               self->begin();
                               self->watch_for_hangup();
                               self->schedule_keep_alive();
                             });
  }

 protected:
  void write_message(const std::string& message,
                     std::function<void(beast::error_code)> done) override {
    wrote_recently_ = true;
    in_flight_ = true;
    static constexpr char kNewline = '\n';
    stream_.expires_after(write_timeout());
    const std::array<asio::const_buffer, 2> line{asio::buffer(message), asio::buffer(&kNewline, 1)};
    asio::async_write(
        stream_, http::make_chunk(line),
        [self = self_ptr(), done = std::move(done)](beast::error_code ec, std::size_t) {
          self->in_flight_ = false;
          self->stream_.expires_never();
          done(ec);
          if (self->ending_ && !ec) self->write_last_chunk();
        });
  }

  // The response ends with its last chunk, after the line being written (e.g. the
  // session_ended notice of a revocation).
  void close_gracefully(bool) override {
    if (closing()) return;
    set_closing();
    keep_alive_.cancel();
    ending_ = true;
    if (!in_flight_) write_last_chunk();
  }

  void abort_transport() override {
    set_closing();
    keep_alive_.cancel();
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    finish();
  }

 private:
  std::shared_ptr<StreamSession> self_ptr() {
    return std::static_pointer_cast<StreamSession>(shared_from_this());
  }

  std::chrono::seconds write_timeout() const {
    return std::chrono::seconds(hooks().hub->limits().idle_timeout_seconds);
  }

  void write_last_chunk() {
    ending_ = false;
    stream_.expires_after(std::chrono::seconds(5));
    asio::async_write(stream_, http::make_chunk_last(),
                      [self = self_ptr()](beast::error_code, std::size_t) {
                        beast::error_code ignored;
                        self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
                        self->stream_.close();
                        self->finish();
                      });
  }

  // The client sends nothing after its request: reading only notices that it left.
  void watch_for_hangup() {
    stream_.socket().async_read_some(asio::buffer(discard_),
                                     [self = self_ptr()](beast::error_code ec, std::size_t) {
                                       if (ec) {
                                         if (!self->closing()) self->abort_transport();
                                         return;
                                       }
                                       self->watch_for_hangup();
                                     });
  }

  // An empty line when nothing was written for half the idle timeout keeps proxies and
  // clients from taking the quiet stream for a dead one.
  void schedule_keep_alive() {
    keep_alive_.expires_after(write_timeout() / 2);
    keep_alive_.async_wait([self = self_ptr()](beast::error_code ec) {
      if (ec || self->closing()) return;
      if (!self->wrote_recently_) self->enqueue(std::make_shared<const std::string>());
      self->wrote_recently_ = false;
      self->schedule_keep_alive();
    });
  }

  beast::tcp_stream stream_;
  http::response<http::empty_body> response_;
  http::response_serializer<http::empty_body> serializer_;
  asio::steady_timer keep_alive_;
  std::array<char, 512> discard_{};
  bool wrote_recently_ = false;
  bool in_flight_ = false;  // a line is being written
  bool ending_ = false;     // the last chunk follows the line being written
};

}  // namespace

void start_event_stream(tcp::socket socket, unsigned http_version, LiveUser user,
                        std::shared_ptr<const LiveHooks> hooks, asio::thread_pool& workers,
                        ConnectionLease lease) {
  std::make_shared<StreamSession>(std::move(socket), http_version, std::move(user),
                                  std::move(hooks), workers, std::move(lease))
      ->start();
}

}  // namespace corrchess::server
