// A raw TCP connection to a test server on 127.0.0.1: bytes out, bytes in, no HTTP client in
// between (for hostile framing, idle connections held open, answers read to the close).
#pragma once

#include <sys/socket.h>
#include <sys/time.h>

#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

namespace corrchess::testing {

class RawConnection {
 public:
  // Connects (blocking); a refused connection throws boost::system::system_error.
  explicit RawConnection(unsigned short port) : socket_(io_) {
    socket_.connect(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  }
  void send(const std::string& bytes) { boost::asio::write(socket_, boost::asio::buffer(bytes)); }
  // Everything the server sends until it closes the connection (bounded by a receive
  // timeout, so a server that keeps the connection open ends the read too).
  std::string read_until_closed(int timeout_ms = 3000) { return read_until("", timeout_ms); }
  // What the server sends until `marker` has arrived (an empty marker: until it closes),
  // the server closes, or `timeout_ms` passes without a byte.
  std::string read_until(const std::string& marker, int timeout_ms = 3000) {
    timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string out;
    char buf[4096];
    for (;;) {
      boost::system::error_code ec;
      const auto n = socket_.read_some(boost::asio::buffer(buf), ec);
      out.append(buf, n);
      if (ec) {
        closed_ = ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset;
        return out;
      }
      if (!marker.empty() && out.find(marker) != std::string::npos) return out;
    }
  }
  bool closed_by_server() const { return closed_; }

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_;
  bool closed_ = false;
};

}  // namespace corrchess::testing
