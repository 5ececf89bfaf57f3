// Single-use, expiring links mailed for account actions (password reset, email
// verification), the verified address, and what a password reset changes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "model/account_tokens.h"

namespace corrchess::db {

// The records of model/account_tokens.h under their db/ names.
using model::UsedAccountToken;

// Stores a token (hex SHA-256 of what is mailed) for `purpose` ("password_reset" or
// "verify_email"), valid until `expires` (server clock). The user's earlier unused links of
// the same purpose stop working: only the newest link works.
void store_account_token(pqxx::work& tx, const std::string& token_hash, std::int64_t user_id,
                         const std::string& purpose, const std::optional<std::string>& email,
                         game::Timestamp expires);

// How many tokens for `purpose` the user got in the last hour (database time).
int recent_account_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& purpose);

// Seconds (rounded up, database time) until the user has had fewer than `limit` tokens for
// `purpose` in the last hour; 0 when they have fewer already.
std::int64_t account_token_wait_seconds(pqxx::work& tx, std::int64_t user_id,
                                        const std::string& purpose, int limit);

// Uses a token once, atomically: its user when it exists for `purpose`, is unused and has not
// expired at `now`; nullopt otherwise (nothing changes then).
std::optional<UsedAccountToken> use_account_token(pqxx::work& tx, const std::string& token_hash,
                                                  const std::string& purpose, game::Timestamp now);

// Whether a token exists for `purpose`, unused and unexpired at `now` (nothing changes; the
// cheap check before an expensive step, which then uses it with use_account_token).
bool account_token_usable(pqxx::work& tx, const std::string& token_hash, const std::string& purpose,
                          game::Timestamp now);

// Makes the user's unused links of `purpose` (every purpose when empty) unusable: after a
// password change (password_reset), an address change (all: they went to the old address).
void revoke_account_tokens(pqxx::work& tx, std::int64_t user_id, const std::string& purpose);

// Sets the password hash, revokes every bearer token of the user and forgets their unused
// password-reset links.
void reset_password(pqxx::work& tx, std::int64_t user_id, const std::string& password_hash);

// Marks `email` verified for the user if it is still their address; whether it was.
bool mark_email_verified(pqxx::work& tx, std::int64_t user_id, const std::string& email);
// Whether the user's current address is verified.
bool email_verified(pqxx::work& tx, std::int64_t user_id);

}  // namespace corrchess::db
