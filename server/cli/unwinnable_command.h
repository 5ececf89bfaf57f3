// `corrchess unwinnable`: who can still checkmate (dead positions, Art. 5.2.2 / 6.7).
// Kept out of main.cpp so the command table there only needs one entry.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace corrchess::cli {

inline constexpr std::string_view kUnwinnableSummary =
    "who can still possibly checkmate (dead-position / flag-fall analysis)";
inline constexpr std::string_view kUnwinnableUsage =
    "corrchess unwinnable [--fen \"FEN\"] [--budget N]\n"
    "    prints `<class> <FEN>`: class is two characters, the first `W` (White can still\n"
    "    checkmate), `-` (cannot) or `?` (undetermined within the budget), the second `B`, `-`\n"
    "    or `?` for Black; `--` is a dead position. Without --fen, reads one FEN per line from\n"
    "    stdin until EOF (blank lines and `#` comments skipped; missing trailing FEN fields\n"
    "    default to `- - 0 1`); invalid FENs are reported on stderr and give exit status 2\n"
    "    at the end. --budget: positions searched per side (default 3000000)\n"
    "corrchess unwinnable --bench FILE [--budget N] [--list]\n"
    "    FILE is a PGN file (every position after a move of every game) or a list of FENs\n"
    "    (one per line; trailing words and a leading two-character label are ignored). Times,\n"
    "    for each position, the per-move fast path (quick_check for both sides), the path\n"
    "    core/game takes (fast path, then the full analysis when it is inconclusive), the\n"
    "    full analysis of both sides, of each side alone and of the side that moved last\n"
    "    (`timeout`: what a flag fall asks); prints positions/s, mean, max and percentiles in\n"
    "    microseconds. --list prints the positions instead, as `FEN white|black` (the side\n"
    "    that moved last), the input of the Chess Unwinnability Analyzer\n";

struct UnwinnableOptions {
  std::optional<std::string> fen;
  std::optional<int> budget;
  std::optional<std::string> bench;  // a PGN file or a FEN list to time
  bool list = false;                 // with bench: print the positions instead of timing
  std::string error;                 // non-empty: a usage error found while parsing the arguments
};

// Runs the command; returns the process exit status (0 ok, 2 usage error or invalid FEN).
int run_unwinnable(const UnwinnableOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& err);

// Adapter for the command table in main.cpp: reads `--fen` and `--budget` through the
// table's argument parser (any type with option, int_option and finish) and runs the command
// on the standard streams.
template <class CommandArgs>
int run_unwinnable_command(CommandArgs& args) {
  UnwinnableOptions options{args.option("--fen"),
                            args.int_option("--budget"),
                            args.option("--bench"),
                            args.flag("--list"),
                            {}};
  options.error = args.finish();
  return run_unwinnable(options, std::cin, std::cout, std::cerr);
}

}  // namespace corrchess::cli
