// A static proof for a lone minor force: a side without pawns whose men besides the king
// are one knight, or bishops all on one square colour, can mate only with the defender's own
// men blocking the king's flight squares. Every placement of a mate (defending king, checker,
// mating king, blockers) is enumerated; the defender's pawns count as any piece they could
// promote to. When no placement is a mate, that side can never checkmate, whatever the
// position (its material can only shrink).
#pragma once

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

// True when `side` has no pawns, its men besides the king are one knight or bishops of one
// square colour, and no checkmate with that material against the opponent's material (or
// any part of it, pawns promoted as they like) exists. Results are cached per material
// signature (thread-local), so repeated calls are cheap.
bool minor_force_cannot_mate(const Position& pos, Color side);

}  // namespace corrchess::chess
