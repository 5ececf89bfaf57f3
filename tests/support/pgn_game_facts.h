// Game facts made from real games (tests/data/pgn) for the replay property tests: each move
// a day apart, with draw offers, declines, messages and director clock adjustments woven in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/game/game.h"

namespace corrchess::testing {

// The start instant of the games facts_of makes.
inline constexpr std::int64_t kPgnGameStart = 1'800'000'000;

// A replay context in UTC with the default oracles and no leave.
game::GameContext utc_context();

// Up to `limit` games of tests/data/pgn/`name` with at least two moves.
std::vector<chess::PgnGame> read_pgn_games(const std::string& name, std::size_t limit);

// The facts of a PGN game played one move a day (a little faster each time, so the clocks
// differ from move to move), with a draw offer every 7th move declined by the next event,
// a message every 9th move and a director's clock adjustment every 11th ply.
game::GameFacts pgn_game_facts(const chess::PgnGame& pgn);

// The first `plies` moves and the events before ply `plies` (those at the split ply come
// with what follows).
game::GameFacts facts_prefix(const game::GameFacts& all, int plies);

// The events of `all` from ply `first_ply` to `last_ply`.
std::vector<game::GameEvent> events_between(const game::GameFacts& all, int first_ply,
                                            int last_ply);

}  // namespace corrchess::testing
