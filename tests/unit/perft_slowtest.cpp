// The deepest perft counts of the shared suites (label `slow`; minutes, not seconds).
#include <gtest/gtest.h>

#include <string>

#include "core/chess/perft_suite.h"
#include "tests/support/perft_suites.h"

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

using testing::expect_perft_suite;

TEST(PerftSlow, CpwStandardPositionsAllDepths) {
  expect_perft_suite("cpw_standard_positions.epd", kCpwDepth);
}
TEST(PerftSlow, EtherealStandardAllDepths) {
  expect_perft_suite("ethereal-standard.epd", kEtherealStandardDepth);
}
TEST(PerftSlow, EtherealFischerDeep) {
  expect_perft_suite("ethereal-fischer.epd", kEtherealFischerDepth);
}
TEST(PerftSlow, ScalachessTrickyAllDepths) {
  expect_perft_suite("scalachess-tricky.perft", kTrickyDepth);
}

}  // namespace
}  // namespace corrchess::chess
