// corrchess: the command-line tool. `corrchess <command> [options]`; each command is one
// entry in kCommands (name, one-line summary, usage text, run function). To add a command
// (unwinnable, tb, pgn, ...), write a `int run_x(Args&)` and add a row to the table.
//
// Exit codes: 0 success, 1 the command ran and found a problem (e.g. perft mismatches),
// 2 usage error, unreadable file or invalid input.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/perft.h"
#include "core/chess/perft_suite.h"
#include "core/chess/position.h"
#include "server/cli/tb_command.h"
#include "server/cli/unwinnable_command.h"

namespace {

using corrchess::chess::Move;
using corrchess::chess::MoveKind;
using corrchess::chess::Position;

constexpr int kExitOk = 0;
constexpr int kExitProblem = 1;
constexpr int kExitUsage = 2;

// Command-line arguments after the command name: `--name value` options and `--flag`s.
class Args {
 public:
  explicit Args(std::vector<std::string> args) : args_(std::move(args)) {}

  // Removes `--name` and returns true if present.
  bool flag(std::string_view name) {
    const auto it = std::find(args_.begin(), args_.end(), name);
    if (it == args_.end()) return false;
    args_.erase(it);
    return true;
  }
  // Removes `--name VALUE` and returns VALUE; nullopt when absent. Sets error_ when the value
  // is missing.
  std::optional<std::string> option(std::string_view name) {
    const auto it = std::find(args_.begin(), args_.end(), name);
    if (it == args_.end()) return std::nullopt;
    if (it + 1 == args_.end()) {
      error_ = std::string(name) + " needs a value";
      args_.erase(it);
      return std::nullopt;
    }
    std::string value = *(it + 1);
    args_.erase(it, it + 2);
    return value;
  }
  // Like option(), parsed as a non-negative integer; sets error_ when malformed.
  std::optional<int> int_option(std::string_view name) {
    const auto value = option(name);
    if (!value) return std::nullopt;
    try {
      std::size_t used = 0;
      const int n = std::stoi(*value, &used);
      if (used == value->size() && n >= 0) return n;
    } catch (const std::exception&) {
    }
    error_ = std::string(name) + " needs a non-negative integer, got '" + *value + "'";
    return std::nullopt;
  }
  // Empty when everything was understood; else a message naming the problem.
  std::string finish() const {
    if (!error_.empty()) return error_;
    if (!args_.empty()) return "unexpected argument '" + args_.front() + "'";
    return {};
  }

 private:
  std::vector<std::string> args_;
  std::string error_;
};

struct Command {
  std::string_view name;
  std::string_view summary;
  std::string_view usage;
  int (*run)(Args& args);
};

// UCI text of a legal move of pos: standard castling as the king's two-square move,
// Chess960 castling as king-takes-rook.
std::string uci(const Position& pos, Move m) {
  using corrchess::chess::make_square;
  using corrchess::chess::rank_of;
  using corrchess::chess::square_name;
  auto to = m.to();
  if (m.kind() == MoveKind::kCastling && !pos.is_chess960())
    to = make_square(to > m.from() ? 6 : 2, rank_of(m.from()));
  std::string s = square_name(m.from()) + square_name(to);
  if (m.kind() == MoveKind::kPromotion) s += "  nbrq"[corrchess::chess::index(m.promotion()) - 1];
  return s;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report_speed(std::uint64_t nodes, double seconds) {
  std::fprintf(stderr, "time %.3f s, %.0f nodes/s\n", seconds,
               seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
}

int run_perft_suite(const std::string& path, int max_depth, bool chess960, bool relaxed) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "corrchess perft: cannot read " << path << "\n";
    return kExitUsage;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const auto suite = corrchess::chess::parse_perft_suite(buffer.str());
  if (!suite) {
    std::cerr << "corrchess perft: " << path << ": " << suite.error().detail << "\n";
    return kExitUsage;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  int mismatches = 0;
  int rejected = 0;
  for (const auto& entry : *suite) {
    const auto r = corrchess::chess::check_perft_entry(entry, max_depth, chess960, relaxed);
    nodes += r.nodes;
    switch (r.status) {
      case corrchess::chess::PerftCheckStatus::kOk: break;
      case corrchess::chess::PerftCheckStatus::kMismatch:
        ++mismatches;
        std::cout << "mismatch " << entry.id << " depth " << r.depth << " expected " << r.expected
                  << " got " << r.actual << " fen " << entry.fen << "\n";
        break;
      case corrchess::chess::PerftCheckStatus::kRejected:
        ++rejected;
        std::cout << "rejected " << entry.id << " (illegal position: " << r.detail << ") fen "
                  << entry.fen << "\n";
        break;
    }
  }
  std::cout << "rejected " << rejected << "\n";
  std::cout << "positions " << suite->size() << " mismatches " << mismatches << std::endl;
  report_speed(nodes, seconds_since(start));
  return mismatches ? kExitProblem : kExitOk;
}

int run_perft(Args& args) {
  const auto depth = args.int_option("--depth");
  const auto fen = args.option("--fen");
  const auto epd = args.option("--epd");
  const auto max_depth = args.int_option("--max-depth");
  const bool chess960 = args.flag("--chess960");
  const bool divide = args.flag("--divide");
  const bool relaxed = args.flag("--relaxed");
  if (const auto err = args.finish(); !err.empty()) {
    std::cerr << "corrchess perft: " << err << "\n";
    return kExitUsage;
  }
  if (epd) {
    if (depth || fen || divide) {
      std::cerr << "corrchess perft: --epd does not combine with --depth, --fen or --divide\n";
      return kExitUsage;
    }
    return run_perft_suite(*epd, max_depth.value_or(1000), chess960, relaxed);
  }
  if (!depth) {
    std::cerr << "corrchess perft: --depth N (or --epd FILE) is required\n";
    return kExitUsage;
  }
  auto pos = !fen      ? corrchess::Result<Position>(Position::startpos())
             : relaxed ? Position::from_fen_relaxed(*fen, chess960)
                       : Position::from_fen(*fen, chess960);
  if (!pos) {
    std::cerr << "corrchess perft: invalid FEN: " << pos.error().detail << "\n";
    return kExitUsage;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (divide && *depth > 0) {
    std::vector<std::pair<std::string, std::uint64_t>> lines;
    for (const auto& e : corrchess::chess::perft_divide(*pos, *depth)) {
      lines.emplace_back(uci(*pos, e.move), e.nodes);
      nodes += e.nodes;
    }
    std::sort(lines.begin(), lines.end());
    for (const auto& [move, n] : lines) std::cout << move << ": " << n << "\n";
  } else {
    nodes = corrchess::chess::perft(*pos, *depth);
  }
  std::cout << "nodes " << nodes << std::endl;
  report_speed(nodes, seconds_since(start));
  return kExitOk;
}

int run_help(Args& args);

constexpr Command kCommands[] = {
    {"perft", "count leaf nodes of the legal-move tree (move-generator check and benchmark)",
     "corrchess perft --depth N [--fen \"FEN\"] [--chess960] [--divide] [--relaxed]\n"
     "    prints `move: nodes` lines (UCI, sorted) with --divide, then `nodes <N>`\n"
     "corrchess perft --epd FILE [--max-depth N] [--chess960] [--relaxed]\n"
     "    runs a suite (`FEN ;D1 n ;D2 n` lines or `id`/`epd`/`perft d n` blocks); prints\n"
     "    `mismatch ...` per wrong count, `rejected ...` per illegal FEN, then `rejected <R>`\n"
     "    and finally `positions <P> mismatches <M>`; exit 1 on mismatches (rejected FENs are\n"
     "    reported but are not failures)\n"
     "--relaxed reads FENs with Position::from_fen_relaxed: positions impossible only by\n"
     "    history (impossible checks, castling rights no start array allows) are searched\n",
     run_perft},
    {"unwinnable", corrchess::cli::kUnwinnableSummary, corrchess::cli::kUnwinnableUsage,
     corrchess::cli::run_unwinnable_command<Args>},
    {"tb", corrchess::cli::kTbSummary, corrchess::cli::kTbUsage,
     corrchess::cli::run_tb_command<Args>},
    {"help", "show the commands, or one command's usage", "corrchess help [COMMAND]\n", run_help},
};

void print_overview(std::ostream& out) {
  out << "usage: corrchess <command> [options]\n\ncommands:\n";
  for (const auto& c : kCommands) out << "  " << c.name << "  " << c.summary << "\n";
}

int run_help(Args& args) {
  (void)args;
  print_overview(std::cout);
  std::cout << "\n";
  for (const auto& c : kCommands) std::cout << c.usage;
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_overview(std::cerr);
    return kExitUsage;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h") {
    print_overview(std::cout);
    return kExitOk;
  }
  for (const auto& c : kCommands) {
    if (c.name != name) continue;
    std::vector<std::string> rest(argv + 2, argv + argc);
    if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
      std::cout << c.usage;
      return kExitOk;
    }
    Args args(std::move(rest));
    return c.run(args);
  }
  std::cerr << "corrchess: unknown command '" << name << "'\n";
  print_overview(std::cerr);
  return kExitUsage;
}
