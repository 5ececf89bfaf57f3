// Helpers shared by the tests: paths and the throwaway database of scripts/test.
#pragma once

#include <sys/types.h>

#include <string>

namespace corrchess::testing {

// The test data folder: $CORRCHESS_DATA_DIR, else the source tree's tests/data.
std::string data_dir();
// build/bin (where corrchess and corrchess-server are).
std::string bin_dir();
// The root of the source tree (where README.md, docs/ and scripts/ are).
std::string source_dir();
// libpq connection string of the throwaway cluster's maintenance database
// (CORRCHESS_TEST_DATABASE_URL, set by scripts/test). Fails the test if unset.
std::string test_database_url();
// The migrated template database on that cluster that scripts/test made
// (CORRCHESS_TEST_TEMPLATE_DATABASE), or "" when there is none.
std::string test_template_database();
// An EPD-style FEN (placement and side, maybe castling and en passant) completed to six
// fields with "- - 0 1" defaults; a six-field FEN comes back unchanged.
std::string complete_epd(const std::string& fen);

// What a shell command printed (standard output, plus whatever it redirected there) and
// its exit code (-1 when it did not exit normally).
struct CommandRun {
  int exit_code = -1;
  std::string out;
};
CommandRun run_command(const std::string& shell_command);

// Ends the child process `pid` started (when it is > 0): sends it `signal`, waits for it and
// sets `pid` to -1. Its exit status (-1 when it did not exit normally or there was none).
int end_child(pid_t& pid, int signal);

// `text` as one single-quoted word for /bin/sh.
std::string shell_quote(const std::string& text);

}  // namespace corrchess::testing
