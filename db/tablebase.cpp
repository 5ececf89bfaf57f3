#include "db/tablebase.h"

#include <tbprobe.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

namespace corrchess::db {
namespace {

using chess::Bitboard;
using chess::Color;
using chess::PieceType;
using chess::Position;
using game::Wdl;

// Fathom's tables and TB_LARGEST are process-wide: every call into Fathom holds
// fathom_mutex(), and loaded_path() says which path Fathom has loaded (nullopt: none yet).
std::mutex& fathom_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::optional<std::string>& loaded_path() {
  static std::optional<std::string> path;
  return path;
}

// Makes Fathom hold the tables of `path`; returns its TB_LARGEST (0 when loading failed).
// The caller holds fathom_mutex().
int load_locked(const std::string& path) {
  auto& loaded = loaded_path();
  if (!loaded || *loaded != path) {
    if (!tb_init(path.c_str())) {
      tb_init("");  // leaves Fathom with no tables rather than a half-loaded set
      loaded = std::string();
      return path.empty() ? static_cast<int>(TB_LARGEST) : 0;
    }
    loaded = path;
  }
  return static_cast<int>(TB_LARGEST);
}

// ---- table files on disk ----

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> dirs;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find(':', start), path.size());
    if (end > start) dirs.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return dirs;
}

// The names of the regular files in the directories of `path` (unreadable ones are skipped).
std::set<std::string> files_in(const std::string& path) {
  std::set<std::string> names;
  for (const auto& dir : split_path(path)) {
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) continue;
    for (const std::filesystem::directory_iterator end; it != end; it.increment(ec)) {
      if (ec) break;
      names.insert(it->path().filename().string());
    }
  }
  return names;
}

constexpr std::string_view kPieceLetters = "QRBNP";  // Syzygy's order within a side

// Every multiset of `count` non-king pieces, as letters in Syzygy's order.
void piece_sets(int count, std::size_t first, std::string& prefix, std::vector<std::string>& out) {
  if (count == 0) {
    out.push_back(prefix);
    return;
  }
  for (std::size_t i = first; i < kPieceLetters.size(); ++i) {
    prefix.push_back(kPieceLetters[i]);
    piece_sets(count - 1, i, prefix, out);
    prefix.pop_back();
  }
}

std::vector<std::string> piece_sets(int count) {
  std::vector<std::string> out;
  std::string prefix;
  piece_sets(count, 0, prefix, out);
  return out;
}

// Both files of the table for one side's pieces against the other's, under either name
// (Syzygy names the stronger side first).
bool has_table(const std::set<std::string>& files, const std::string& one,
               const std::string& other) {
  const auto complete = [&](const std::string& stem) {
    return files.contains(stem + ".rtbw") && files.contains(stem + ".rtbz");
  };
  return complete("K" + one + "vK" + other) || complete("K" + other + "vK" + one);
}

bool all_tables_with(const std::set<std::string>& files, int men) {
  const int pieces = men - 2;
  for (int first = 0; first <= pieces; ++first) {
    for (const auto& one : piece_sets(first)) {
      for (const auto& other : piece_sets(pieces - first)) {
        if (!has_table(files, one, other)) return false;
      }
    }
  }
  return true;
}

int complete_men(const std::set<std::string>& files) {
  int men = 0;
  for (int n = 3; n <= SyzygyTablebase::kMaxMen && all_tables_with(files, n); ++n) men = n;
  return men;
}

bool has_any_table(const std::set<std::string>& files) {
  return std::any_of(files.begin(), files.end(), [](const std::string& name) {
    return name.ends_with(".rtbw") || name.ends_with(".rtbz");
  });
}

// ---- probing ----

// Known bounds on a position's value, in Syzygy numbers (-2 loss .. 2 win) for the side to
// move. {-2, 2} says nothing; lo == hi is an exact value.
struct Bounds {
  int lo = -2;
  int hi = 2;
  bool exact() const { return lo == hi; }
};

constexpr Bounds kUnknown{-2, 2};

// A position without castling rights as Fathom's arguments. The en-passant square is passed
// only when the capture is legal.
struct FathomBoard {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned ep;
  bool white_to_move;
};

FathomBoard fathom_board(const Position& pos) {
  return {pos.pieces(Color::kWhite),
          pos.pieces(Color::kBlack),
          pos.pieces(PieceType::kKing),
          pos.pieces(PieceType::kQueen),
          pos.pieces(PieceType::kRook),
          pos.pieces(PieceType::kBishop),
          pos.pieces(PieceType::kKnight),
          pos.pieces(PieceType::kPawn),
          pos.has_legal_en_passant() ? static_cast<unsigned>(pos.ep_square()) : 0U,
          pos.side_to_move() == Color::kWhite};
}

// WDL with a zero halfmove clock; nullopt when a table is missing. Caller holds the lock.
std::optional<int> fathom_wdl(const FathomBoard& b) {
  const unsigned r = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                  b.knights, b.pawns, 0, 0, b.ep, b.white_to_move);
  if (r == TB_RESULT_FAILED) return std::nullopt;
  return static_cast<int>(r) - 2;
}

struct DtzProbe {
  int wdl = 0;  // for the given halfmove clock
  int dtz = 0;  // signed like the WDL
};

// DTZ root probe of a position that has legal moves; nullopt when a table is missing.
// Fathom's root probe is not thread-safe: the caller holds the lock.
std::optional<DtzProbe> fathom_dtz(const FathomBoard& b, unsigned halfmove_clock) {
  const unsigned r =
      tb_probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                    halfmove_clock, 0, b.ep, b.white_to_move, nullptr);
  if (r == TB_RESULT_FAILED || r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE)
    return std::nullopt;
  const int wdl = static_cast<int>(TB_GET_WDL(r)) - 2;
  const int distance = static_cast<int>(TB_GET_DTZ(r));
  return DtzProbe{wdl, wdl > 0 ? distance : wdl < 0 ? -distance : 0};
}

// The position with the castling rights of `side` removed; nullopt if it cannot be rebuilt.
// FEN castling letters (X-FEN or Shredder-FEN) are upper case for White, lower case for Black.
std::optional<Position> without_castling(const Position& pos, Color side) {
  std::istringstream in(pos.fen());
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() != 6) return std::nullopt;
  std::string rights;
  for (const char c : fields[2]) {
    const bool white = c >= 'A' && c <= 'Z';
    if (c != '-' && white != (side == Color::kWhite)) rights.push_back(c);
  }
  fields[2] = rights.empty() ? std::string(1, '-') : rights;
  std::string fen;
  for (const auto& f : fields) fen += (fen.empty() ? "" : " ") + f;
  auto stripped = Position::from_fen(fen, pos.is_chess960());
  if (!stripped) return std::nullopt;
  return *stripped;
}

std::uint8_t rights_of(const Position& pos, Color side) {
  const std::uint8_t mask = side == Color::kWhite
                                ? (chess::kWhiteKingSide | chess::kWhiteQueenSide)
                                : (chess::kBlackKingSide | chess::kBlackQueenSide);
  return pos.castling_rights() & mask;
}

// Nodes a castling-rights search may expand before it settles for the bounds it has.
constexpr int kCastlingNodeBudget = 20000;
// Deepest expansion (plies while castling rights remain) the search tries.
constexpr int kCastlingMaxDepth = 4;

// Values positions for the side to move, with `clock` plies already on the fifty-move count
// (the root counts as zero). Positions without castling rights are probed; positions with
// them are expanded move by move, bounded by monotonicity: a castling right never hurts its
// holder, so the position without the mover's rights is a lower bound and the position
// without the opponent's rights an upper bound. Caller holds the lock.
class Solver {
 public:
  Bounds solve(const Position& pos, int clock, int depth) {
    const auto moves = pos.legal_moves();
    if (moves.empty()) return pos.in_check() ? Bounds{-2, -2} : Bounds{0, 0};
    if (pos.castling_rights() == 0) return probe(pos, clock);

    Bounds bound;
    const Color us = pos.side_to_move();
    for (const Color holder : {us, ~us}) {
      if (rights_of(pos, holder) == 0) continue;
      const auto stripped = without_castling(pos, holder);
      if (!stripped) return kUnknown;
      const Bounds b = solve(*stripped, clock, depth);
      if (holder == us) bound.lo = std::max(bound.lo, b.lo);
      if (holder != us) bound.hi = std::min(bound.hi, b.hi);
    }
    if (bound.lo >= bound.hi || depth == 0 || nodes_left_ <= 0) return bound;

    Bounds best{-2, -2};
    for (const auto m : moves) {
      --nodes_left_;
      const int child_clock = pos.is_zeroing(m) ? 0 : clock + 1;
      const Bounds child = solve(pos.after(m), child_clock, depth - 1);
      best.lo = std::max(best.lo, -child.hi);
      best.hi = std::max(best.hi, -child.lo);
      if (best.lo >= bound.hi) break;  // nothing better is possible
    }
    return {std::max(best.lo, bound.lo), std::min(best.hi, bound.hi)};
  }

  bool budget_left() const { return nodes_left_ > 0; }

 private:
  // A position without castling rights and with legal moves.
  static Bounds probe(const Position& pos, int clock) {
    const auto board = fathom_board(pos);
    const auto wdl = fathom_wdl(board);
    if (!wdl) return kUnknown;
    if (clock == 0 || (*wdl != 2 && *wdl != -2)) return {*wdl, *wdl};
    // Plies already counted may push the zeroing move past the fifty moves: the DTZ says.
    const auto dtz = fathom_dtz(board, static_cast<unsigned>(std::min(clock, 100)));
    if (!dtz) return *wdl > 0 ? Bounds{1, 2} : Bounds{-2, -1};
    return {dtz->wdl, dtz->wdl};
  }

  int nodes_left_ = kCastlingNodeBudget;
};

Wdl wdl_of(int number) {
  switch (number) {
    case -2: return Wdl::kLoss;
    case -1: return Wdl::kBlessedLoss;
    case 1: return Wdl::kCursedWin;
    case 2: return Wdl::kWin;
    default: return Wdl::kDraw;
  }
}

}  // namespace

int wdl_number(Wdl wdl) {
  switch (wdl) {
    case Wdl::kLoss: return -2;
    case Wdl::kBlessedLoss: return -1;
    case Wdl::kDraw: return 0;
    case Wdl::kCursedWin: return 1;
    case Wdl::kWin: return 2;
  }
  return 0;
}

SyzygyTablebase::SyzygyTablebase(std::string path) : path_(std::move(path)) {
  const auto files = files_in(path_);
  available_men_ = complete_men(files);
  // Without any table file Fathom is left alone: every probe is unavailable anyway.
  if (!has_any_table(files)) return;
  const std::lock_guard lock(fathom_mutex());
  largest_loaded_men_ = std::min(load_locked(path_), kMaxMen);
}

SyzygyTablebase SyzygyTablebase::from_environment() {
  const char* path = std::getenv(kPathVariable);
  return SyzygyTablebase(path ? path : "");
}

std::optional<Wdl> SyzygyTablebase::probe_wdl(const Position& pos) const {
  if (pos.men_count() > std::min(largest_loaded_men_, kMaxMen)) return std::nullopt;
  const std::lock_guard lock(fathom_mutex());
  if (load_locked(path_) < pos.men_count()) return std::nullopt;
  Solver solver;
  Bounds value = solver.solve(pos, 0, 0);
  for (int depth = 1; !value.exact() && pos.castling_rights() != 0 && depth <= kCastlingMaxDepth &&
                      solver.budget_left();
       ++depth) {
    value = solver.solve(pos, 0, depth);
  }
  if (value.lo > value.hi) return std::nullopt;  // inconsistent tables: never guess
  if (value.exact()) return wdl_of(value.lo);
  // Proven a win (or a loss) but not whether the fifty-move rule would save the loser: say
  // so the cautious way (cursed win, blessed loss). The claim rules treat both alike.
  if (value.lo > 0) return wdl_of(value.lo);
  if (value.hi < 0) return wdl_of(value.hi);
  return std::nullopt;
}

std::optional<int> SyzygyTablebase::probe_dtz(const Position& pos) const {
  if (pos.castling_rights() != 0) return std::nullopt;
  if (pos.men_count() > std::min(largest_loaded_men_, kMaxMen)) return std::nullopt;
  if (pos.count_legal_moves() == 0) return 0;
  const std::lock_guard lock(fathom_mutex());
  if (load_locked(path_) < pos.men_count()) return std::nullopt;
  const auto dtz = fathom_dtz(fathom_board(pos), 0);
  if (!dtz) return std::nullopt;
  return dtz->dtz;
}

}  // namespace corrchess::db
