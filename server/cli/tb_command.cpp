#include "server/cli/tb_command.h"

#include <cstdlib>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/chess/position.h"
#include "db/tablebase.h"

namespace corrchess::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitUnavailable = 1;
constexpr int kExitUsage = 2;

// Adds "0 1" move counters to a FEN given without them (EPD style); other FENs are unchanged.
std::string with_counters(const std::string& fen) {
  std::istringstream fields(fen);
  std::vector<std::string> parts;
  for (std::string f; fields >> f;) parts.push_back(f);
  if (parts.size() != 4) return fen;
  return parts[0] + " " + parts[1] + " " + parts[2] + " " + parts[3] + " 0 1";
}

}  // namespace

int run_tb(const TbOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.error.empty()) {
    err << "corrchess tb: " << options.error << "\n";
    return kExitUsage;
  }
  if (!options.fen) {
    err << "corrchess tb: --fen \"FEN\" is required\n";
    return kExitUsage;
  }
  const auto pos = chess::Position::from_fen(with_counters(*options.fen));
  if (!pos) {
    err << "corrchess tb: invalid FEN '" << *options.fen << "': " << pos.error().detail << "\n";
    return kExitUsage;
  }
  std::string path;
  if (options.path) {
    path = *options.path;
  } else if (const char* env = std::getenv(db::SyzygyTablebase::kPathVariable)) {
    path = env;
  }
  if (path.empty()) {
    err << "corrchess tb: no tables: give --path DIR or set " << db::SyzygyTablebase::kPathVariable
        << "\n";
    return kExitUsage;
  }
  const db::SyzygyTablebase tables(path);
  const auto wdl = tables.probe_wdl(*pos);
  if (!wdl) {
    err << "corrchess tb: no answer for this position: " << pos->men_count()
        << " men, complete tables up to " << tables.available_men() << " men in '" << path << "'"
        << (pos->castling_rights() ? " (or the castling rights leave it unproven)" : "") << "\n";
    return kExitUnavailable;
  }
  out << "wdl " << db::wdl_number(*wdl) << " (" << game::to_string(*wdl) << ")\n";
  if (const auto dtz = tables.probe_dtz(*pos)) {
    out << "dtz " << *dtz << "\n";
  } else {
    out << "dtz unavailable\n";
  }
  return kExitOk;
}

}  // namespace corrchess::cli
