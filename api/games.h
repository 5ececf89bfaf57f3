// Game endpoints (players and the single-game director route): the HTTP adapter over the game
// use cases of app/games.h. Handlers decode the request, call one use case and render its
// result (api/game_json.h) or its problem.
#pragma once

#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "api/game_json.h"
#include "api/metrics.h"
#include "api/pipeline.h"
#include "api/router.h"
#include "app/games.h"
#include "app/handles.h"

namespace corrchess::api {

// The game use cases' dependencies plus the HTTP layer's metrics.
struct GameServiceDeps : app::GameDeps {
  Metrics& metrics;
};

void add_game_routes(Router& router, GameServiceDeps& deps);

// The precondition of `request` (app::Precondition): `ply` from `body` (may be null: no
// body) and the game's version from If-Match: "<version>". kValidationError when either is
// malformed.
Result<app::Precondition> read_precondition(const Request& request, const nlohmann::json* body);

// A refused game command's error; a stale_game error carries the game as `user` now sees it
// (member `game`), so the client can show what changed without another request.
std::unexpected<Error> game_problem(GameServiceDeps& deps, const model::User& user, std::int64_t id,
                                    const Error& error);
// The game object, or the error. `minimal` (the request's `Prefer: return=minimal`): only
// the moves the command added (game_json), and a `Preference-Applied` header.
Result<Response> render_game(const Result<app::GameView>& shown, int status = 200,
                             bool minimal = false);

}  // namespace corrchess::api
