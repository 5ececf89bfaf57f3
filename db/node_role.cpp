#include "db/node_role.h"

#include <pqxx/nontransaction>

namespace corrchess::db {

NodeRole node_role(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  // A WAL file name starts with its timeline in 8 hex digits.
  const auto row = tx.exec1(
      "SELECT pg_is_in_recovery(), CASE WHEN pg_is_in_recovery() THEN 0 ELSE "
      "('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::bigint END");
  return {row[0].as<bool>(), row[1].as<std::int64_t>()};
}

std::optional<double> replica_lag(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  const auto row = tx.exec1(
      "SELECT CASE WHEN NOT pg_is_in_recovery() THEN 0 "
      "WHEN NOT EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') THEN NULL "
      "WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 "
      "ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END");
  if (row[0].is_null()) return std::nullopt;
  return row[0].as<double>();
}

}  // namespace corrchess::db
