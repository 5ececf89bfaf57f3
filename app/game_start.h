// The one way a game comes into being, whoever starts it (a director's single game, an event
// start, an accepted challenge): the setup is completed and checked, the game replayed at
// its creation instant, and a game already decided before its first move refused.
#pragma once

#include <cstdint>
#include <optional>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/game.h"

namespace corrchess::app {

struct PreparedGame {
  game::GameSetup setup;  // with the initial FEN filled in
  game::GameState state;  // the new game as it stands at the creation instant
};

// Completes `setup` (the initial FEN from the Chess960 number, the given FEN or the standard
// array), validates it and replays it at `now` with `rules` (zone and oracles; no leave).
// kValidationError (or the FEN's error) for a setup the rules refuse, and for a game that
// would be over before its first move: a dead or mated start position, or a start so long
// ago that the first player's time has run out.
Result<PreparedGame> prepare_game(game::GameSetup setup, const game::GameContext& rules,
                                  game::Timestamp now);

// Inserts the prepared game of `white_id` and `black_id` (in event `event_id`, if any) in
// `tx` and queues both players' new-game notifications: how every game is stored, whoever
// starts it. The new game's id.
std::int64_t start_game(pqxx::work& tx, std::int64_t white_id, std::int64_t black_id,
                        std::optional<std::int64_t> event_id, const PreparedGame& game,
                        game::Timestamp now);

// A random Chess960 start array for a game or section whose settings name none (never the
// standard array 518 unless `allow_518`).
int random_chess960_position(bool allow_518);

}  // namespace corrchess::app
