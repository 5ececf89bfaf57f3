#include "db/push_subscriptions.h"

namespace corrchess::db {

namespace {

constexpr const char* kPushColumns =
    "id, user_id, endpoint, p256dh, auth, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "to_char(last_success_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "failure_count";

PushSubscription push_from_row(const pqxx::row& row) {
  PushSubscription s;
  s.id = row[0].as<std::int64_t>();
  s.user_id = row[1].as<std::int64_t>();
  s.endpoint = row[2].as<std::string>();
  s.p256dh = row[3].as<std::string>();
  s.auth = row[4].as<std::string>();
  s.created_at = row[5].as<std::string>();
  if (!row[6].is_null()) s.last_success_at = row[6].as<std::string>();
  s.failure_count = row[7].as<int>();
  return s;
}

}  // namespace

PushSubscription store_push_subscription(pqxx::work& tx, std::int64_t user_id,
                                         const std::string& endpoint, const std::string& p256dh,
                                         const std::string& auth) {
  tx.exec_params("DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2", endpoint,
                 user_id);
  return push_from_row(tx.exec_params1(
      std::string("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) "
                  "VALUES ($1, $2, $3, $4) ON CONFLICT (endpoint) DO UPDATE SET "
                  "p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, failure_count = 0 "
                  "RETURNING ") +
          kPushColumns,
      user_id, endpoint, p256dh, auth));
}

std::vector<PushSubscription> push_subscriptions_of(pqxx::work& tx, std::int64_t user_id) {
  std::vector<PushSubscription> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kPushColumns +
                                            " FROM push_subscriptions WHERE user_id = $1 "
                                            "ORDER BY id",
                                        user_id)) {
    out.push_back(push_from_row(row));
  }
  return out;
}

int count_push_subscriptions(pqxx::work& tx, std::int64_t user_id, const std::string& endpoint) {
  return tx
      .exec_params1("SELECT count(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2",
                    user_id, endpoint)[0]
      .as<int>();
}

bool delete_push_subscription(pqxx::work& tx, std::int64_t user_id, std::int64_t id) {
  return tx.exec_params("DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2", user_id,
                        id)
             .affected_rows() > 0;
}

void drop_push_subscription(pqxx::work& tx, std::int64_t id) {
  tx.exec_params("DELETE FROM push_subscriptions WHERE id = $1", id);
}

void record_push_success(pqxx::work& tx, std::int64_t id) {
  tx.exec_params(
      "UPDATE push_subscriptions SET last_success_at = now(), failure_count = 0 WHERE id = $1", id);
}

void record_push_failure(pqxx::work& tx, std::int64_t id) {
  tx.exec_params("UPDATE push_subscriptions SET failure_count = failure_count + 1 WHERE id = $1",
                 id);
}

}  // namespace corrchess::db
