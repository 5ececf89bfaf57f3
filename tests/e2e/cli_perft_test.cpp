// The `corrchess perft` command line: output format and exit codes.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/support/test_env.h"

namespace corrchess {
namespace {

using CliRun = testing::CommandRun;

// Runs the corrchess command line with `args`; its standard output only.
CliRun run_cli(const std::string& args) {
  return testing::run_command(testing::bin_dir() + "/corrchess " + args + " 2>/dev/null");
}

TEST(CliPerft, CountsStartPosition) {
  const CliRun r = run_cli("perft --depth 3");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "nodes 8902\n");
}

TEST(CliPerft, DivideListsUciMovesThenTotal) {
  const CliRun r = run_cli("perft --depth 1 --divide --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("e1g1: 1\n"), std::string::npos) << r.out;  // standard castling
  EXPECT_NE(r.out.find("e1c1: 1\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("nodes 26\n")) << r.out;
  const CliRun c =
      run_cli("perft --depth 1 --divide --chess960 --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'");
  EXPECT_NE(c.out.find("e1h1: 1\n"), std::string::npos) << c.out;  // king takes rook
}

TEST(CliPerft, SuiteReportsRejectedPositionsWithoutFailing) {
  const CliRun r = run_cli("perft --epd " + testing::data_dir() +
                           "/perft/python-chess-tricky.perft --max-depth 2");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("rejected ep-unrelated-check"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("rejected 7\npositions 19 mismatches 0\n")) << r.out;
  const CliRun relaxed = run_cli("perft --relaxed --epd " + testing::data_dir() +
                                 "/perft/python-chess-tricky.perft --max-depth 2");
  EXPECT_TRUE(relaxed.out.ends_with("rejected 0\npositions 19 mismatches 0\n")) << relaxed.out;
}

TEST(CliPerft, UsageErrorsExitWithTwo) {
  EXPECT_EQ(run_cli("perft").exit_code, 2);
  EXPECT_EQ(run_cli("perft --depth 2 --fen 'not a fen'").exit_code, 2);
  EXPECT_EQ(run_cli("perft --epd /nonexistent/file.epd").exit_code, 2);
  EXPECT_EQ(run_cli("no-such-command").exit_code, 2);
  EXPECT_EQ(run_cli("help").exit_code, 0);
}

}  // namespace
}  // namespace corrchess
