// The deepest perft counts of the shared suites (label `slow`; minutes, not seconds).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/chess/perft_suite.h"
#include "tests/support/test_env.h"

namespace corrchess::chess {
namespace {

#ifdef CORRCHESS_SANITIZED
constexpr int kCpwDepth = 5;
constexpr int kEtherealStandardDepth = 5;
constexpr int kEtherealFischerDepth = 4;
constexpr int kTrickyDepth = 5;
#else
constexpr int kCpwDepth = 100;  // every count, up to start D7, Kiwipete D6 and pos3 D8
constexpr int kEtherealStandardDepth = 100;
constexpr int kEtherealFischerDepth = 5;  // D6 alone is 5e11 nodes
constexpr int kTrickyDepth = 100;
#endif

void expect_suite(const std::string& name, int max_depth) {
  std::ifstream in(testing::data_dir() + "/perft/" + name, std::ios::binary);
  ASSERT_TRUE(in) << name;
  std::stringstream text;
  text << in.rdbuf();
  const auto suite = parse_perft_suite(text.str());
  ASSERT_TRUE(suite) << suite.error().detail;
  for (const auto& entry : *suite) {
    const auto r = check_perft_entry(entry, max_depth, false, /*relaxed=*/true);
    EXPECT_EQ(r.status, PerftCheckStatus::kOk)
        << name << " " << entry.id << " (" << entry.fen << "): depth " << r.depth << " expected "
        << r.expected << " got " << r.actual << " " << r.detail;
  }
}

TEST(PerftSlow, CpwStandardPositionsAllDepths) {
  expect_suite("cpw_standard_positions.epd", kCpwDepth);
}
TEST(PerftSlow, EtherealStandardAllDepths) {
  expect_suite("ethereal-standard.epd", kEtherealStandardDepth);
}
TEST(PerftSlow, EtherealFischerDeep) {
  expect_suite("ethereal-fischer.epd", kEtherealFischerDepth);
}
TEST(PerftSlow, ScalachessTrickyAllDepths) {
  expect_suite("scalachess-tricky.perft", kTrickyDepth);
}

}  // namespace
}  // namespace corrchess::chess
