// The perft suites of tests/data/perft, read and checked the same way by every test that
// uses them (perft, FEN and notation tests).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
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

}  // namespace corrchess::testing
