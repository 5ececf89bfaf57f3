// Syzygy endgame tablebases (rules.md §3.6): the TablebaseOracle the game rules consult for
// tablebase claims, backed by the system's Fathom probe library (libfathom).
//
// Fathom keeps its tables in process-wide state; every probe here takes one process-wide
// lock and (re)loads the instance's path when another path was loaded last. Instances are
// cheap, copyable and thread-safe; a process normally has one.
//
// What the probes promise:
// - The halfmove clock is ignored (probed as if zero): under ICCF the fifty-move rule does not
//   apply with 7 or fewer men. Cursed wins and blessed losses are still reported as such.
// - En passant counts only when the capture is legal.
// - Positions with castling rights (which the tables do not hold) are solved by expanding the
//   legal moves until the rights are gone, bounded by the value of the same position without
//   the rights; when that bounded search cannot prove the value, the probe is unavailable.
// - A missing table, more than 7 men or more men than the installed tables: unavailable
//   (nullopt), never a guess.
#pragma once

#include <optional>
#include <string>

#include "core/chess/position.h"
#include "core/game/game.h"

namespace corrchess::db {

class SyzygyTablebase final : public game::TablebaseOracle {
 public:
  // The most men any Syzygy table holds.
  static constexpr int kMaxMen = 7;
  // The environment variable naming the table directories.
  static constexpr const char* kPathVariable = "CORRCHESS_SYZYGY_PATH";

  // Loads the tables found in `path`: one or more directories separated by ':' (Syzygy's
  // convention). Missing or empty directories give a tablebase where every probe is unavailable.
  explicit SyzygyTablebase(std::string path);
  // The directories named by CORRCHESS_SYZYGY_PATH (no tables when it is unset or empty).
  static SyzygyTablebase from_environment();

  // The path this instance reads, as given.
  const std::string& path() const { return path_; }
  // The largest N such that every table (WDL .rtbw and DTZ .rtbz) of every material
  // combination with 3..N men is present; 0 when not even all 3-man tables are.
  int available_men() const { return available_men_; }
  // The most men of any table the probe library loaded (its TB_LARGEST), 0..7.
  int largest_loaded_men() const { return largest_loaded_men_; }

  // Win/draw/loss for the side to move in `pos` (checkmate: loss, stalemate: draw);
  // nullopt when the tables needed are not installed or the value cannot be proven.
  std::optional<game::Wdl> probe_wdl(const chess::Position& pos) const override;
  // Distance to zeroing in plies (Syzygy DTZ, with the sign of the WDL; 0 for a draw, a
  // checkmate or a stalemate); nullopt when unavailable, including positions with castling rights.
  std::optional<int> probe_dtz(const chess::Position& pos) const override;

 private:
  std::string path_;
  int available_men_ = 0;
  int largest_loaded_men_ = 0;
};

// Syzygy's numeric WDL: -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win.
int wdl_number(game::Wdl wdl);

}  // namespace corrchess::db
