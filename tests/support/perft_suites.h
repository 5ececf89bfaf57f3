// The perft suites of tests/data/perft, read and checked the same way by every test that
// uses them (perft, FEN and notation tests).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/perft_suite.h"
#include "tests/support/test_env.h"

namespace corrchess::testing {

// The entries of tests/data/perft/`file`; empty (after a test failure) when the file cannot
// be read or parsed.
inline std::vector<chess::PerftSuiteEntry> load_perft_suite(const std::string& file) {
  std::ifstream in(data_dir() + "/perft/" + file, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read perft/" << file;
  std::stringstream text;
  text << in.rdbuf();
  auto suite = chess::parse_perft_suite(text.str());
  EXPECT_TRUE(suite.has_value()) << file << ": " << (suite ? "" : suite.error().detail);
  return suite ? *suite : std::vector<chess::PerftSuiteEntry>{};
}

// Runs every entry of `file` up to max_depth with the relaxed FEN reader (the generator must
// get even history-impossible positions right), one test failure per wrong count; returns the
// number of entries checked.
inline std::size_t expect_perft_suite(const std::string& file, int max_depth) {
  const auto suite = load_perft_suite(file);
  for (const auto& entry : suite) {
    const auto r = chess::check_perft_entry(entry, max_depth, false, /*relaxed=*/true);
    EXPECT_EQ(r.status, chess::PerftCheckStatus::kOk)
        << file << " " << entry.id << " (" << entry.fen << "): depth " << r.depth << " expected "
        << r.expected << " got " << r.actual << " " << r.detail;
  }
  return suite.size();
}

// A suite that both perft tests run: its file, how many entries it holds, and how deep
// perft_test (label unit) and perft_slowtest (label slow) count it; depths past a suite's
// deepest count mean every count.
struct PerftSuiteRun {
  const char* file;
  std::size_t entries;
  int quick_depth;
  int slow_depth;
};

// Test names and failure messages show a run by its file.
inline void PrintTo(const PerftSuiteRun& run, std::ostream* os) { *os << run.file; }

// Scaled down under the sanitizers.
inline constexpr PerftSuiteRun kPerftSuiteRuns[] = {
#ifdef CORRCHESS_SANITIZED
    {"cpw_standard_positions.epd", 7, 4, 5},
    {"ethereal-standard.epd", 128, 4, 5},
    {"ethereal-fischer.epd", 960, 3, 4},
    {"scalachess-tricky.perft", 18, 4, 5},
#else
    {"cpw_standard_positions.epd", 7, 5, 100},  // every count: up to start D7, Kiwipete D6, pos3 D8
    {"ethereal-standard.epd", 128, 5, 100},
    {"ethereal-fischer.epd", 960, 4, 5},  // D6 alone is 5e11 nodes
    {"scalachess-tricky.perft", 18, 5, 100},
#endif
};

// The name of a parameterised test over kPerftSuiteRuns: the file's name, letters and
// digits only.
inline std::string perft_suite_run_name(const ::testing::TestParamInfo<PerftSuiteRun>& info) {
  std::string name;
  for (const char* c = info.param.file; *c != '\0' && *c != '.'; ++c) {
    name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  }
  return name;
}

}  // namespace corrchess::testing
