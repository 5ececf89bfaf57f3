#include "db/starter_failures.h"

namespace corrchess::db {

namespace {

constexpr const char* kFailureSelect =
    "SELECT kind, item_id, item, failures, extract(epoch FROM failed_at)::bigint, "
    "extract(epoch FROM retry_at)::bigint, last_error FROM starter_failures ";

StarterFailure failure_from_row(const pqxx::row& row) {
  return StarterFailure{row[0].as<std::string>(),
                        row[1].as<std::int64_t>(),
                        row[2].as<std::string>(),
                        row[3].as<int>(),
                        game::Timestamp(row[4].as<std::int64_t>()),
                        game::Timestamp(row[5].as<std::int64_t>()),
                        row[6].as<std::string>()};
}

}  // namespace

std::map<std::int64_t, StarterFailure> starter_failures(pqxx::work& tx, std::string_view kind) {
  std::map<std::int64_t, StarterFailure> out;
  for (const auto& row :
       tx.exec_params(std::string(kFailureSelect) + "WHERE kind = $1", std::string(kind))) {
    auto f = failure_from_row(row);
    out.emplace(f.item_id, std::move(f));
  }
  return out;
}

std::vector<StarterFailure> all_starter_failures(pqxx::work& tx) {
  std::vector<StarterFailure> out;
  for (const auto& row :
       tx.exec(std::string(kFailureSelect) + "ORDER BY retry_at, kind, item_id")) {
    out.push_back(failure_from_row(row));
  }
  return out;
}

void record_starter_failure(pqxx::work& tx, const StarterFailure& f) {
  tx.exec_params(
      "INSERT INTO starter_failures (kind, item_id, item, failures, failed_at, retry_at, "
      "last_error) VALUES ($1, $2, $3, $4, to_timestamp($5), to_timestamp($6), $7) "
      "ON CONFLICT (kind, item_id) DO UPDATE SET item = EXCLUDED.item, "
      "failures = EXCLUDED.failures, failed_at = EXCLUDED.failed_at, "
      "retry_at = EXCLUDED.retry_at, last_error = EXCLUDED.last_error",
      f.kind, f.item_id, f.item, f.failures, f.failed_at.unix_seconds(), f.retry_at.unix_seconds(),
      f.error);
}

void forget_starter_failure(pqxx::work& tx, std::string_view kind, std::int64_t id) {
  tx.exec_params("DELETE FROM starter_failures WHERE kind = $1 AND item_id = $2", std::string(kind),
                 id);
}

}  // namespace corrchess::db
