// Beast HTTP listener and sessions. Each connection runs on its own strand, has read
// timeouts and a body limit; requests are answered by api::Service on the handler
// thread pool (database work never runs on an I/O thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include "api/http.h"
#include "server/http_message.h"
#include "server/live_hub.h"

namespace corrchess::server {

struct HttpLimits {
  std::size_t max_body_bytes = 1 << 20;  // larger bodies are answered 413
  int read_timeout_seconds = 30;
  // Open connections (HTTP and WebSocket) of this process; past it new ones get a 503 and
  // are closed at once, so idle connections cannot exhaust the descriptors.
  std::size_t max_connections = 10000;
  // Open connections from one peer address (0: no cap). Trusted proxies are exempt: a load
  // balancer carries many clients on one address.
  std::size_t max_connections_per_address = 256;
  // Peer addresses whose X-Forwarded-For header names the client (rightmost untrusted
  // address); for everyone else the peer address is the client.
  std::vector<std::string> trusted_proxies;
  // The site is served over TLS (CORRCHESS_SECURE_COOKIES=1): every request counts as https,
  // whether or not a proxy says X-Forwarded-Proto (the scheme a same-origin check expects).
  bool always_https = false;
};

// Counts open connections in total and per peer address, and admits new ones under the caps
// (HttpLimits). A lease is held for as long as the connection lives, also after it became a
// WebSocket; dropping the last copy frees its place. Thread-safe.
class ConnectionTracker : public std::enable_shared_from_this<ConnectionTracker> {
 public:
  // max_per_address 0: no per-address cap.
  static std::shared_ptr<ConnectionTracker> create(std::size_t max_total,
                                                   std::size_t max_per_address);
  // A lease for a new connection from `address`, or null when a cap is reached (counted as
  // refused). `exempt` skips the per-address cap (trusted proxies).
  ConnectionLease admit(const std::string& address, bool exempt = false);
  std::size_t open() const;
  std::uint64_t refused() const;

 private:
  ConnectionTracker(std::size_t max_total, std::size_t max_per_address)
      : max_total_(max_total), max_per_address_(max_per_address) {}
  const std::size_t max_total_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t total_ = 0;
  std::uint64_t refused_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;
};

class HttpServer {
 public:
  // With hooks.hub set, upgrade requests on hooks.websocket_path become WebSocket sessions
  // and GET hooks.stream_path an ndjson stream of live events.
  HttpServer(boost::asio::io_context& ioc, boost::asio::thread_pool& workers,
             RequestHandler handler, HttpLimits limits = {}, LiveHooks hooks = {});
  // Binds and starts accepting; returns the bound endpoint (port 0 picks a free port).
  boost::asio::ip::tcp::endpoint listen(const std::string& address, unsigned short port);
  // Stops accepting new connections; open connections close after their current response.
  void stop();
  // Requests being handled or whose response is being written.
  int in_flight() const;
  // Connections open now (HTTP and WebSocket) and connections refused by a cap so far.
  std::size_t open_connections() const;
  std::uint64_t refused_connections() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace corrchess::server
