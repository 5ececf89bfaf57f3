#include "tests/support/webhook_receiver.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
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

WebhookReceiver::WebhookReceiver(int fail_every) {
  char pattern[] = "/tmp/corrchess-hooks.XXXXXX";
  if (mkdtemp(pattern) == nullptr) return;
  dir_ = pattern;
  std::filesystem::create_directory(dir_ + "/secrets");
  const std::string script = source_dir() + "/tests/support/webhook_receiver.py";
  const std::string fail = std::to_string(fail_every);
  pid_ = fork();
  if (pid_ == 0) {
    execl("/usr/bin/python3", "python3", script.c_str(), (dir_ + "/port").c_str(),
          (dir_ + "/requests").c_str(), (dir_ + "/secrets").c_str(), (dir_ + "/fail").c_str(),
          fail.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  wait_until([this] { return std::filesystem::exists(dir_ + "/port"); }, std::chrono::seconds(15),
             std::chrono::milliseconds(50));
  const auto port = slurp(dir_ + "/port");
  if (!port.empty()) port_ = static_cast<unsigned short>(std::stoi(port));
}

WebhookReceiver::~WebhookReceiver() {
  end_child(pid_, SIGTERM);
  if (!dir_.empty()) std::filesystem::remove_all(dir_);
}

std::string WebhookReceiver::url() const {
  return "http://127.0.0.1:" + std::to_string(port_) + "/hook";
}

std::string WebhookReceiver::url(const std::string& name) const { return url() + "/" + name; }

void WebhookReceiver::write(const std::string& name, const std::string& text) const {
  const std::string path = dir_ + "/" + name;
  std::ofstream(path + ".tmp") << text;
  std::filesystem::rename(path + ".tmp", path);
}

void WebhookReceiver::set_secret(const std::string& secret) const { write("secrets/hook", secret); }

void WebhookReceiver::set_secret(const std::string& name, const std::string& secret) const {
  write("secrets/hook." + name, secret);
}

void WebhookReceiver::fail_next(int n) const { write("fail", std::to_string(n)); }

nlohmann::json WebhookReceiver::requests() const {
  nlohmann::json out = nlohmann::json::array();
  std::istringstream lines(slurp(dir_ + "/requests"));
  for (std::string line; std::getline(lines, line);) {
    // A line still being written has no end yet: read it next time.
    if (lines.eof()) break;
    if (!line.empty()) out.push_back(nlohmann::json::parse(line, nullptr, false));
  }
  return out;
}

nlohmann::json WebhookReceiver::wait_for(std::size_t count, std::chrono::milliseconds limit) const {
  nlohmann::json got;
  wait_until(
      [&] {
        got = requests();
        return got.size() >= count;
      },
      limit, std::chrono::milliseconds(100));
  return got;
}

}  // namespace corrchess::testing
