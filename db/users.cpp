#include "db/users.h"

#include "db/codec.h"
#include "db/live_events.h"  // kEventsChannel
#include "db/rule_sets.h"

namespace corrchess::db {

namespace {

constexpr const char* kUserColumns =
    "id, username, display_name, email, role, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

User user_from_row(const pqxx::row& row) {
  User u;
  u.id = row[0].as<std::int64_t>();
  u.username = row[1].as<std::string>();
  u.display_name = row[2].as<std::string>();
  if (!row[3].is_null()) u.email = row[3].as<std::string>();
  u.role = row[4].as<std::string>();
  u.created_at = row[5].as<std::string>();
  return u;
}

std::optional<User> single_user(const pqxx::result& r) {
  if (r.empty()) return std::nullopt;
  return user_from_row(r[0]);
}

}  // namespace

Result<User> create_user(pqxx::work& tx, const NewUser& user) {
  const auto r = tx.exec_params(
      std::string("INSERT INTO users (username, display_name, email, password_hash, role) "
                  "SELECT $1, $2, $3, $4, $5 "
                  "WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) "
                  "RETURNING ") +
          kUserColumns,
      user.username, user.display_name, user.email, user.password_hash, user.role);
  if (r.empty()) {
    return fail(ErrorCode::kConflict, "username '" + user.username + "' is already taken");
  }
  return user_from_row(r[0]);
}

std::optional<User> find_user(pqxx::work& tx, const std::string& username) {
  return single_user(tx.exec_params(
      std::string("SELECT ") + kUserColumns + " FROM users WHERE lower(username) = lower($1)",
      username));
}

std::optional<User> find_user_by_id(pqxx::work& tx, std::int64_t id) {
  return single_user(
      tx.exec_params(std::string("SELECT ") + kUserColumns + " FROM users WHERE id = $1", id));
}

std::map<std::int64_t, User> find_users_by_id(pqxx::work& tx,
                                              const std::vector<std::int64_t>& ids) {
  std::map<std::int64_t, User> out;
  if (ids.empty()) return out;
  for (const auto& row : tx.exec_params(
           std::string("SELECT ") + kUserColumns + " FROM users WHERE id = ANY($1::bigint[])",
           id_array_literal(ids))) {
    auto user = user_from_row(row);
    out.emplace(user.id, std::move(user));
  }
  return out;
}

std::optional<std::pair<User, std::string>> find_user_with_hash(pqxx::work& tx,
                                                                const std::string& username) {
  const auto r = tx.exec_params(std::string("SELECT ") + kUserColumns +
                                    ", password_hash FROM users WHERE lower(username) = lower($1)",
                                username);
  if (r.empty()) return std::nullopt;
  return std::pair{user_from_row(r[0]), r[0][6].as<std::string>()};
}

Result<User> set_role(pqxx::work& tx, const std::string& username, const std::string& role) {
  const auto r = tx.exec_params(std::string("UPDATE users SET role = $2 WHERE lower(username) = "
                                            "lower($1) RETURNING ") +
                                    kUserColumns,
                                username, role);
  if (r.empty()) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
  return user_from_row(r[0]);
}

int other_admins(pqxx::work& tx, const std::string& username) {
  return static_cast<int>(
      tx.exec_params("SELECT id FROM users WHERE role = 'admin' AND lower(username) <> lower($1) "
                     "ORDER BY id FOR UPDATE",
                     username)
          .size());
}

std::string store_token(pqxx::work& tx, const std::string& token_hash, std::int64_t user_id,
                        std::int64_t ttl_seconds) {
  const auto r = tx.exec_params(
      "INSERT INTO auth_tokens (token_hash, user_id, expires_at) "
      "VALUES (decode($1, 'hex'), $2, now() + make_interval(secs => $3)) "
      "RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
      token_hash, user_id, static_cast<double>(ttl_seconds));
  return r[0][0].as<std::string>();
}

std::optional<TokenOwner> owner_of_token(pqxx::work& tx, const std::string& token_hash) {
  const auto r = tx.exec_params(
      std::string("SELECT u.id, u.username, u.display_name, u.email, u.role, "
                  "to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
                  "ceil(extract(epoch FROM t.expires_at - now()))::bigint "
                  "FROM auth_tokens t JOIN users u ON u.id = t.user_id "
                  "WHERE t.token_hash = decode($1, 'hex') AND t.revoked_at IS NULL "
                  "AND t.expires_at > now()"),
      token_hash);
  if (r.empty()) return std::nullopt;
  return TokenOwner{user_from_row(r[0]), r[0][6].as<std::int64_t>()};
}

void notify_sessions_ended(pqxx::work& tx, std::int64_t user_id, const std::string& token_hash) {
  // Hex digits and a number only: the payload needs no JSON escaping.
  std::string payload = "{\"revoke\":{\"user\":" + std::to_string(user_id);
  if (!token_hash.empty()) payload += ",\"token_hash\":\"" + token_hash + "\"";
  payload += "}}";
  tx.exec_params("SELECT pg_notify($1, $2)", kEventsChannel, payload);
}

void notify_user_changed(pqxx::work& tx, std::int64_t user_id) {
  tx.exec_params("SELECT pg_notify($1, $2)", kEventsChannel,
                 "{\"user_changed\":{\"user\":" + std::to_string(user_id) + "}}");
}

void revoke_token(pqxx::work& tx, const std::string& token_hash) {
  tx.exec_params(
      "UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = decode($1, 'hex') AND "
      "revoked_at IS NULL",
      token_hash);
}

void revoke_user_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& keep_hash) {
  tx.exec_params(
      "UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL "
      "AND token_hash <> decode($2, 'hex')",
      user_id, keep_hash);
}

void set_password_hash(pqxx::work& tx, std::int64_t user_id, const std::string& password_hash) {
  tx.exec_params("UPDATE users SET password_hash = $2 WHERE id = $1", user_id, password_hash);
}

namespace {

// The wait after the n-th attempt, in seconds, as SQL over $3 free, $4 base, $5 max.
std::string backoff_sql(const std::string& n) {
  return "(CASE WHEN " + n + " < $3 THEN 0 ELSE least($5::float8, $4::float8 * power(2, " + n +
         " - $3)) END)";
}

}  // namespace

std::string login_key(const std::string& username) { return "user:" + username; }

std::int64_t take_attempt(pqxx::work& tx, const std::string& key, const std::string& remote,
                          const ThrottlePolicy& policy) {
  // A block is in force until blocked_until by the clock of now, not by this transaction's
  // start: another attempt that committed after we started wrote its own start instant there
  // (no wait), which must not read as a block.
  const std::string next =
      "(CASE WHEN t.last_attempt < now() - make_interval(secs => $6) THEN 1 "
      "ELSE t.attempts + 1 END)";
  const auto taken = tx.exec_params(
      "INSERT INTO login_attempts AS t (username, remote, attempts, last_attempt, "
      "blocked_until) VALUES (lower($1), $2, 1, now(), now() + make_interval(secs => " +
          backoff_sql("1") + ")) ON CONFLICT (username, remote) DO UPDATE SET attempts = " + next +
          ", last_attempt = now(), blocked_until = now() + make_interval(secs => " +
          backoff_sql(next) + ") WHERE t.blocked_until <= clock_timestamp() RETURNING attempts",
      key, remote, policy.free_attempts, static_cast<double>(policy.base_seconds),
      static_cast<double>(policy.max_seconds), static_cast<double>(policy.window_seconds));
  if (!taken.empty()) return 0;
  const auto wait = tx.exec_params(
      "SELECT greatest(1, ceil(extract(epoch FROM blocked_until - clock_timestamp())))::bigint "
      "FROM login_attempts WHERE username = lower($1) AND remote = $2",
      key, remote);
  return wait.empty() ? 1 : wait[0][0].as<std::int64_t>();
}

std::int64_t prune_login_attempts(pqxx::work& tx, std::int64_t seconds) {
  return tx
      .exec_params(
          "DELETE FROM login_attempts WHERE blocked_until <= now() AND "
          "last_attempt < now() - make_interval(secs => $1)",
          static_cast<double>(seconds))
      .affected_rows();
}

void return_attempt(pqxx::work& tx, const std::string& key, const std::string& remote,
                    const ThrottlePolicy& policy) {
  tx.exec_params(
      "UPDATE login_attempts SET attempts = greatest(attempts - 1, 0), "
      "blocked_until = CASE WHEN attempts - 1 < $3 THEN now() ELSE blocked_until END "
      "WHERE username = lower($1) AND remote = $2",
      key, remote, policy.free_attempts);
}

void settle_successful_login(pqxx::work& tx, const std::string& username, const std::string& remote,
                             const ThrottlePolicy& address_policy) {
  tx.exec_params("DELETE FROM login_attempts WHERE username = lower($1) AND remote = $2",
                 login_key(username), remote);
  return_attempt(tx, std::string(kAddressKey), remote, address_policy);
}

ProfileSettings profile_settings(pqxx::work& tx, std::int64_t user_id) {
  ProfileSettings p;
  const auto r =
      tx.exec_params("SELECT country, time_zone, language FROM users WHERE id = $1", user_id);
  if (r.empty()) return p;
  if (!r[0][0].is_null()) p.country = r[0][0].as<std::string>();
  if (!r[0][1].is_null()) p.time_zone = r[0][1].as<std::string>();
  if (!r[0][2].is_null()) p.language = r[0][2].as<std::string>();
  return p;
}

User update_profile(pqxx::work& tx, std::int64_t user_id, const ProfileChange& change) {
  // $n::boolean says whether the member was given; the value may then be NULL (cleared).
  const auto given = [](const auto& member) { return member.has_value(); };
  const auto value = [](const std::optional<std::optional<std::string>>& member) {
    return member ? *member : std::nullopt;
  };
  const auto r =
      tx.exec_params(std::string("UPDATE users SET display_name = coalesce($2, display_name), "
                                 "email = CASE WHEN $3::boolean THEN $4 ELSE email END, "
                                 "country = CASE WHEN $5::boolean THEN $6 ELSE country END, "
                                 "time_zone = CASE WHEN $7::boolean THEN $8 ELSE time_zone END, "
                                 "language = CASE WHEN $9::boolean THEN $10 ELSE language END "
                                 "WHERE id = $1 RETURNING ") +
                         kUserColumns,
                     user_id, change.display_name, given(change.email), value(change.email),
                     given(change.country), value(change.country), given(change.time_zone),
                     value(change.time_zone), given(change.language), value(change.language));
  notify_user_changed(tx, user_id);
  return user_from_row(r[0]);
}

std::vector<User> users_with_prefix(pqxx::work& tx, const std::string& prefix, int limit) {
  std::string pattern;
  for (char c : prefix) {
    if (c == '%' || c == '_' || c == '\\') pattern += '\\';
    pattern += c;
  }
  pattern += '%';
  std::vector<User> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kUserColumns +
                                            " FROM users WHERE lower(username) LIKE lower($1) "
                                            "ORDER BY lower(username) COLLATE \"C\" LIMIT $2",
                                        pattern, limit)) {
    out.push_back(user_from_row(row));
  }
  return out;
}

PlayerRecord player_record(pqxx::work& tx, std::int64_t user_id) {
  const auto row = tx.exec_params1(
      "SELECT count(*) FILTER (WHERE status = 'finished'), "
      "count(*) FILTER (WHERE status = 'finished' AND ((white_id = $1 AND result = '1-0') OR "
      "(black_id = $1 AND result = '0-1'))), "
      "count(*) FILTER (WHERE status = 'finished' AND result = '1/2-1/2'), "
      "count(*) FILTER (WHERE status = 'finished' AND ((white_id = $1 AND result IN ('0-1', "
      "'0-0')) OR (black_id = $1 AND result IN ('1-0', '0-0')))), "
      "count(*) FILTER (WHERE status = ANY($2::text[])) "
      "FROM games WHERE white_id = $1 OR black_id = $1",
      user_id, not_over_statuses());
  return {row[0].as<int>(), row[1].as<int>(), row[2].as<int>(), row[3].as<int>(), row[4].as<int>()};
}

bool on_leave_today(pqxx::work& tx, std::int64_t user_id, const std::string& today) {
  return !tx.exec_params(
                "SELECT 1 FROM leave_periods WHERE user_id = $1 AND status = 'approved' AND "
                "start_date <= $2::date AND end_date >= $2::date AND ended_at IS NULL LIMIT 1",
                user_id, today)
              .empty();
}

bool is_known_time_zone(pqxx::work& tx, const std::string& name) {
  return !tx.exec_params("SELECT 1 FROM pg_timezone_names WHERE name = $1", name).empty();
}

}  // namespace corrchess::db
