// A game's snapshot: what a command needs to continue a game without reading or replaying
// all of its moves (issue: constant work per move). It is the game's facts with the moves
// before a replay window stripped to their instants and flags (GameFacts::window), which the
// database keeps on the game row beside the full facts (db/games.h). The full replay stays
// the verifier: snapshot_difference says where a windowed replay differs from it.
#pragma once

#include <optional>
#include <string>

#include "core/game/game.h"

namespace corrchess::game {

// `facts` as a snapshot with `window` keeps them: the moves at or before window.ply without
// UCI and message. A window at ply 0 keeps every move whole (and no window).
GameFacts windowed_facts(GameFacts facts, const ReplayWindow& window);

// The first difference between the state of a full replay (`full`) and of a windowed replay
// of the same facts at the same instant (`windowed`), described for a report; nullopt when
// they agree. The windowed state holds no views of the moves up to its full_views_from, and
// no clock records before its clock.records_from (when the window kept the clocks); what the
// rules kept of those moves (the clocks, the draw-offer counts) is compared with the rest of
// the state.
std::optional<std::string> snapshot_difference(const GameState& full, const GameState& windowed);

}  // namespace corrchess::game
