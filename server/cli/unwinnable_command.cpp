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

// The positions a bench runs over: from a PGN file, every position after a move of every
// game (mates and stalemates left out); from any other file, one FEN per line (EPD-style
// FENs completed, trailing words such as a game id ignored, a leading two-character label
// as in tests/data/unwinnability/*.txt skipped, blank lines and `#` comments skipped).
struct BenchPositions {
  std::vector<chess::Position> positions;
  std::uint64_t games = 0, refused = 0;
  bool from_games = false;
};

bool is_label(const std::string& word) {
  return word.size() == 2 && (word[0] == 'W' || word[0] == '-' || word[0] == '?') &&
         (word[1] == 'B' || word[1] == '-' || word[1] == '?');
}

bool is_number(const std::string& word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The FEN part of a line of a position list (see BenchPositions); empty for none.
std::string fen_of_line(const std::string& line) {
  std::istringstream words(line);
  std::vector<std::string> w;
  for (std::string word; words >> word;) w.push_back(word);
  if (!w.empty() && is_label(w.front())) w.erase(w.begin());
  if (w.empty() || w.front().front() == '#') return {};
  std::size_t fields = std::min<std::size_t>(w.size(), 4);
  if (w.size() >= 6 && is_number(w[4]) && is_number(w[5])) fields = 6;
  std::string fen;
  for (std::size_t i = 0; i < fields; ++i) fen += (i ? " " : "") + w[i];
  return complete_fen(fen);
}

bool read_bench_positions(const std::string& file, BenchPositions& out, std::ostream& err) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    err << "corrchess unwinnable: cannot read " << file << "\n";
    return false;
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  out.from_games = file.size() >= 4 && file.compare(file.size() - 4, 4, ".pgn") == 0;
  if (!out.from_games) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      const std::string fen = fen_of_line(line);
      if (fen.empty()) continue;
      const auto pos = chess::Position::from_fen_for_analysis(fen);
      if (!pos) {
        err << "corrchess unwinnable: invalid FEN '" << fen << "': " << pos.error().detail << "\n";
        return false;
      }
      out.positions.push_back(*pos);
    }
    return true;
  }
  chess::PgnReader reader(text);
  while (auto next = reader.next()) {
    if (!*next) {
      ++out.refused;
      continue;
    }
    ++out.games;
    chess::Position pos = (*next)->start;
    for (const auto& pm : (*next)->moves) {
      pos.play(pm.move);
      if (pos.count_legal_moves() == 0) continue;  // mate or stalemate: no analysis
      out.positions.push_back(pos);
    }
  }
  return true;
}

// `--bench FILE --list`: each position with the side that moved last (the one a flag fall of
// the side to move would ask about), one per line as `FEN white|black`: the input format of
// the Chess Unwinnability Analyzer (CHA), to time it on the same positions.
int list_positions(const BenchPositions& set, std::ostream& out) {
  for (const auto& pos : set.positions)
    out << pos.fen() << (pos.side_to_move() == Color::kWhite ? " black" : " white") << "\n";
  out << std::flush;
  return kExitOk;
}

// `--bench FILE`: times, for each position, the fast path (quick_check for both sides), the
// path core/game takes (UnwinnabilityMateOracle: fast path, then the full analysis when the
// fast path is inconclusive, White first and Black only if White cannot mate), the full
// analysis of both sides (`full`), of each side alone (`side`: two samples per position) and
// of the side that moved last only (`timeout`: the question a flag fall of the side to move
// asks).
int run_bench(const std::string& file, bool list, const chess::AnalysisBudget& budget,
              std::ostream& out, std::ostream& err) {
  BenchPositions set;
  if (!read_bench_positions(file, set, err)) return kExitUsage;
  if (list) return list_positions(set, out);
  Timing fast, game, full, side, timeout;
  std::uint64_t dead = 0, one_side = 0, undetermined = 0, timeout_unwinnable = 0;
  for (const auto& pos : set.positions) {
    std::array<chess::QuickVerdict, 2> quick{};
    fast.add(time_us([&] {
               quick[0] = chess::quick_check(pos, Color::kWhite);
               quick[1] = chess::quick_check(pos, Color::kBlack);
             }),
             pos);
    game.add(time_us([&] {
               for (Color c : {Color::kWhite, Color::kBlack}) {
                 const auto q = chess::quick_check(pos, c);
                 const bool can = q == chess::QuickVerdict::kWinnable ||
                                  (q == chess::QuickVerdict::kUnknown &&
                                   chess::analyse_winnability(pos, c, budget).verdict !=
                                       Winnability::kUnwinnable);
                 if (can) break;
               }
             }),
             pos);
    std::array<Winnability, 2> v{};
    std::array<double, 2> us{};
    for (Color c : {Color::kWhite, Color::kBlack}) {
      const std::size_t i = c == Color::kWhite ? 0 : 1;
      us[i] = time_us([&] { v[i] = chess::analyse_winnability(pos, c, budget).verdict; });
      side.add(us[i], pos);
    }
    full.add(us[0] + us[1], pos);
    const std::size_t last_mover = pos.side_to_move() == Color::kWhite ? 1 : 0;
    timeout.add(us[last_mover], pos);
    if (v[last_mover] == Winnability::kUnwinnable) ++timeout_unwinnable;
    const int unwinnable = (v[0] == Winnability::kUnwinnable) + (v[1] == Winnability::kUnwinnable);
    if (unwinnable == 2) ++dead;
    if (unwinnable == 1) ++one_side;
    if (v[0] == Winnability::kUndetermined || v[1] == Winnability::kUndetermined) {
      ++undetermined;
      out << "undetermined: " << pos.fen() << "\n";
    }
  }
  if (set.from_games) out << "games " << set.games << " (refused " << set.refused << ")  ";
  out << "positions " << set.positions.size() << "  dead positions " << dead
      << "  one side unwinnable " << one_side << "  undetermined " << undetermined
      << "  last mover unwinnable " << timeout_unwinnable << "\n";
  print_timing(out, "fast", fast);
  print_timing(out, "game-path", game);
  print_timing(out, "full", full);
  print_timing(out, "side", side);
  print_timing(out, "timeout", timeout);
  out << "ratio full/fast (mean) " << std::setprecision(1)
      << (fast.mean() > 0 ? full.mean() / fast.mean() : 0) << "x\n";
  out << "slowest full analysis (" << full.max_us << " us): " << full.worst << "\n";
  out << "slowest one-side analysis (" << side.max_us << " us): " << side.worst << "\n";
  std::vector<std::size_t> order(set.positions.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::size_t shown = std::min<std::size_t>(order.size(), 10);
  std::partial_sort(
      order.begin(), order.begin() + shown, order.end(),
      [&](std::size_t a, std::size_t b) { return timeout.samples[a] > timeout.samples[b]; });
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& pos = set.positions[order[i]];
    out << "slow timeout: " << timeout.samples[order[i]] << " us " << pos.fen()
        << (pos.side_to_move() == Color::kWhite ? " black" : " white") << "\n";
  }
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
    return run_bench(*options.bench, options.list, budget, out, err);
  }
  if (options.list) {
    err << "corrchess unwinnable: --list needs --bench\n";
    return kExitUsage;
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
