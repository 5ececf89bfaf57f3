// Runs build/bin/corrchess-server as a real child process on a free port, for
// end-to-end tests, and a small blocking HTTP client to talk to it.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace corrchess::testing {

struct HttpResult {
  int status = 0;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
};

class ServerProcess {
 public:
  // Starts the server with DATABASE_URL=database_url, CORRCHESS_LISTEN=127.0.0.1:0, no
  // registration limit, no web client, and the extra environment given (which wins); waits
  // until it prints where it listens.
  explicit ServerProcess(const std::string& database_url,
                         const std::vector<std::pair<std::string, std::string>>& env = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  bool started() const { return port_ != 0; }
  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  // Everything the server printed on standard output (its log) so far. A thread keeps
  // reading it from the start, so a chatty server never blocks on a full pipe.
  std::string output() const;

  // Sends SIGTERM and waits; returns the exit status (or -1).
  int stop();
  // Sends SIGKILL and waits.
  void kill_hard();

  // One HTTP/1.1 request on a fresh connection.
  HttpResult request(const std::string& method, const std::string& target,
                     const std::string& body = "",
                     const std::map<std::string, std::string>& headers = {}) const;

 private:
  void keep_reading();

  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  unsigned short port_ = 0;
  mutable std::mutex output_mutex_;
  std::string output_;
  std::atomic<bool> stop_reading_{false};
  std::thread reader_;
};

// How many lines of `text` (a server's log) contain `part`.
std::size_t count_lines_with(const std::string& text, const std::string& part);

// One HTTP/1.1 request to 127.0.0.1:port.
HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body = "",
                        const std::map<std::string, std::string>& headers = {});

}  // namespace corrchess::testing
