// Forward-only schema migrations: migrations/NNNN_name.sql applied in order, each in
// its own transaction, recorded with a checksum in schema_migrations. A PostgreSQL
// advisory lock serialises instances that start together.
#pragma once

#include <string>
#include <vector>

#include <pqxx/connection>

#include "core/error.h"
#include "model/migrations.h"

namespace corrchess::db {

// The records of model/migrations.h under their db/ names.
using model::Migration;
using model::MigrationReport;

// Default directory: CORRCHESS_MIGRATIONS_DIR from the environment, else the source tree's.
std::string default_migrations_dir();

// Reads and orders every NNNN_name.sql in dir; rejects duplicate versions and bad names.
Result<std::vector<Migration>> load_migrations(const std::string& dir);

// Hex checksum used to detect edited migrations.
std::string migration_checksum(const std::string& sql);

// Applies every pending migration. Fails with kConflict (and applies nothing further)
// when an already-applied migration's file changed or disappeared.
Result<MigrationReport> migrate(pqxx::connection& conn, const std::vector<Migration>& migrations);

// migrate over a connection of its own to `url` (directly to PostgreSQL: the migration lock
// is a session advisory lock, which a transaction-pooling PgBouncer would not keep), closed
// when done; kUnavailable when the database cannot be reached.
Result<MigrationReport> migrate_database(const std::string& url,
                                         const std::vector<Migration>& migrations);

// True when every migration has been applied and none was edited (for /readyz).
Result<bool> migrations_current(pqxx::connection& conn, const std::vector<Migration>& migrations);

}  // namespace corrchess::db
