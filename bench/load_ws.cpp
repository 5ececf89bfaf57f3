// corrchess-load idle-ws: WebSockets opened and held idle (their memory and descriptors).
#include "load_modes.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "load_client.h"

namespace corrchess::bench {

namespace {

namespace websocket = beast::websocket;
using nlohmann::json;

using WsStream = websocket::stream<beast::tcp_stream>;

struct WsRun {
  Options options;
  tcp::endpoint endpoint;
  std::string target;
  int greeted = 0;
  int failed = 0;
  int dropped = 0;  // closed by the server while held
  bool releasing = false;
  std::vector<std::shared_ptr<WsStream>> sockets;
};

// Reads until the connection ends: keeps the stream answering the server's pings.
awaitable<void> hold(WsRun& run, std::shared_ptr<WsStream> ws) {
  beast::flat_buffer buffer;
  beast::error_code ec;
  while (!ec) {
    co_await ws->async_read(buffer, asio::redirect_error(use_awaitable, ec));
    buffer.consume(buffer.size());
  }
  if (!run.releasing) {
    if (run.dropped++ < 3) std::fprintf(stderr, "socket dropped: %s\n", ec.message().c_str());
  }
}

awaitable<void> open_socket(WsRun& run, int) {
  auto ex = co_await asio::this_coro::executor;
  auto ws = std::make_shared<WsStream>(ex);
  try {
    auto& tcp_layer = beast::get_lowest_layer(*ws);
    tcp_layer.expires_after(std::chrono::seconds(60));
    co_await tcp_layer.async_connect(run.endpoint, use_awaitable);
    tcp_layer.expires_never();
    ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    co_await ws->async_handshake(run.options.host + ":" + std::to_string(run.options.port),
                                 run.target, use_awaitable);
    beast::flat_buffer buffer;
    co_await ws->async_read(buffer, use_awaitable);
    const auto hello = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    if (hello.is_discarded() || !hello.is_object() || hello.value("type", "") != "hello") {
      throw std::runtime_error("first message was not hello");
    }
  } catch (const std::exception& e) {
    if (run.failed++ < 5) std::fprintf(stderr, "websocket failed: %s\n", e.what());
    co_return;
  }
  ++run.greeted;
  run.sockets.push_back(ws);
  asio::co_spawn(ex, hold(run, ws), asio::detached);
}

void raise_file_limit(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  const rlim_t target = std::min<rlim_t>(limit.rlim_max, static_cast<rlim_t>(wanted));
  if (limit.rlim_cur < target) {
    limit.rlim_cur = target;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) std::perror("setrlimit");
  }
  getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_cur < static_cast<rlim_t>(wanted)) {
    std::fprintf(stderr, "warning: open files limited to %lu (wanted %d)\n",
                 static_cast<unsigned long>(limit.rlim_cur), wanted);
  }
}

awaitable<void> ws_main(WsRun& run) {
  auto ex = co_await asio::this_coro::executor;
  const auto& o = run.options;
  std::string token = o.token;
  if (token.empty()) {
    HttpConnection conn(ex, run.endpoint, o.host);
    token = co_await login(conn, o.user, o.password);
    conn.close();
  }
  run.target = "/api/v1/ws?token=" + token;
  const auto t0 = Clock::now();
  co_await for_each_bounded(o.connections, o.batch,
                            [&](int i, int) -> awaitable<void> { co_await open_socket(run, i); });
  std::fprintf(stderr, "idle-ws: %d sockets greeted, %d failed (%.1f s)\n", run.greeted, run.failed,
               ms_since(t0) / 1000.0);
  std::printf("RESULT ws_connections=%d failed=%d open_seconds=%.2f\n", run.greeted, run.failed,
              ms_since(t0) / 1000.0);
  std::fflush(stdout);

  if (o.hold_seconds >= 0) {
    asio::steady_timer timer(ex, std::chrono::seconds(o.hold_seconds));
    co_await timer.async_wait(use_awaitable);
  } else {
    asio::posix::stream_descriptor in(ex, ::dup(STDIN_FILENO));
    char buf[256];
    beast::error_code ec;
    while (!ec)
      co_await in.async_read_some(asio::buffer(buf), asio::redirect_error(use_awaitable, ec));
  }
  run.releasing = true;
  std::printf("HELD dropped=%d\n", run.dropped);
  std::fflush(stdout);
  for (auto& ws : run.sockets) {
    beast::error_code ignored;
    beast::get_lowest_layer(*ws).socket().close(ignored);
  }
}

}  // namespace

int run_idle_ws(const Options& o) {
  raise_file_limit(o.connections + 64);
  asio::io_context ioc(1);  // outlives the sockets in `run`
  WsRun run;
  run.options = o;
  run.endpoint = resolve(o);
  run.sockets.reserve(static_cast<std::size_t>(o.connections));
  std::string failure;
  asio::co_spawn(ioc, ws_main(run), [&](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      failure = ex.what();
    }
    ioc.stop();
  });
  ioc.run();
  if (!failure.empty()) {
    std::fprintf(stderr, "corrchess-load: %s\n", failure.c_str());
    return 1;
  }
  return run.failed == 0 && run.dropped == 0 ? 0 : 1;
}

}  // namespace corrchess::bench
