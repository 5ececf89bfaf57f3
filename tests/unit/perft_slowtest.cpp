// The deepest perft counts of the shared suites (label `slow`; minutes, not seconds).
#include <gtest/gtest.h>

#include <string>

#include "core/chess/perft_suite.h"
#include "tests/support/perft_suites.h"

namespace corrchess::chess {
namespace {

using testing::expect_perft_suite;
using testing::PerftSuiteRun;

class PerftSlow : public ::testing::TestWithParam<PerftSuiteRun> {};

TEST_P(PerftSlow, CountsToTheSlowDepth) {
  EXPECT_EQ(expect_perft_suite(GetParam().file, GetParam().slow_depth), GetParam().entries);
}

INSTANTIATE_TEST_SUITE_P(SharedSuites, PerftSlow, ::testing::ValuesIn(testing::kPerftSuiteRuns),
                         testing::perft_suite_run_name);

}  // namespace
}  // namespace corrchess::chess
