// The steps every corrchess-server command starts with: configuration from the environment,
// logging, the migration files, and applying pending migrations.
#pragma once

#include <vector>

#include "db/migrations.h"
#include "server/config.h"

namespace corrchess::server {

// Reads the configuration (a database URL is required) and sets up logging; on failure
// prints the reason to stderr and returns false.
bool load_config(Config& out);

// Reads the NNNN_name.sql files of CORRCHESS_MIGRATIONS_DIR; logs and returns false on error.
bool load_migration_files(std::vector<db::Migration>& out);

// Applies pending migrations under the migration lock; logs and returns false on failure.
bool apply_migrations(const Config& config, const std::vector<db::Migration>& migrations);

}  // namespace corrchess::server
