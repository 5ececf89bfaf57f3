#include "db/account_tokens.h"

#include <algorithm>

namespace corrchess::db {

void store_account_token(pqxx::work& tx, const std::string& token_hash, std::int64_t user_id,
                         const std::string& purpose, const std::optional<std::string>& email,
                         game::Timestamp expires) {
  revoke_account_tokens(tx, user_id, purpose);
  tx.exec_params(
      "INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at) "
      "VALUES (decode($1, 'hex'), $2, $3, $4, to_timestamp($5))",
      token_hash, user_id, purpose, email, expires.unix_seconds());
}

int recent_account_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& purpose) {
  return tx
      .exec_params1(
          "SELECT count(*) FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND "
          "created_at > now() - interval '1 hour'",
          user_id, purpose)[0]
      .as<int>();
}

std::int64_t account_token_wait_seconds(pqxx::work& tx, std::int64_t user_id,
                                        const std::string& purpose, int limit) {
  // The limit-th newest token of the hour: the count drops below `limit` when it is an hour old.
  const auto rows = tx.exec_params(
      "SELECT ceil(extract(epoch FROM created_at + interval '1 hour' - now()))::bigint "
      "FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND "
      "created_at > now() - interval '1 hour' ORDER BY created_at DESC OFFSET $3 LIMIT 1",
      user_id, purpose, limit - 1);
  if (rows.empty()) return 0;
  return std::max<std::int64_t>(1, rows[0][0].as<std::int64_t>());
}

bool account_token_usable(pqxx::work& tx, const std::string& token_hash, const std::string& purpose,
                          game::Timestamp now) {
  return !tx.exec_params(
                "SELECT 1 FROM account_tokens WHERE token_hash = decode($1, 'hex') AND "
                "purpose = $2 AND used_at IS NULL AND expires_at > to_timestamp($3)",
                token_hash, purpose, now.unix_seconds())
              .empty();
}

void revoke_account_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& purpose) {
  tx.exec_params(
      "UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND "
      "($2 = '' OR purpose = $2)",
      user_id, purpose);
}

std::optional<UsedAccountToken> use_account_token(pqxx::work& tx, const std::string& token_hash,
                                                  const std::string& purpose, game::Timestamp now) {
  const auto r = tx.exec_params(
      "UPDATE account_tokens SET used_at = now() WHERE token_hash = decode($1, 'hex') "
      "AND purpose = $2 AND used_at IS NULL AND expires_at > to_timestamp($3) "
      "RETURNING user_id, email",
      token_hash, purpose, now.unix_seconds());
  if (r.empty()) return std::nullopt;
  UsedAccountToken t;
  t.user_id = r[0][0].as<std::int64_t>();
  if (!r[0][1].is_null()) t.email = r[0][1].as<std::string>();
  return t;
}

void reset_password(pqxx::work& tx, std::int64_t user_id, const std::string& password_hash) {
  tx.exec_params("UPDATE users SET password_hash = $2 WHERE id = $1", user_id, password_hash);
  tx.exec_params(
      "UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL",
      user_id);
  revoke_account_tokens(tx, user_id, "password_reset");
}

bool mark_email_verified(pqxx::work& tx, std::int64_t user_id, const std::string& email) {
  return tx.exec_params("UPDATE users SET verified_email = email WHERE id = $1 AND email = $2",
                        user_id, email)
             .affected_rows() > 0;
}

bool email_verified(pqxx::work& tx, std::int64_t user_id) {
  const auto r = tx.exec_params(
      "SELECT email IS NOT NULL AND verified_email IS NOT DISTINCT FROM email FROM users "
      "WHERE id = $1",
      user_id);
  return !r.empty() && r[0][0].as<bool>();
}

}  // namespace corrchess::db
