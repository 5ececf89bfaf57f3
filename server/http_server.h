// Beast HTTP listener and sessions. Each connection runs on its own strand, has read
// timeouts and a body limit; requests are answered by api::Service on the handler
// thread pool (database work never runs on an I/O thread).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include "api/http.h"
#include "server/websocket.h"

namespace corrchess::server {

using RequestHandler = std::function<api::Response(const api::Request&)>;

struct HttpLimits {
  std::size_t max_body_bytes = 1 << 20;  // larger bodies are answered 413
  int read_timeout_seconds = 30;
};

class HttpServer {
 public:
  // With hooks.hub set, upgrade requests on hooks.path become WebSocket sessions.
  HttpServer(boost::asio::io_context& ioc, boost::asio::thread_pool& workers,
             RequestHandler handler, HttpLimits limits = {}, WebSocketHooks hooks = {});
  // Binds and starts accepting; returns the bound endpoint (port 0 picks a free port).
  boost::asio::ip::tcp::endpoint listen(const std::string& address, unsigned short port);
  // Stops accepting new connections; open connections close after their current response.
  void stop();
  // Requests being handled or whose response is being written.
  int in_flight() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace corrchess::server
