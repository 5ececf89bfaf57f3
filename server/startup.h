// The steps every corrchess-server command starts with: configuration from the environment,
// logging, the migration files, and applying pending migrations.
#pragma once

#include <memory>
#include <vector>

#include "core/game/game.h"
#include "db/migrations.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/tablebase.h"
#include "server/config.h"

namespace corrchess::server {

// Reads the configuration (a database URL is required) and sets up logging; on failure
// prints the reason to stderr and returns false.
bool load_config(Config& out);

// Reads the NNNN_name.sql files of CORRCHESS_MIGRATIONS_DIR; logs and returns false on error.
bool load_migration_files(std::vector<model::Migration>& out);

// Applies pending migrations under the migration lock; logs and returns false on failure.
bool apply_migrations(const Config& config, const std::vector<model::Migration>& migrations);

// The rules' oracles every command that replays games must share, so that `serve` and
// `verify` reach the same verdicts: the full dead-position analysis (undetermined within
// its budget counts as "can mate") and the Syzygy tables of CORRCHESS_SYZYGY_PATH.
struct RulesOracles {
  // Budgets in positions per side: after every move (Config::dead_position_nodes) and for
  // the director's evidence (Config::evidence_nodes).
  explicit RulesOracles(const Config& config);
  game::Oracles oracles() const { return game::Oracles{&mate, &tablebase, &evidence}; }

  game::UnwinnabilityMateOracle mate;
  db::SyzygyTablebase tablebase;
  game::UnwinnabilityMateOracle evidence;
};

// The server's clock: the manual test clock (CORRCHESS_CLOCK=manual) or the system's.
std::unique_ptr<db::ServerClock> make_clock(const Config& config, db::Pool& pool);

}  // namespace corrchess::server
