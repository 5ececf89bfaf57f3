// What the operator's probes read (GET /readyz, the metrics gauges), transport-neutral.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/migrations.h"

namespace corrchess::app {

// Whether this instance may take traffic: the database answers and every migration of
// `migrations` is applied unedited, on a primary. `reason` says why not ("database
// unreachable", "database is read-only (not the primary)", "migrations pending", or the
// migration check's own detail).
struct Readiness {
  bool ready = false;
  std::string reason;
};
Readiness readiness(Database& pool, const std::vector<model::Migration>& migrations);

// Games not started yet or in play; -1 when the database cannot be reached.
std::int64_t live_game_count(Database& pool);

// The connection pool's load, for the metrics gauges.
struct PoolUsage {
  std::size_t in_use = 0;   // connections lent out
  std::size_t waiting = 0;  // callers waiting for one
  std::size_t size = 0;     // configured connections
};
PoolUsage pool_usage(const Database& pool);

// The manual clock (CORRCHESS_CLOCK=manual, for tests and demonstrations): whether `clock`
// is one, and moving it forward by `seconds` (> 0) or to `to` (never backward:
// kValidationError, and the clock stays). kInternal when the clock is the system's (the routes that
// move it exist only for a manual one).
bool is_manual(const ServerClock& clock);
game::Timestamp now(ServerClock& clock);
Result<game::Timestamp> advance_manual_clock(ServerClock& clock, game::Seconds seconds);
Result<game::Timestamp> set_manual_clock(ServerClock& clock, game::Timestamp to);

// Logs the full text of a failure a client sees only as kInternal (an exception a handler
// did not expect, a side effect that failed after its command committed), through the
// composition root's error sink.
void log_internal_error(const std::string& text);

}  // namespace corrchess::app
