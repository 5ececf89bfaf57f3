#include "tests/support/smtp_sink.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <thread>

#include "tests/support/api_client.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

namespace {

unsigned short free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

bool accepts(unsigned short port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

}  // namespace

SmtpSink::SmtpSink() {
  char pattern[] = "/tmp/corrchess-smtp.XXXXXX";
  if (mkdtemp(pattern) == nullptr) return;
  dir_ = std::string(pattern) + "/maildir";
  port_ = free_port();
  start();
}

SmtpSink::~SmtpSink() {
  stop();
  if (!dir_.empty()) std::filesystem::remove_all(std::filesystem::path(dir_).parent_path());
}

bool SmtpSink::start() {
  if (pid_ > 0) return true;
  pid_ = fork();
  if (pid_ == 0) {
    const std::string listen = "127.0.0.1:" + std::to_string(port_);
    execl("/usr/bin/python3", "python3", "-m", "aiosmtpd", "-n", "-l", listen.c_str(), "-c",
          "aiosmtpd.handlers.Mailbox", dir_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return wait_until([this] { return accepts(port_); }, std::chrono::seconds(15),
                    std::chrono::milliseconds(50));
}

void SmtpSink::stop() { end_child(pid_, SIGTERM); }

std::string SmtpSink::url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }

void SmtpSink::clear() {
  for (const char* sub : {"/new", "/cur", "/tmp"}) {
    if (!std::filesystem::exists(dir_ + sub)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir_ + sub)) {
      std::filesystem::remove(entry.path());
    }
  }
}

nlohmann::json SmtpSink::messages() const {
  if (!std::filesystem::exists(dir_ + "/new")) return nlohmann::json::array();
  const auto run = run_command("/usr/bin/python3 " +
                               shell_quote(source_dir() + "/tests/support/mailbox_json.py") + " " +
                               shell_quote(dir_));
  if (run.exit_code != 0) return nlohmann::json::array();
  return nlohmann::json::parse(run.out, nullptr, false);
}

nlohmann::json SmtpSink::wait_for(std::size_t count, std::chrono::milliseconds limit) const {
  nlohmann::json got = nlohmann::json::array();
  wait_until(
      [&] {
        got = messages();
        return got.is_array() && got.size() >= count;
      },
      limit, std::chrono::milliseconds(100));
  return got;
}

}  // namespace corrchess::testing
