// Live events over WebSocket (docs/api.md "Live events"): GET /api/v1/ws upgrades to a
// socket that carries the user's messages (server/live_session.h) and lets the client watch
// other games ({"subscribe": id}) and ping.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/http.hpp>

#include "server/live_hub.h"

namespace corrchess::server {

// Takes over an upgraded connection: completes the handshake for `request` and serves the
// socket until it closes.
void start_websocket_session(boost::asio::ip::tcp::socket socket,
                             boost::beast::http::request<boost::beast::http::string_body> request,
                             LiveUser user, std::shared_ptr<const LiveHooks> hooks,
                             boost::asio::thread_pool& workers, ConnectionLease lease = nullptr);

}  // namespace corrchess::server
