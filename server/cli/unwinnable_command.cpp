#include "server/cli/unwinnable_command.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/unwinnable.h"

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

char verdict_char(Winnability w, char can) {
  switch (w) {
    case Winnability::kWinnable: return can;
    case Winnability::kUnwinnable: return '-';
    case Winnability::kUndetermined: return '?';
  }
  return '?';
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
