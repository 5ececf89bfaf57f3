#include "tests/support/server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdlib>
#include <regex>

#include "tests/support/test_env.h"

namespace corrchess::testing {

namespace http = boost::beast::http;

ServerProcess::ServerProcess(const std::string& database_url,
                             const std::vector<std::pair<std::string, std::string>>& env) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return;
  const std::string binary = bin_dir() + "/corrchess-server";
  pid_ = fork();
  if (pid_ == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    setenv("DATABASE_URL", database_url.c_str(), 1);
    unsetenv("CORRCHESS_DATABASE_URL");
    setenv("CORRCHESS_LISTEN", "127.0.0.1:0", 1);
    setenv("CORRCHESS_LOG_LEVEL", "warn", 1);
    // Every test signs up its players from 127.0.0.1: no registration limit unless a test
    // sets one (the limit itself is tested with a small value).
    setenv("CORRCHESS_REGISTRATIONS_PER_HOUR", "1000000", 1);
    // Likewise no write rate limits (tests play far faster than people; write_limits_test
    // sets small ones).
    setenv("CORRCHESS_WRITES_PER_MINUTE_PER_TOKEN", "0", 1);
    setenv("CORRCHESS_WRITES_PER_MINUTE_PER_ADDRESS", "0", 1);
    // No web client (whether web/dist is built must not change what these tests see;
    // web_session_test gives one).
    setenv("CORRCHESS_WEB_DIR", "", 1);
    // Cheap password hashes: interactive Argon2id (a quarter of a second of a core or more per
    // sign-up and login) took more than half of the e2e tests' time. The tests of the hash
    // bound ask for the real cost.
    setenv("CORRCHESS_PASSWORD_HASH", "minimum", 1);
    // Every copy of a game the server keeps in memory is compared with the stored game before
    // a command uses it: any test that changes a game by a path the copies miss fails (500).
    setenv("CORRCHESS_GAME_CACHE_CHECK", "on", 1);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    execl(binary.c_str(), binary.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(pipe_fds[1]);
  stdout_fd_ = pipe_fds[0];
  // Read stdout until the "listening on http://127.0.0.1:PORT" line (30 s at most).
  std::string out;
  const std::regex listening(R"(listening on http://[^:\s]+:(\d+))");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd pfd{stdout_fd_, POLLIN, 0};
    if (poll(&pfd, 1, 200) <= 0) continue;
    char buf[512];
    const ssize_t n = read(stdout_fd_, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
    std::smatch m;
    if (std::regex_search(out, m, listening)) {
      port_ = static_cast<unsigned short>(std::stoi(m[1]));
      break;
    }
  }
  output_ = std::move(out);
  reader_ = std::thread([this] { keep_reading(); });
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) stop();
  stop_reading_ = true;
  if (reader_.joinable()) reader_.join();
  if (stdout_fd_ >= 0) close(stdout_fd_);
}

void ServerProcess::keep_reading() {
  // Until the server closes its end (it exited) or the destructor asks to stop.
  while (!stop_reading_) {
    pollfd pfd{stdout_fd_, POLLIN, 0};
    if (poll(&pfd, 1, 100) <= 0) continue;
    char buf[4096];
    const ssize_t n = read(stdout_fd_, buf, sizeof buf);
    if (n <= 0) return;
    std::lock_guard lock(output_mutex_);
    output_.append(buf, static_cast<std::size_t>(n));
  }
}

std::size_t count_lines_with(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) n += line.find(part) != std::string::npos;
  return n;
}

std::string ServerProcess::output() const {
  std::lock_guard lock(output_mutex_);
  return output_;
}

int ServerProcess::stop() { return end_child(pid_, SIGTERM); }

void ServerProcess::kill_hard() { end_child(pid_, SIGKILL); }

HttpResult ServerProcess::request(const std::string& method, const std::string& target,
                                  const std::string& body,
                                  const std::map<std::string, std::string>& headers) const {
  return http_request(port_, method, target, body, headers);
}

HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body,
                        const std::map<std::string, std::string>& headers) {
  boost::asio::io_context ioc;
  boost::beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(30));
  stream.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [k, v] : headers) req.set(k, v);
  if (!body.empty()) {
    if (!headers.contains("Content-Type")) req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.prepare_payload();
  http::write(stream, req);
  boost::beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  if (method == "HEAD") parser.skip(true);
  http::read(stream, buffer, parser);
  auto res = parser.release();
  HttpResult out;
  out.status = static_cast<int>(res.result_int());
  for (const auto& field : res) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    out.headers[name] = std::string(field.value());
  }
  out.body = res.body();
  boost::beast::error_code ec;
  stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
  return out;
}

}  // namespace corrchess::testing
