// Game endpoints (players and the single-game director route): every state change runs in
// one transaction that locks the game row, replays its facts in core/game, applies the
// command, appends the new facts, refreshes the cached state and queues a notification.
#pragma once

#include <nlohmann/json.hpp>

#include "api/metrics.h"
#include "api/router.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "db/games.h"
#include "db/pool.h"
#include "db/server_clock.h"

namespace corrchess::api {

struct GameServiceDeps {
  db::Pool& pool;
  db::ServerClock& clock;
  Metrics& metrics;
  game::TimeZone zone;
  game::Oracles oracles;
};

void add_game_routes(Router& router, GameServiceDeps& deps);

// The game object of api.md for `viewer` (pending move and conditional lines only for
// their owner).
nlohmann::json game_json(const db::StoredGame& stored, const game::GameState& state,
                         std::optional<game::Color> viewer);

}  // namespace corrchess::api
