// Accept errors of a real server process (docs/operations.md "Security"): out of file
// descriptors, accept fails until some are free; the server backs off, logs rarely and serves
// again. Run against the optimized server only (release_tests, tests/CMakeLists.txt): under
// the sanitizers their memory probe goes through a pipe, which fails with no descriptor
// left, and UBSan then reports a false "invalid vptr" in the server's logging.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/api_client.h"
#include "tests/support/api_server_test.h"
#include "tests/support/raw_connection.h"

namespace corrchess {
namespace {

using testing::count_lines_with;
using testing::RawConnection;

class AcceptErrors : public testing::ApiServerTest {};

// Descriptors in use by `pid` (its entries in /proc/PID/fd).
int open_descriptors(pid_t pid) {
  int n = 0;
  for ([[maybe_unused]] const auto& entry :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd")) {
    ++n;
  }
  return n;
}

// The sum of N over the "(N similar messages suppressed)" lines of `log`.
long suppressed_in(const std::string& log) {
  static const std::regex suppressed(R"(\((\d+) similar messages suppressed\))");
  long sum = 0;
  for (std::sregex_iterator it(log.begin(), log.end(), suppressed), end; it != end; ++it) {
    sum += std::stol((*it)[1]);
  }
  return sum;
}

// Out of descriptors, accept fails until some are free. The server once retried at once,
// spinning and logging ~90,000 lines a second; it must back off, log at most a line per
// interval, and serve again once descriptors are free.
TEST_F(AcceptErrors, RunningOutOfDescriptorsBacksOffLogsRarelyAndRecovers) {
  const auto token = api_.sign_up("survivor");  // database connections are open by now
  const pid_t pid = server_.pid();
  const auto log_before = server_.output();
  // Lower the server's descriptor limit to what it holds now plus two connections.
  rlimit original{};
  ASSERT_EQ(prlimit(pid, RLIMIT_NOFILE, nullptr, &original), 0);
  rlimit tight = original;
  tight.rlim_cur = static_cast<rlim_t>(open_descriptors(pid) + 2);
  ASSERT_EQ(prlimit(pid, RLIMIT_NOFILE, &tight, nullptr), 0);
  // The kernel completes these connections; the server can accept two of them.
  std::vector<std::unique_ptr<RawConnection>> waiting;
  for (int i = 0; i < 8; ++i) waiting.push_back(std::make_unique<RawConnection>(server_.port()));
  // Hold the shortage past one log interval (5 s), so the suppressed count is logged.
  std::this_thread::sleep_for(std::chrono::milliseconds(7000));
  const auto during = server_.output().substr(log_before.size());
  ASSERT_EQ(prlimit(pid, RLIMIT_NOFILE, &original, nullptr), 0);

  // Provoked: the accept failed, and the log said so...
  const auto failures = count_lines_with(during, "accept failed");
  EXPECT_GE(failures, 1u) << during;
  // ...at most once per 5 s interval (plus the interval it started in)...
  EXPECT_LE(failures, 3u) << during;
  // ...and retried with a growing wait, not at once: over 7 s, some tens of attempts at most
  // (10 ms doubling up to 1 s), where an immediate retry makes hundreds of thousands.
  EXPECT_EQ(count_lines_with(during, "similar messages suppressed"), 1u) << during;
  EXPECT_LT(suppressed_in(during), 50) << during;

  // With descriptors again, the waiting connections are served and new ones too.
  for (auto& c : waiting) {
    c->send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(c->read_until_closed(10000).rfind("HTTP/1.1 200 ", 0), 0u);
  }
  EXPECT_EQ(api_.call("GET", "/api/v1/me", token).status, 200);
}

}  // namespace
}  // namespace corrchess
