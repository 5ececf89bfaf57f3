// Soundness oracles for the unwinnability tests: an independent full-width helpmate search
// and a driver for random playouts (core/chess/unwinnable.h, core/chess/locked_structure.h).
#pragma once

#include <functional>
#include <random>

#include "core/chess/position.h"

namespace corrchess::testing {

// Independent brute force: can `winner` mate within `plies` plies (full width, no pruning)?
// A position where `winner` has already mated counts, even with `plies` 0.
bool brute_force_helpmate(const chess::Position& p, chess::Color winner, int plies);

// The brute force to the depth the soundness fuzzes afford: 4 plies when the side to move
// has at most 12 legal moves, 3 otherwise.
bool short_helpmate_exists(const chess::Position& p, chess::Color winner);

// Called after each move of a playout with the position reached and the 0-based index of the
// move just played.
using PlayoutStep = std::function<void(const chess::Position& p, int ply)>;

// Plays `plies` random legal moves from `start`, fewer if the game ends first; each move is
// drawn as rng() % (number of legal moves). Calls `on_step` (if set) after each move and
// returns the position reached.
chess::Position random_playout(const chess::Position& start, std::mt19937& rng, int plies,
                               const PlayoutStep& on_step = {});

}  // namespace corrchess::testing
