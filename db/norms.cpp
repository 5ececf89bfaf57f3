#include "db/norms.h"

#include "db/codec.h"
#include "db/rows.h"

namespace corrchess::db {

std::vector<std::int64_t> sections_to_check(pqxx::work& tx, int limit, std::string_view kind,
                                            std::optional<game::Timestamp> ready_at) {
  std::optional<std::int64_t> ready;
  if (ready_at) ready = ready_at->unix_seconds();
  return ids_of(tx.exec_params(
      "SELECT n.event_id FROM norm_checks n LEFT JOIN starter_failures f ON f.kind = $2 AND "
      "f.item_id = n.event_id WHERE $3::bigint IS NULL OR f.retry_at IS NULL OR "
      "f.retry_at <= to_timestamp($3) GROUP BY n.event_id, f.failures "
      "ORDER BY coalesce(f.failures, 0), min(n.id) LIMIT $1",
      limit, std::string(kind), ready));
}

std::optional<std::int64_t> newest_norm_check(pqxx::work& tx, std::int64_t event_id) {
  const auto rows = tx.exec_params("SELECT max(id) FROM norm_checks WHERE event_id = $1", event_id);
  return optional_id(rows[0][0]);
}

void forget_norm_checks(pqxx::work& tx, std::int64_t event_id, std::int64_t upto) {
  tx.exec_params("DELETE FROM norm_checks WHERE event_id = $1 AND id <= $2", event_id, upto);
}

void replace_norms(pqxx::work& tx, std::int64_t event_id, const std::vector<NormRecord>& norms,
                   game::Timestamp now) {
  tx.exec_params("DELETE FROM norms WHERE event_id = $1", event_id);
  for (const auto& n : norms) {
    tx.exec_params(
        "INSERT INTO norms (user_id, event_id, title, games, performance, category, recorded_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7))",
        n.user_id, event_id, n.title, n.games, n.performance, n.category, now.unix_seconds());
  }
}

std::vector<std::pair<std::int64_t, std::string>> titles_of_users(
    pqxx::work& tx, const std::vector<std::int64_t>& user_ids) {
  std::vector<std::pair<std::int64_t, std::string>> out;
  if (user_ids.empty()) return out;
  for (const auto& row :
       tx.exec_params("SELECT user_id, title FROM titles WHERE user_id = ANY($1::bigint[])",
                      id_array_literal(user_ids))) {
    out.emplace_back(row[0].as<std::int64_t>(), row[1].as<std::string>());
  }
  return out;
}

bool ladies_titles(pqxx::work& tx, std::int64_t user_id) {
  const auto r = tx.exec_params("SELECT ladies_titles FROM users WHERE id = $1", user_id);
  return !r.empty() && r[0][0].as<bool>();
}

void set_ladies_titles(pqxx::work& tx, std::int64_t user_id, bool eligible) {
  tx.exec_params("UPDATE users SET ladies_titles = $2 WHERE id = $1", user_id, eligible);
}

std::vector<NormRecord> norms_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<NormRecord> out;
  for (const auto& row : tx.exec_params(
           "SELECT n.event_id, e.name, n.title, n.games, n.performance, n.category, "
           "extract(epoch FROM n.recorded_at)::bigint FROM norms n JOIN events e ON e.id = "
           "n.event_id WHERE n.user_id = $1 ORDER BY n.recorded_at, n.event_id, n.title",
           user_id)) {
    NormRecord n;
    n.user_id = user_id;
    n.event_id = row[0].as<std::int64_t>();
    n.event_name = row[1].as<std::string>();
    n.title = row[2].as<std::string>();
    n.games = row[3].as<int>();
    n.performance = row[4].as<int>();
    n.category = row[5].as<int>();
    n.recorded_at = game::Timestamp(row[6].as<std::int64_t>());
    out.push_back(std::move(n));
  }
  return out;
}

bool award_title(pqxx::work& tx, std::int64_t user_id, const std::string& title,
                 game::Timestamp now) {
  return !tx.exec_params(
                "INSERT INTO titles (user_id, title, awarded_at) VALUES ($1, $2, "
                "to_timestamp($3)) ON CONFLICT DO NOTHING RETURNING title",
                user_id, title, now.unix_seconds())
              .empty();
}

std::vector<AwardedTitle> titles_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<AwardedTitle> out;
  for (const auto& row :
       tx.exec_params("SELECT title, extract(epoch FROM awarded_at)::bigint FROM titles WHERE "
                      "user_id = $1 ORDER BY awarded_at, title",
                      user_id)) {
    out.push_back({row[0].as<std::string>(), game::Timestamp(row[1].as<std::int64_t>())});
  }
  return out;
}

}  // namespace corrchess::db
