// The short names the server's network code uses for Boost.Asio and Boost.Beast, declared
// once for every file of server/ that talks to sockets.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/status.hpp>

namespace corrchess::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

}  // namespace corrchess::server
