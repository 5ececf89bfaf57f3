#include "tests/support/ws_client.h"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace corrchess::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  websocket::response_type response;
  bool connected = false;
  bool closed = false;
};

WsClient::WsClient(unsigned short port, const std::string& target,
                   const std::map<std::string, std::string>& headers, int receive_buffer_bytes)
    : impl_(std::make_unique<Impl>()) {
  beast::error_code ec;
  auto& socket = beast::get_lowest_layer(impl_->ws).socket();
  if (receive_buffer_bytes > 0) {
    socket.open(tcp::v4(), ec);
    if (ec) return;
    socket.set_option(asio::socket_base::receive_buffer_size(receive_buffer_bytes), ec);
  }
  beast::get_lowest_layer(impl_->ws).expires_after(std::chrono::seconds(10));
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return;
  beast::get_lowest_layer(impl_->ws).expires_never();
  impl_->ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  impl_->ws.handshake(impl_->response, "127.0.0.1:" + std::to_string(port), target, ec);
  impl_->connected = !ec;
}

WsClient::~WsClient() {
  if (impl_->connected && !impl_->closed) {
    beast::error_code ignored;
    beast::get_lowest_layer(impl_->ws).socket().close(ignored);
  }
}

bool WsClient::connected() const { return impl_->connected; }
bool WsClient::closed() const { return impl_->closed; }

std::optional<nlohmann::json> WsClient::read(std::chrono::milliseconds timeout) {
  if (!impl_->connected || impl_->closed) return std::nullopt;
  std::optional<beast::error_code> result;
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) { result = ec; });
  impl_->ioc.restart();
  impl_->ioc.run_for(timeout);
  if (!result) {
    // Timed out: cancel the read and let its handler run before returning.
    beast::get_lowest_layer(impl_->ws).cancel();
    impl_->ioc.restart();
    impl_->ioc.run();
    // A cancelled websocket read leaves the stream unusable: reconnecting is the caller's job.
    impl_->closed = true;
    return std::nullopt;
  }
  if (*result) {
    impl_->closed = true;
    return std::nullopt;
  }
  auto text = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.consume(impl_->buffer.size());
  return nlohmann::json::parse(text, nullptr, false);
}

std::optional<nlohmann::json> WsClient::read_type(const std::string& type,
                                                  std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        until - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto m = read(left);
    if (!m) return std::nullopt;
    if (m->is_object() && m->value("type", "") == type) return m;
  }
}

void WsClient::send(const nlohmann::json& message) {
  if (!impl_->connected || impl_->closed) return;
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(message.dump()), ec);
  if (ec) impl_->closed = true;
}

std::unique_ptr<WsClient> open_greeted(unsigned short port, const std::string& token) {
  auto ws = std::make_unique<WsClient>(port, "/api/v1/ws?token=" + token);
  EXPECT_TRUE(ws->connected());
  EXPECT_TRUE(ws->read_type("hello").has_value());
  return ws;
}

}  // namespace corrchess::testing
