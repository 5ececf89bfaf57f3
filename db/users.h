// Users, bearer tokens and login attempts.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "model/users.h"

namespace corrchess::db {

// The records of model/users.h under their db/ names.
using model::NewUser;
using model::PlayerRecord;
using model::ProfileChange;
using model::ProfileSettings;
using model::ThrottlePolicy;
using model::TokenOwner;
using model::User;

// Inserts a user; kConflict when the username (case-insensitive) is taken.
Result<User> create_user(pqxx::work& tx, const NewUser& user);
std::optional<User> find_user(pqxx::work& tx, const std::string& username);
std::optional<User> find_user_by_id(pqxx::work& tx, std::int64_t id);
// The users of `ids` that exist, by id, in one statement.
std::map<std::int64_t, User> find_users_by_id(pqxx::work& tx, const std::vector<std::int64_t>& ids);
// The stored Argon2id hash for a username, with the user.
std::optional<std::pair<User, std::string>> find_user_with_hash(pqxx::work& tx,
                                                                const std::string& username);
Result<User> set_role(pqxx::work& tx, const std::string& username, const std::string& role);
// The administrators (role admin) other than `username` (any case), their rows locked until
// the transaction ends: two admins taking each other's role wait for one another.
int other_admins(pqxx::work& tx, const std::string& username);

// Stores a token hash valid for ttl_seconds from now; returns expires_at (RFC 3339).
std::string store_token(pqxx::work& tx, const std::string& token_hash, std::int64_t user_id,
                        std::int64_t ttl_seconds);
void revoke_token(pqxx::work& tx, const std::string& token_hash);
// Revokes every live token of `user_id` except the one with `keep_hash` ("" keeps none):
// log out everywhere, and the other sessions after a password change.
void revoke_user_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& keep_hash);
// Replaces the stored Argon2id hash of a user's password.
void set_password_hash(pqxx::work& tx, std::int64_t user_id, const std::string& password_hash);

// The user owning a live token and the seconds until the token expires.
std::optional<TokenOwner> owner_of_token(pqxx::work& tx, const std::string& token_hash);

// Tells every server instance (on commit, through the events channel) that sessions of
// `user_id` ended: those of the token with `token_hash`, or all of them when it is empty.
// Live sockets opened with them are closed.
void notify_sessions_ended(pqxx::work& tx, std::int64_t user_id, const std::string& token_hash);
// Tells every server instance (on commit) that what a User carries (name, email) changed, so
// that caches of signed-in users forget `user_id` ({"user_changed": {"user": id}}).
void notify_user_changed(pqxx::work& tx, std::int64_t user_id);

// Throttling of logins and registrations (table login_attempts): per key and address, the
// first `free_attempts` within `window_seconds` pass; each further one first waits
// base_seconds, doubling per attempt up to max_seconds (max_seconds <= window_seconds).
inline constexpr const char* kAddressKey = "address";        // every login from an address
inline constexpr const char* kRegistrationKey = "register";  // registrations from an address
// The key of logins as one user (case-insensitive).
std::string login_key(const std::string& username);

// Counts one attempt for `key` (login_key(name), kAddressKey or kRegistrationKey) from `remote`,
// atomically (concurrent attempts are serialized on the row). Returns 0 when it may go on,
// else the seconds until the next attempt may (nothing is counted then).
std::int64_t take_attempt(pqxx::work& tx, const std::string& key, const std::string& remote,
                          const ThrottlePolicy& policy);
// Forgets throttling rows not blocked now whose last attempt is older than `seconds` (they
// would start afresh at the next attempt anyway); returns how many.
std::int64_t prune_login_attempts(pqxx::work& tx, std::int64_t seconds);
// Gives back one attempt counted by take_attempt for `key` from `remote` that was never
// decided (the server was too busy to check the password): it is as if it had not been
// made, except that a block a later attempt earned stands while the attempts left reach the
// policy's free ones.
void return_attempt(pqxx::work& tx, const std::string& key, const std::string& remote,
                    const ThrottlePolicy& policy);
// A login as `username` from `remote` succeeded: its attempts are forgotten and the address
// gets back the attempt counted for it.
void settle_successful_login(pqxx::work& tx, const std::string& username, const std::string& remote,
                             const ThrottlePolicy& address_policy);

// ---- profiles (migrations/0008_profiles.sql)

// The optional settings of a profile.
ProfileSettings profile_settings(pqxx::work& tx, std::int64_t user_id);

// A change of one's own profile: an absent member keeps the value, an empty optional inside
// clears it. Fields are checked by the caller.
User update_profile(pqxx::work& tx, std::int64_t user_id, const ProfileChange& change);
// Whether `name` is a time zone of the tz database PostgreSQL uses (pg_timezone_names).
bool is_known_time_zone(pqxx::work& tx, const std::string& name);

// Users whose username starts with `prefix` (case-insensitive; LIKE wildcards in it are
// taken literally), in byte order of the lower-case names, at most `limit`.
std::vector<User> users_with_prefix(pqxx::work& tx, const std::string& prefix, int limit);

// A player's games: finished (not annulled) with wins, draws and losses among them, and
// games not over yet.
PlayerRecord player_record(pqxx::work& tx, std::int64_t user_id);

// Whether the user has approved leave covering the calendar date `today` (YYYY-MM-DD in the
// server's zone) that was not ended early (a player who ends leave may move again).
bool on_leave_today(pqxx::work& tx, std::int64_t user_id, const std::string& today);

}  // namespace corrchess::db
