#include "tests/support/webhook_sink.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/api_client.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

WebhookSink::WebhookSink(int fail_every) {
  char pattern[] = "/tmp/corrchess-hooksink.XXXXXX";
  if (mkdtemp(pattern) == nullptr) return;
  dir_ = pattern;
  std::filesystem::create_directory(dir_ + "/secrets");
  const std::string script = source_dir() + "/tests/support/webhook_sink.py";
  const std::string fail = std::to_string(fail_every);
  pid_ = fork();
  if (pid_ == 0) {
    execl("/usr/bin/python3", "python3", script.c_str(), (dir_ + "/port").c_str(),
          (dir_ + "/requests").c_str(), (dir_ + "/secrets").c_str(), fail.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  wait_until([this] { return std::filesystem::exists(dir_ + "/port"); }, std::chrono::seconds(15),
             std::chrono::milliseconds(50));
  const auto port = slurp(dir_ + "/port");
  if (!port.empty()) port_ = static_cast<unsigned short>(std::stoi(port));
}

WebhookSink::~WebhookSink() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  if (!dir_.empty()) std::filesystem::remove_all(dir_);
}

std::string WebhookSink::url(const std::string& name) const {
  return "http://127.0.0.1:" + std::to_string(port_) + "/hook/" + name;
}

void WebhookSink::set_secret(const std::string& name, const std::string& secret) const {
  const std::string path = dir_ + "/secrets/" + name;
  std::ofstream(path + ".tmp") << secret;
  std::filesystem::rename(path + ".tmp", path);
}

nlohmann::json WebhookSink::requests() const {
  nlohmann::json out = nlohmann::json::array();
  std::istringstream lines(slurp(dir_ + "/requests"));
  for (std::string line; std::getline(lines, line);) {
    // A line still being written has no end yet: read it next time.
    if (lines.eof()) break;
    if (!line.empty()) out.push_back(nlohmann::json::parse(line, nullptr, false));
  }
  return out;
}

}  // namespace corrchess::testing
