// The oracles a game's replay asks (game.h): whether a side can still mate (dead positions,
// flag falls on time) and what a tablebase says (claims). Interfaces, the narrow defaults, and
// the full dead-position analysis with its thread-safe memory of answers: the only part of
// the rules that holds state, kept apart from the pure rules in game.h.
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/chess/unwinnable.h"

namespace corrchess::game {

using chess::Color;

// "Can side X still checkmate by some sequence of legal moves?" Implementations must be
// SOUND: answer false only when mate is surely impossible for that side.
class MateOracle {
 public:
  virtual ~MateOracle() = default;
  // False only when `side` can never checkmate from `pos`, whoever is to move.
  virtual bool can_mate(const chess::Position& pos, Color side) const = 0;
  // The three-valued answer behind can_mate, for the director's evidence (evidence.h):
  // kUnwinnable only with a proof, kWinnable only with a helpmate found, else kUndetermined.
  // The default knows only what can_mate says: unwinnable or undetermined.
  virtual chess::Winnability winnability(const chess::Position& pos, Color side) const {
    return can_mate(pos, side) ? chess::Winnability::kUndetermined
                               : chess::Winnability::kUnwinnable;
  }
};

// The default oracle: a side cannot mate only with a bare king, or when the whole board is
// insufficient material (Position::is_insufficient_material). Sound, deliberately narrow.
class MaterialMateOracle final : public MateOracle {
 public:
  bool can_mate(const chess::Position& pos, Color side) const override;
};

// The full dead-position analysis (core/chess/unwinnable.h): the fast path first, then the
// bounded search; an undetermined analysis answers "can mate" (a live game is never ended
// on a guess). Deterministic for a given budget. Thread-safe; remembers recent answers by
// position key, since every request replays a game up to its current position. A position
// and side asked by several threads at once is analysed once: the others wait for that
// answer (the games of an event that opens alike reach the same new positions together).
class UnwinnabilityMateOracle final : public MateOracle {
 public:
  explicit UnwinnabilityMateOracle(chess::AnalysisBudget budget = {}) : budget_(budget) {}
  bool can_mate(const chess::Position& pos, Color side) const override;
  chess::Winnability winnability(const chess::Position& pos, Color side) const override;
  // How many analyses have run (answers not found in the memory): for metrics and tests.
  std::uint64_t analyses() const;

 private:
  static constexpr std::size_t kCacheLimit = 1 << 16;  // entries; cleared when full
  chess::AnalysisBudget budget_;
  mutable std::mutex mutex_;
  mutable std::condition_variable answered_;  // an analysis in flight has finished
  // Position key -> answer per colour (-1: not asked yet, else a chess::Winnability).
  mutable std::unordered_map<std::uint64_t, std::array<std::int8_t, 2>> cache_;
  // The analyses running now: position key and colour index.
  mutable std::set<std::pair<std::uint64_t, std::size_t>> in_flight_;
  mutable std::uint64_t analyses_ = 0;
};

// Tablebase WDL from the side to move's point of view. Cursed wins and blessed losses are
// kept distinct by the table; the claim rules (§3.6) count them as wins and losses.
enum class Wdl { kLoss, kBlessedLoss, kDraw, kCursedWin, kWin };

std::string_view to_string(Wdl wdl);  // "loss", "blessed_loss", "draw", "cursed_win", "win"

class TablebaseOracle {
 public:
  virtual ~TablebaseOracle() = default;
  // WDL of `pos` for the side to move; nullopt when the needed table is not installed.
  virtual std::optional<Wdl> probe_wdl(const chess::Position& pos) const = 0;
  // Distance to zeroing in plies with the WDL's sign (0 for a draw); nullopt when the table
  // is not installed. Shown as evidence only, never used for a verdict.
  virtual std::optional<int> probe_dtz(const chess::Position&) const { return std::nullopt; }
};

// No tables installed: every probe is unavailable.
class NoTablebase final : public TablebaseOracle {
 public:
  std::optional<Wdl> probe_wdl(const chess::Position&) const override { return std::nullopt; }
};

// The oracles a replay uses; null pointers mean the defaults above. Not owned: they must
// outlive every Game that uses them.
struct Oracles {
  const MateOracle* mate = nullptr;
  const TablebaseOracle* tablebase = nullptr;
  // The deeper analysis behind the director's evidence (evidence.h), asked for a few
  // positions on demand rather than after every move; null: the mate oracle.
  const MateOracle* evidence = nullptr;

  const MateOracle& mate_oracle() const;
  const TablebaseOracle& tablebase_oracle() const;
  const MateOracle& evidence_oracle() const;
};

}  // namespace corrchess::game
