// Users, bearer tokens and login attempts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "core/error.h"

namespace corrchess::db {

struct User {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
  std::optional<std::string> email;
  std::string role;        // player | td | admin
  std::string created_at;  // RFC 3339 UTC
};

struct NewUser {
  std::string username;
  std::string display_name;
  std::optional<std::string> email;
  std::string password_hash;
  std::string role = "player";
};

// Inserts a user; kConflict when the username (case-insensitive) is taken.
Result<User> create_user(pqxx::work& tx, const NewUser& user);
std::optional<User> find_user(pqxx::work& tx, const std::string& username);
std::optional<User> find_user_by_id(pqxx::work& tx, std::int64_t id);
// The stored Argon2id hash for a username, with the user.
std::optional<std::pair<User, std::string>> find_user_with_hash(pqxx::work& tx,
                                                                const std::string& username);
Result<User> set_role(pqxx::work& tx, const std::string& username, const std::string& role);

// Stores a token hash valid for ttl_seconds from now; returns expires_at (RFC 3339).
std::string store_token(pqxx::work& tx, const std::string& token_hash, std::int64_t user_id,
                        std::int64_t ttl_seconds);
// The user owning a live (unexpired, unrevoked) token.
std::optional<User> user_for_token(pqxx::work& tx, const std::string& token_hash);
void revoke_token(pqxx::work& tx, const std::string& token_hash);

// The user owning a live token and the seconds until the token expires.
struct TokenOwner {
  User user;
  std::int64_t expires_in_seconds = 0;
};
std::optional<TokenOwner> owner_of_token(pqxx::work& tx, const std::string& token_hash);

// Tells every server instance (on commit, through the events channel) that sessions of
// `user_id` ended: those of the token with `token_hash`, or all of them when it is empty.
// Live sockets opened with them are closed.
void notify_sessions_ended(pqxx::work& tx, std::int64_t user_id, const std::string& token_hash);

void record_login_attempt(pqxx::work& tx, const std::string& username, const std::string& remote,
                          bool succeeded);
// Failed attempts for the username (case-insensitive) within the last `seconds`.
int recent_failed_logins(pqxx::work& tx, const std::string& username, int seconds);
// Failed attempts from one remote address within the last `seconds`.
int recent_failed_logins_from(pqxx::work& tx, const std::string& remote, int seconds);

}  // namespace corrchess::db
