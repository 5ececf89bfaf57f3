#include "tests/support/push_service.h"

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/api_client.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

PushService::PushService() {
  char pattern[] = "/tmp/corrchess-push.XXXXXX";
  if (mkdtemp(pattern) == nullptr) return;
  dir_ = pattern;
  const std::string script = source_dir() + "/tests/support/push_service.py";
  pid_ = fork();
  if (pid_ == 0) {
    execl("/usr/bin/python3", "python3", script.c_str(), (dir_ + "/subscription.json").c_str(),
          (dir_ + "/requests").c_str(), (dir_ + "/answers").c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  wait_until([this] { return std::filesystem::exists(dir_ + "/subscription.json"); },
             std::chrono::seconds(15), std::chrono::milliseconds(50));
  subscription_ = nlohmann::json::parse(read_file(dir_ + "/subscription.json"), nullptr, false);
  if (subscription_.is_discarded()) subscription_ = nullptr;
}

PushService::~PushService() {
  end_child(pid_, SIGTERM);
  if (!dir_.empty()) std::filesystem::remove_all(dir_);
}

void PushService::answer_next(const std::string& statuses) const {
  const std::string path = dir_ + "/answers";
  std::ofstream(path + ".tmp") << statuses;
  std::filesystem::rename(path + ".tmp", path);
}

nlohmann::json PushService::requests() const {
  nlohmann::json out = nlohmann::json::array();
  std::istringstream lines(read_file(dir_ + "/requests"));
  for (std::string line; std::getline(lines, line);) {
    if (lines.eof()) break;  // a line still being written
    if (!line.empty()) out.push_back(nlohmann::json::parse(line, nullptr, false));
  }
  return out;
}

nlohmann::json PushService::wait_for(std::size_t count, std::chrono::milliseconds limit) const {
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
