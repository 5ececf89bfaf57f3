// Which role the PostgreSQL node of a connection plays in a replicated cluster: a primary
// (takes writes) or a node in recovery (a standby, or a primary Patroni is demoting), and the
// WAL timeline it writes on (every promotion starts a higher one).
#pragma once

#include <cstdint>
#include <optional>

#include <pqxx/connection>

namespace corrchess::db {

struct NodeRole {
  bool in_recovery = false;
  std::int64_t timeline = 0;  // the current timeline of a primary; 0 in recovery
};

// How far `conn`'s node lags behind its primary, in seconds: 0 for a primary and for a
// standby that has replayed everything it received; nullopt for a standby that is not
// streaming (cut off from its primary: how stale it is cannot be told).
std::optional<double> replica_lag(pqxx::connection& conn);

// Reads the role of `conn`'s node (throws as libpqxx does when the connection fails).
NodeRole node_role(pqxx::connection& conn);

}  // namespace corrchess::db
