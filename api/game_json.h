// JSON and PGN views of games for the HTTP API (docs/api.md "The game object", game lists,
// PGN export). Views only: what a user may see was decided by app/games.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/games.h"
#include "app/titles.h"
#include "core/chess/pgn.h"
#include "model/game_lists.h"
#include "model/games.h"

namespace corrchess::api {

// The game object of api.md for `viewer` (pending move and conditional lines only for
// their owner; the players' messages only with show_messages).
// The text is written straight (the answer of every game command); the tree is read back
// from it, for documents that hold a game.
std::string game_json_text(const model::StoredGame& stored, const game::GameState& state,
                           std::optional<game::Color> viewer, bool show_messages = true,
                           int moves_from = 0);
nlohmann::json game_json(const model::StoredGame& stored, const game::GameState& state,
                         std::optional<game::Color> viewer, bool show_messages = true,
                         int moves_from = 0);
// The game object of a use case's view. `minimal`: the moves before shown.moves_from are
// left out and "moves_from" says how many (the answer to `Prefer: return=minimal`), so an
// answer's size does not grow with the game.
nlohmann::json game_json(const app::GameView& shown, bool minimal = false);
std::string game_json_text(const app::GameView& shown, bool minimal = false);
// The answer to a submitted move, {"pending": ...}: the pending move as its owner sees it.
std::string submitted_move_json(const game::PendingMove& pending);
// One entry of GET /games as `user` sees it: what a list shows without another request.
nlohmann::json list_entry_json(const model::GameListEntry& entry, const model::User& user);
// The PGN of a game as shown (Seven Tag Roster, usernames, TimeControl, Termination, Chess960
// position; moves with clock and timestamp comments). Callers may replace tags before
// writing it (the event export sets Event and Round).
// With `titles` (app::player_titles of the two players), WhiteTitle and BlackTitle tags.
Result<chess::PgnGame> game_pgn(const app::GameView& shown, const app::PlayerTitles& titles = {});

}  // namespace corrchess::api
