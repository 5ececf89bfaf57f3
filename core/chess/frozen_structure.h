// Static proofs that a side can never checkmate: mating material, and pawn structures that
// are frozen for ever (no pawn can move or be captured) with every piece confined to a
// region from which no mating net can be built. Pure functions; no search.
#pragma once

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

// True when `side` lacks the material to mate whatever the opponent has: a bare king; or
// no pawns, a lone knight or only bishops of one square colour, against a bare king; or
// every man besides the kings is a bishop and all of them stand on one square colour.
bool material_unwinnable(const Position& pos, Color side);

// True when the pawn structure is provably frozen for ever and, with every piece confined
// to the region it can reach, `side` can never give a check that could be mate (checked
// square by square, with the defender's flight squares matched to distinct blockers).
bool frozen_structure_unwinnable(const Position& pos, Color side);

// material_unwinnable || minor_force_cannot_mate (mate_patterns.h) ||
// frozen_structure_unwinnable || locked_structure_unwinnable (locked_structure.h) ||
// tempo_structure_unwinnable (tempo_structure.h).
bool statically_unwinnable(const Position& pos, Color side);

}  // namespace corrchess::chess
