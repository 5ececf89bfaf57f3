#include "db/starter_failures.h"

namespace corrchess::db {

std::map<std::int64_t, StarterFailure> starter_failures(pqxx::work& tx, std::string_view kind) {
  std::map<std::int64_t, StarterFailure> out;
  for (const auto& row : tx.exec_params(
           "SELECT item_id, failures, extract(epoch FROM retry_at)::bigint FROM starter_failures "
           "WHERE kind = $1",
           std::string(kind))) {
    out[row[0].as<std::int64_t>()] =
        StarterFailure{row[1].as<int>(), game::Timestamp(row[2].as<std::int64_t>())};
  }
  return out;
}

void record_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id, int failures,
                            game::Timestamp now, game::Timestamp retry_at,
                            const std::string& error) {
  tx.exec_params(
      "INSERT INTO starter_failures (kind, item_id, failures, failed_at, retry_at, last_error) "
      "VALUES ($1, $2, $3, to_timestamp($4), to_timestamp($5), $6) "
      "ON CONFLICT (kind, item_id) DO UPDATE SET failures = EXCLUDED.failures, "
      "failed_at = EXCLUDED.failed_at, retry_at = EXCLUDED.retry_at, "
      "last_error = EXCLUDED.last_error",
      std::string(kind), id, failures, now.unix_seconds(), retry_at.unix_seconds(), error);
}

void forget_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id) {
  tx.exec_params("DELETE FROM starter_failures WHERE kind = $1 AND item_id = $2", std::string(kind),
                 id);
}

}  // namespace corrchess::db
