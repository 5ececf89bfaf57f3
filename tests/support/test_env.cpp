#include "tests/support/test_env.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace corrchess::testing {

std::string data_dir() {
  if (const char* d = std::getenv("CORRCHESS_DATA_DIR")) return d;
#ifdef CORRCHESS_DATA_DIR
  return CORRCHESS_DATA_DIR;
#else
  return "tests/data";
#endif
}

std::string bin_dir() { return CORRCHESS_BIN_DIR; }

std::string source_dir() { return CORRCHESS_SOURCE_DIR; }

std::string test_database_url() {
  const char* url = std::getenv("CORRCHESS_TEST_DATABASE_URL");
  if (url == nullptr || *url == '\0') {
    ADD_FAILURE() << "CORRCHESS_TEST_DATABASE_URL is not set: run database tests through "
                     "scripts/test (it starts a throwaway PostgreSQL cluster)";
    return {};
  }
  return url;
}

std::string test_template_database() {
  const char* name = std::getenv("CORRCHESS_TEST_TEMPLATE_DATABASE");
  return name == nullptr ? "" : name;
}

std::string complete_epd(const std::string& fen) {
  static const char* kDefaults[] = {"-", "-", "0", "1"};
  std::istringstream in(fen);
  int fields = 0;
  for (std::string f; in >> f;) ++fields;
  std::string out = fen;
  for (int i = std::max(fields, 2); i < 6; ++i) out += std::string(" ") + kDefaults[i - 2];
  return out;
}

CommandRun run_command(const std::string& shell_command) {
  CommandRun r;
  FILE* pipe = popen(shell_command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

int end_child(pid_t& pid, int signal) {
  if (pid <= 0) return -1;
  ::kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  pid = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace corrchess::testing
