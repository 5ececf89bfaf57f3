#include "load_client.h"

#include <chrono>

#include <nlohmann/json.hpp>

namespace corrchess::bench {

using nlohmann::json;

tcp::endpoint resolve(const Options& o) {
  asio::io_context ioc;
  tcp::resolver resolver(ioc);
  auto results = resolver.resolve(o.host, std::to_string(o.port));
  if (results.empty()) throw std::runtime_error("cannot resolve " + o.host);
  return *results.begin();
}

std::string short_text(const std::string& s) { return s.size() > 300 ? s.substr(0, 300) : s; }

// Request bodies are built outside coroutines: GCC 12 rejects some initializer lists of
// string literals inside a full-expression with co_await ("array used as initializer").
std::string credentials_body(const std::string& user, const std::string& password) {
  return json{{"username", user}, {"password", password}}.dump();
}

std::string move_body(const std::string& move) { return json{{"move", move}}.dump(); }

std::string game_body(const std::string& white, const std::string& black) {
  return json{{"white", white},
              {"black", black},
              {"time_control", {{"type", "fischer"}, {"initial_days", 30}, {"increment_days", 1}}}}
      .dump();
}

std::string field_of(const std::string& body, const std::string& name) {
  return json::parse(body).at(name).get<std::string>();
}

// A password-hashing request (registration, login): the server answers 503 with
// Retry-After: 1 when its bounded hash queue is full (CORRCHESS_MAX_CONCURRENT_HASHES, by
// default a quarter of a small pool), so the driver waits a second and asks again.
awaitable<Reply> call_hashing(HttpConnection& conn, const std::string& target,
                              const std::string& body) {
  const std::string no_token;
  asio::steady_timer wait(co_await asio::this_coro::executor);
  for (int attempt = 1;; ++attempt) {
    auto r = co_await conn.call(http::verb::post, target, body, no_token);
    if (r.status != 503 || attempt == 30) co_return r;
    wait.expires_after(std::chrono::seconds(1));
    co_await wait.async_wait(use_awaitable);
  }
}

awaitable<std::string> login(HttpConnection& conn, const std::string& user,
                             const std::string& password) {
  const std::string target = "/api/v1/auth/login";
  const std::string body = credentials_body(user, password);
  auto r = co_await call_hashing(conn, target, body);
  if (r.status != 200) {
    throw std::runtime_error("login of " + user + " answered " + std::to_string(r.status) + ": " +
                             short_text(r.body));
  }
  co_return field_of(r.body, "token");
}

}  // namespace corrchess::bench
