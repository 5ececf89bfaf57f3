// `corrchess tb`: probes the Syzygy tablebases (rules.md §3.6) for one position.
// Kept out of main.cpp so the command table there only needs one entry.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace corrchess::cli {

inline constexpr std::string_view kTbSummary =
    "probe the Syzygy endgame tablebases (win/draw/loss and distance to zeroing)";
inline constexpr std::string_view kTbUsage =
    "corrchess tb --fen \"FEN\" [--path DIR[:DIR...]]\n"
    "    prints `wdl <n> (<name>)` for the side to move (2 win, 1 cursed win, 0 draw,\n"
    "    -1 blessed loss, -2 loss) and `dtz <n>` (plies to the next capture or pawn move,\n"
    "    signed like the WDL; `dtz unavailable` when the DTZ table is missing or the position\n"
    "    has castling rights). The halfmove clock is ignored (ICCF: no fifty-move rule with 7\n"
    "    or fewer men). Tables come from --path, else CORRCHESS_SYZYGY_PATH. A FEN may omit\n"
    "    the move counters. Exit 1 when the tables needed are not installed\n";

struct TbOptions {
  std::optional<std::string> fen;
  std::optional<std::string> path;
  std::string error;  // non-empty: a usage error found while parsing the arguments
};

// Runs the command; returns the process exit status (0 ok, 1 table not available, 2 usage
// error or invalid FEN).
int run_tb(const TbOptions& options, std::ostream& out, std::ostream& err);

// Adapter for the command table in main.cpp: reads `--fen` and `--path` through the table's
// argument parser (any type with option and finish) and runs the command on the standard
// streams.
template <class CommandArgs>
int run_tb_command(CommandArgs& args) {
  TbOptions options{args.option("--fen"), args.option("--path"), {}};
  options.error = args.finish();
  return run_tb(options, std::cout, std::cerr);
}

}  // namespace corrchess::cli
