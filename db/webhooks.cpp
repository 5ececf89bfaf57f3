#include "db/webhooks.h"

namespace corrchess::db {

namespace {

constexpr const char* kColumns =
    "id, user_id, event_id, url, secret, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

Webhook from_row(const pqxx::row& row) {
  Webhook w;
  w.id = row[0].as<std::int64_t>();
  w.user_id = row[1].as<std::int64_t>();
  if (!row[2].is_null()) w.event_id = row[2].as<std::int64_t>();
  w.url = row[3].as<std::string>();
  w.secret = row[4].as<std::string>();
  w.created_at = row[5].as<std::string>();
  return w;
}

}  // namespace

Webhook insert_webhook(pqxx::work& tx, std::int64_t user_id, std::optional<std::int64_t> event_id,
                       const std::string& url, const std::string& secret) {
  return from_row(tx.exec_params1(std::string("INSERT INTO webhooks (user_id, event_id, url, "
                                              "secret) VALUES ($1, $2, $3, $4) RETURNING ") +
                                      kColumns,
                                  user_id, event_id, url, secret));
}

std::vector<Webhook> webhooks_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<Webhook> out;
  for (const auto& row : tx.exec_params(
           std::string("SELECT ") + kColumns + " FROM webhooks WHERE user_id = $1 ORDER BY id",
           user_id)) {
    out.push_back(from_row(row));
  }
  return out;
}

std::optional<Webhook> webhook_of(pqxx::work& tx, std::int64_t user_id, std::int64_t id) {
  const auto r = tx.exec_params(
      std::string("SELECT ") + kColumns + " FROM webhooks WHERE user_id = $1 AND id = $2", user_id,
      id);
  if (r.empty()) return std::nullopt;
  return from_row(r[0]);
}

int count_webhooks(pqxx::work& tx, std::int64_t user_id) {
  return tx.exec_params1("SELECT count(*) FROM webhooks WHERE user_id = $1", user_id)[0].as<int>();
}

bool delete_webhook(pqxx::work& tx, std::int64_t user_id, std::int64_t id) {
  return tx.exec_params("DELETE FROM webhooks WHERE user_id = $1 AND id = $2", user_id, id)
             .affected_rows() > 0;
}

}  // namespace corrchess::db
