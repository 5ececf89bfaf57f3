#include "server/cli/unwinnable_command.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/unwinnable.h"
#include "core/chess/verdict_char.h"

namespace corrchess::cli {
namespace {

using chess::Color;
using chess::Winnability;

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// Completes an EPD-style FEN (placement and side, maybe castling and en passant) with the
// default remaining fields; a full six-field FEN is returned unchanged.
std::string complete_fen(const std::string& fen) {
  static constexpr const char* kDefaults[] = {"-", "-", "0", "1"};
  std::istringstream fields(fen);
  std::vector<std::string> parts;
  for (std::string f; fields >> f;) parts.push_back(f);
  if (parts.size() < 2 || parts.size() >= 6) return fen;
  std::string out = fen;
  for (std::size_t i = parts.size(); i < 6; ++i) out += std::string(" ") + kDefaults[i - 2];
  return out;
}

// Analyses one FEN and prints its line; false (with a message on err) when the FEN is invalid.
bool classify(const std::string& fen, const chess::AnalysisBudget& budget, std::ostream& out,
              std::ostream& err) {
  const auto pos = chess::Position::from_fen_for_analysis(complete_fen(fen));
  if (!pos) {
    err << "corrchess unwinnable: invalid FEN '" << fen << "': " << pos.error().detail << "\n";
    return false;
  }
  const auto white = chess::analyse_winnability(*pos, Color::kWhite, budget);
  const auto black = chess::analyse_winnability(*pos, Color::kBlack, budget);
  out << verdict_char(white.verdict, 'W') << verdict_char(black.verdict, 'B') << ' ' << fen
      << std::endl;
  return true;
}

// Timing of one kind of call over many positions.
struct Timing {
  double total_us = 0;
  double max_us = 0;
  std::uint64_t count = 0;
  std::string worst;
  std::vector<double> samples;

  void add(double us, const chess::Position& pos) {
    samples.push_back(us);
    total_us += us;
    ++count;
    if (us > max_us) {
      max_us = us;
      worst = pos.fen();
    }
  }
  double mean() const { return count ? total_us / static_cast<double>(count) : 0; }
};

template <class F>
double time_us(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
      .count();
}

void print_timing(std::ostream& out, const char* name, const Timing& t) {
  out << std::left << std::setw(10) << name << std::right << std::fixed << std::setprecision(1)
      << " positions " << t.count << "  positions/s "
      << (t.total_us > 0 ? static_cast<double>(t.count) * 1e6 / t.total_us : 0) << "  mean_us "
      << t.mean() << "  max_us " << t.max_us;
  std::vector<double> sorted = t.samples;
  std::sort(sorted.begin(), sorted.end());
  for (const double q : {0.5, 0.9, 0.99})
    if (!sorted.empty())
      out << "  p" << static_cast<int>(q * 100) << "_us "
          << sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))];
  out << "\n";
}

// `--bench FILE.pgn`: replays the games and times, after every move, the fast path, the path
// core/game takes (UnwinnabilityMateOracle: fast path, then the full analysis when the fast
// path is inconclusive, White first and Black only if White cannot mate) and the full
// analysis of both sides.
int run_bench(const std::string& file, const chess::AnalysisBudget& budget, std::ostream& out,
              std::ostream& err) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    err << "corrchess unwinnable: cannot read " << file << "\n";
    return kExitUsage;
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Timing fast, game, full;
  std::uint64_t games = 0, refused = 0, dead = 0, one_side = 0, undetermined = 0;
  chess::PgnReader reader(text);
  while (auto next = reader.next()) {
    if (!*next) {
      ++refused;
      continue;
    }
    ++games;
    chess::Position pos = (*next)->start;
    for (const auto& pm : (*next)->moves) {
      pos.play(pm.move);
      if (pos.count_legal_moves() == 0) continue;  // mate or stalemate: no analysis
      std::array<chess::QuickVerdict, 2> quick{};
      fast.add(time_us([&] {
                 quick[0] = chess::quick_check(pos, Color::kWhite);
                 quick[1] = chess::quick_check(pos, Color::kBlack);
               }),
               pos);
      game.add(time_us([&] {
                 for (Color side : {Color::kWhite, Color::kBlack}) {
                   const auto q = chess::quick_check(pos, side);
                   const bool can = q == chess::QuickVerdict::kWinnable ||
                                    (q == chess::QuickVerdict::kUnknown &&
                                     chess::analyse_winnability(pos, side, budget).verdict !=
                                         Winnability::kUnwinnable);
                   if (can) break;
                 }
               }),
               pos);
      std::array<Winnability, 2> v{};
      full.add(time_us([&] {
                 v[0] = chess::analyse_winnability(pos, Color::kWhite, budget).verdict;
                 v[1] = chess::analyse_winnability(pos, Color::kBlack, budget).verdict;
               }),
               pos);
      const int unwinnable =
          (v[0] == Winnability::kUnwinnable) + (v[1] == Winnability::kUnwinnable);
      if (unwinnable == 2) ++dead;
      if (unwinnable == 1) ++one_side;
      if (v[0] == Winnability::kUndetermined || v[1] == Winnability::kUndetermined) {
        ++undetermined;
        out << "undetermined: " << pos.fen() << "\n";
      }
    }
  }
  out << "games " << games << " (refused " << refused << ")  dead positions " << dead
      << "  one side unwinnable " << one_side << "  undetermined " << undetermined << "\n";
  print_timing(out, "fast", fast);
  print_timing(out, "game-path", game);
  print_timing(out, "full", full);
  out << "ratio full/fast (mean) " << std::setprecision(1)
      << (fast.mean() > 0 ? full.mean() / fast.mean() : 0) << "x\n";
  out << "slowest full analysis (" << full.max_us << " us): " << full.worst << "\n";
  out << std::flush;
  return kExitOk;
}

}  // namespace

int run_unwinnable(const UnwinnableOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& err) {
  if (!options.error.empty()) {
    err << "corrchess unwinnable: " << options.error << "\n";
    return kExitUsage;
  }
  chess::AnalysisBudget budget;
  if (options.budget) {
    if (*options.budget <= 0) {
      err << "corrchess unwinnable: --budget must be positive\n";
      return kExitUsage;
    }
    budget.max_nodes = static_cast<std::uint64_t>(*options.budget);
  }
  if (options.bench) {
    if (options.fen) {
      err << "corrchess unwinnable: --bench does not combine with --fen\n";
      return kExitUsage;
    }
    return run_bench(*options.bench, budget, out, err);
  }
  if (options.fen) return classify(trim(*options.fen), budget, out, err) ? kExitOk : kExitUsage;
  bool all_valid = true;
  for (std::string line; std::getline(in, line);) {
    const std::string fen = trim(line);
    if (fen.empty() || fen.front() == '#') continue;
    all_valid = classify(fen, budget, out, err) && all_valid;
  }
  return all_valid ? kExitOk : kExitUsage;
}

}  // namespace corrchess::cli
