// The director's workflows on an event (rules.md §5.3, §5.5), transport-neutral: starting it
// (every game of the section at once, colours by the Berger tables), withdrawing a player
// (the opponents win the unfinished games by default) and replacing one (the replacement
// takes over the games as they stand). Every step is audited. kForbidden unless the caller
// is a director. The HTTP adapter is api/events.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "app/games.h"
#include "core/error.h"
#include "model/users.h"

namespace corrchess::app {

// Starts event `id`: seeds by rating when its terms say so, closes the seats, creates every
// game of the section (a Chess960 position drawn when none was fixed) and tells the players.
// kConflict when already started, past its end date or with fewer than 2 players.
Result<void> start_event(GameDeps& deps, const model::User& director, std::int64_t id);

// Withdraws the active player `username`: before the start the entry is simply taken off;
// after it, each unfinished game is won by the opponent by default, one transaction per game
// (a repeated withdrawal after a failure carries on with the games still unfinished), and
// the player is marked withdrawn. kValidationError when `username` does not play in it,
// kConflict when not active.
Result<void> withdraw_player(GameDeps& deps, const model::User& director, std::int64_t id,
                             const std::string& username, const std::string& reason);

// Gives the seat of the active player `username` to `replacement`, who takes over the
// unfinished games as they stand (the replaced player's pending move and conditional lines
// go with them); the players of those games are told. kConflict when the replacement plays
// or played in the event.
Result<void> replace_player(GameDeps& deps, const model::User& director, std::int64_t id,
                            const std::string& username, const std::string& replacement,
                            const std::string& reason);

}  // namespace corrchess::app
