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

// The flag-fall scheduler's step: claims live games whose next deadline is due (FOR UPDATE
// SKIP LOCKED, so concurrent instances never decide the same game), stores each flag fall
// at its deadline instant and refreshes the cached state (also not_started -> ongoing).
// Returns how many games were processed, or an error.
Result<int> decide_due_games(GameServiceDeps& deps, int limit);
// The earliest instant any live game needs the scheduler.
Result<std::optional<game::Timestamp>> next_due(GameServiceDeps& deps);

// The game object of api.md for `viewer` (pending move and conditional lines only for
// their owner).
nlohmann::json game_json(const db::StoredGame& stored, const game::GameState& state,
                         std::optional<game::Color> viewer);

}  // namespace corrchess::api
