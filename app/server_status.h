// What the operator's probes read (GET /readyz, the metrics gauges), transport-neutral.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/migrations.h"
#include "db/pool.h"

namespace corrchess::app {

// Whether this instance may take traffic: the database answers and every migration of
// `migrations` is applied unedited. `reason` says why not ("database unreachable",
// "migrations pending", or the migration check's own detail).
struct Readiness {
  bool ready = false;
  std::string reason;
};
Readiness readiness(db::Pool& pool, const std::vector<db::Migration>& migrations);

// Games not started yet or in play; -1 when the database cannot be reached.
std::int64_t live_game_count(db::Pool& pool);

}  // namespace corrchess::app
