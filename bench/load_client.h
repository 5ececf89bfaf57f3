// corrchess-load's HTTP side: one keep-alive connection per caller, a bounded fan-out of
// coroutines, the request bodies, and logging in (with the server's 503 for a full password
// hash queue waited out).
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "load_options.h"

namespace corrchess::bench {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using asio::use_awaitable;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// Milliseconds since `start`.
inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// ---- HTTP client: one keep-alive connection ----

struct Reply {
  int status = 0;
  std::string body;
};

class HttpConnection {
 public:
  HttpConnection(asio::any_io_executor ex, tcp::endpoint endpoint, std::string host)
      : stream_(ex), endpoint_(endpoint), host_(std::move(host)) {}

  awaitable<Reply> call(http::verb method, const std::string& target, const std::string& body,
                        const std::string& token, bool minimal = false) {
    if (!open_) {
      co_await stream_.async_connect(endpoint_, use_awaitable);
      stream_.socket().set_option(tcp::no_delay(true));
      open_ = true;
    }
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, host_);
    req.set(http::field::user_agent, "corrchess-load");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    if (!body.empty()) req.set(http::field::content_type, "application/json");
    if (minimal) req.set("Prefer", "return=minimal");  // the answer without the moves list
    req.keep_alive(true);
    req.body() = body;
    req.prepare_payload();
    try {
      co_await http::async_write(stream_, req, use_awaitable);
      http::response<http::string_body> res;
      co_await http::async_read(stream_, buffer_, res, use_awaitable);
      if (!res.keep_alive()) close();
      co_return Reply{static_cast<int>(res.result_int()), std::move(res.body())};
    } catch (...) {
      close();
      throw;
    }
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    buffer_.clear();
    open_ = false;
  }

 private:
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  tcp::endpoint endpoint_;
  std::string host_;
  bool open_ = false;
};

// The server's address.
tcp::endpoint resolve(const Options& o);

// The first 300 bytes of an answer, for error messages.
std::string short_text(const std::string& s);

// Runs task(i, worker) for i in [0, count) on `width` worker coroutines (worker in
// [0, width): a worker may own a connection).
template <class Task>
awaitable<void> for_each_bounded(int count, int width, Task task) {
  auto ex = co_await asio::this_coro::executor;
  auto next = std::make_shared<int>(0);
  auto running = std::make_shared<int>(0);
  auto failure = std::make_shared<std::string>();
  asio::steady_timer done(ex, asio::steady_timer::time_point::max());
  auto* done_ptr = &done;
  for (int w = 0; w < std::min(width, count); ++w) {
    ++*running;
    asio::co_spawn(
        ex,
        [=]() -> awaitable<void> {
          try {
            while (failure->empty()) {
              const int i = (*next)++;
              if (i >= count) break;
              co_await task(i, w);
            }
          } catch (const std::exception& e) {
            if (failure->empty()) *failure = e.what();
          }
          if (--*running == 0) done_ptr->cancel();
        },
        asio::detached);
  }
  beast::error_code ec;
  if (*running > 0) co_await done.async_wait(asio::redirect_error(use_awaitable, ec));
  if (!failure->empty()) throw std::runtime_error(*failure);
}

std::string credentials_body(const std::string& user, const std::string& password);
std::string move_body(const std::string& move);
// A game between the two usernames (the admin endpoint's body).
std::string game_body(const std::string& white, const std::string& black);
// The text field `name` of a JSON object's text.
std::string field_of(const std::string& body, const std::string& name);

// A password-hashing request (registration, login), retried while the server answers 503.
awaitable<Reply> call_hashing(HttpConnection& conn, const std::string& target,
                              const std::string& body);
// The bearer token of `user`.
awaitable<std::string> login(HttpConnection& conn, const std::string& user,
                             const std::string& password);

}  // namespace corrchess::bench
