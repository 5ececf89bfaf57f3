// Perft suite files as pure functions over strings (no file I/O): the EPD form
// `FEN ;D1 20 ;D2 400  # name` and the block form `id NAME` / `epd FEN` / `perft D N`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace corrchess::chess {

struct PerftExpectation {
  int depth = 0;
  std::uint64_t nodes = 0;
};

struct PerftSuiteEntry {
  std::string id;   // the block's `id`, the EPD line's trailing `# name`, or "line N"
  std::string fen;  // six-field FEN (missing counters completed as "0 1")
  std::vector<PerftExpectation> expected;  // in file order
  int line = 0;                            // 1-based line where the entry starts
};

// Parses a suite in either form (both may be mixed; blank lines and `#` comments are
// skipped). Fails with kValidationError naming the line of any malformed line.
Result<std::vector<PerftSuiteEntry>> parse_perft_suite(std::string_view text);

// A FEN or EPD position with its move counters completed: 4 fields get " 0 1" appended,
// 5 fields get " 1"; anything else is returned unchanged (the FEN reader judges it).
std::string complete_fen_counters(std::string_view fen);

enum class PerftCheckStatus { kOk, kMismatch, kRejected };

struct PerftCheckResult {
  PerftCheckStatus status = PerftCheckStatus::kOk;
  int depth = 0;               // first mismatching depth (kMismatch)
  std::uint64_t expected = 0;  // its expected count
  std::uint64_t actual = 0;    // the count we computed
  std::string detail;          // FEN error detail (kRejected)
  std::uint64_t nodes = 0;     // total nodes searched for this entry
};

// Reads the entry's FEN (Chess960 if `chess960` or implied by its castling field; with
// Position::from_fen_relaxed when `relaxed`) and compares perft at every expected depth
// <= max_depth; stops at the first mismatch.
PerftCheckResult check_perft_entry(const PerftSuiteEntry& entry, int max_depth,
                                   bool chess960 = false, bool relaxed = false);

}  // namespace corrchess::chess
