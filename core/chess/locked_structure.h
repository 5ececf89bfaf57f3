// A static proof that a side can never checkmate when part of the position is locked for
// ever, even though some pawns can still move (frozen_structure.h needs every pawn to be
// immobile). Pure function; no search.
#pragma once

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

// True when `side` provably can never checkmate, whatever both sides play. The proof assumes
// a set of "wall" men that never move and are never captured (immobile kings included), a
// set of "locked" pawns that only advance straight on their file and never capture, are never
// captured and never promote, and lets every other man roam over everything but the walls.
// The assumption is shrunk until it is self-consistent (a greatest fixed point); then no
// square the defending king could ever stand on may host a mate: every flight square must be
// covered by a possible attack or by its own possible defender blocker. False whenever in
// doubt (castling rights, a legal en-passant capture, fewer than three head-on blocked pawn
// pairs, ...). Cheap when it bails out; results are cached per placement (thread-local).
bool locked_structure_unwinnable(const Position& pos, Color side);

}  // namespace corrchess::chess
