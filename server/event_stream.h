// Live events as newline-delimited JSON (docs/api.md "Live events"): GET /api/v1/stream
// answers 200 application/x-ndjson and keeps the response open, one message per line, in
// the same order and numbering as the WebSocket (server/live_session.h), with an empty line
// as a keep-alive when nothing else was sent for a while. For clients without WebSocket.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/live_hub.h"

namespace corrchess::server {

// Takes over the connection of an authenticated GET /api/v1/stream (HTTP version
// `http_version`, 11 for 1.1) and streams until the client leaves, the token ends or the
// server shuts down.
void start_event_stream(boost::asio::ip::tcp::socket socket, unsigned http_version, LiveUser user,
                        std::shared_ptr<const LiveHooks> hooks, boost::asio::thread_pool& workers,
                        ConnectionLease lease = nullptr);

}  // namespace corrchess::server
