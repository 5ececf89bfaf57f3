#include "core/game/snapshot.h"

#include <algorithm>
#include <utility>

namespace corrchess::game {

GameFacts windowed_facts(GameFacts facts, const ReplayWindow& window) {
  if (window.ply <= 0) {
    facts.window.reset();
    return facts;
  }
  for (MoveFact& m : facts.moves) {
    if (m.ply > window.ply) break;
    m.uci.clear();
    m.message.reset();
  }
  facts.window = window;
  return facts;
}

std::optional<std::string> snapshot_difference(const GameState& full, const GameState& windowed) {
  const auto from = static_cast<std::size_t>(std::max(0, windowed.full_views_from));
  if (full.full_views_from != 0 || full.moves.size() != from + windowed.moves.size()) {
    return "move count " + std::to_string(full.moves.size()) + " vs " +
           std::to_string(from + windowed.moves.size()) + " (" +
           std::to_string(windowed.moves.size()) + " views after the window)";
  }
  for (std::size_t i = 0; i < windowed.moves.size(); ++i) {
    if (!(full.moves[from + i] == windowed.moves[i])) {
      return "the view of ply " + std::to_string(from + i + 1);
    }
  }
  // The clock records: the windowed replay's may start at the window (a clock checkpoint).
  const auto records_from = static_cast<std::size_t>(std::max(0, windowed.clock.records_from));
  if (full.clock.records_from != 0 ||
      full.clock.moves.size() != records_from + windowed.clock.moves.size()) {
    return "clock records " + std::to_string(full.clock.moves.size()) + " vs " +
           std::to_string(records_from + windowed.clock.moves.size());
  }
  for (std::size_t i = 0; i < windowed.clock.moves.size(); ++i) {
    if (!(full.clock.moves[records_from + i] == windowed.clock.moves[i])) {
      return "the clock record of ply " + std::to_string(records_from + i + 1);
    }
  }
  GameState a = full;
  GameState b = windowed;
  a.moves.clear();
  b.moves.clear();
  a.full_views_from = b.full_views_from = 0;
  a.clock.moves.clear();
  b.clock.moves.clear();
  a.clock.records_from = b.clock.records_from = 0;
  if (a.status != b.status) return std::string("status");
  if (a.result != b.result || a.termination != b.termination || a.finished_at != b.finished_at ||
      a.end_reason != b.end_reason) {
    return std::string("result");
  }
  if (!(a.position == b.position) || a.to_move != b.to_move || a.ply != b.ply) {
    return std::string("position");
  }
  if (a.draw_offer != b.draw_offer || a.draw_offer_barred_until != b.draw_offer_barred_until ||
      a.moves_made != b.moves_made) {
    return std::string("draw offers");
  }
  if (a.clocks != b.clocks || !(a.clock == b.clock) || a.suspended != b.suspended) {
    return std::string("clocks");
  }
  if (a.claimable != b.claimable || a.legal_moves != b.legal_moves) return std::string("claims");
  if (a.flag_fall_pending != b.flag_fall_pending) return std::string("flag fall");
  if (!(a == b)) return std::string("state");
  return std::nullopt;
}

}  // namespace corrchess::game
