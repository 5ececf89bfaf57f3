// Password hashing (Argon2id via libsodium) and opaque bearer tokens (32 random bytes,
// base64url for the client, SHA-256 hex stored in the database).
#pragma once

#include <optional>
#include <string>

#include "api/http.h"

namespace corrchess::api {

// Argon2id hash string (libsodium crypto_pwhash_str, interactive limits).
std::string hash_password(const std::string& password);
bool verify_password(const std::string& password, const std::string& hash);

struct Token {
  std::string secret;  // given to the client once
  std::string hash;    // what is stored (hex SHA-256 of the secret)
};
Token new_token();
// Hex SHA-256 of a client's token.
std::string token_hash(const std::string& secret);

// The bearer token of a request: "Authorization: Bearer X", or `token` query parameter
// when allow_query (WebSocket upgrades).
std::optional<std::string> bearer_token(const Request& request, bool allow_query = false);

}  // namespace corrchess::api
