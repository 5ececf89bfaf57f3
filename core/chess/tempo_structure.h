// A static proof for frozen pawn structures where one side has nothing but its king to move:
// the tempo argument. Pure function; no search of real positions.
#pragma once

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace corrchess::chess {

// True when `side` provably can never checkmate in a position where every pawn is blocked
// head-on by a pawn, one side (the "shuttler") has only its king and pawns, and the other
// side's pieces can never capture or be captured by a pawn. The proof enumerates every
// reachable (shuttler's king, other king, side to move) triple, the other side's piece moves
// counted as passes that may give any check their regions allow, and finds no triple where
// a mate could stand; a king's capture of a pawn is allowed only when it stalemates on the
// spot. False whenever in doubt (castling rights, en passant, a check, a mobile pawn, ...).
bool tempo_structure_unwinnable(const Position& pos, Color side);

}  // namespace corrchess::chess
