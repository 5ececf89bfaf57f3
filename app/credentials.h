// Password hashing (Argon2id via libsodium) and opaque tokens (32 random bytes, base64url
// for the client, SHA-256 hex stored in the database): bearer tokens and mailed links.
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"

namespace corrchess::app {

// Sets how many hashes and verifications may run at once (64 MiB each; 0: one per core) and
// how many more may wait for their turn (0: as many as may run). Call before serving.
void set_hash_limits(unsigned running, unsigned waiting);

// The Argon2id cost of new password hashes: libsodium's interactive limits (64 MiB, about a
// quarter of a second of one core here), or its minimum (8 KiB, well under a millisecond),
// which no deployment should use: it exists so that the test suite, which signs up thousands
// of players, does not spend half its end-to-end time hashing (CORRCHESS_PASSWORD_HASH=minimum).
// Verification uses the cost stored in each hash. Call before serving.
enum class HashCost { kInteractive, kMinimum };
void set_hash_cost(HashCost cost);

// Seconds a caller refused because the hash bound is full should wait (Retry-After).
inline constexpr std::int64_t kHashBusyRetrySeconds = 1;

// Argon2id hash string (libsodium crypto_pwhash_str, the limits of set_hash_cost). At most the
// limits above of hashes and verifications run at a time and wait their turn (each holds a request
// thread while it waits); past that a call is refused at once with kUnavailable, so a flood
// of sign-ins cannot take every request thread (the caller answers 503 with Retry-After:
// kHashBusyRetrySeconds).
Result<std::string> hash_password(const std::string& password);
// Whether `password` matches `hash`; kUnavailable as hash_password.
Result<bool> verify_password(const std::string& password, const std::string& hash);
// Spends the work of one verify_password on a hash no password matches, so that a login as
// an unknown user takes as long as a wrong password for a real one (no user enumeration);
// kUnavailable as hash_password.
Result<void> verify_against_nobody(const std::string& password);

// How many Argon2 computations (hashes and checks) this process made since it started (the
// metric corrchess_password_hashes_computed: where the CPU of sign-ins goes).
std::uint64_t password_hash_computations();

struct Token {
  std::string secret;  // given to the client once
  std::string hash;    // what is stored (hex SHA-256 of the secret)
};
Token new_token();
// Hex SHA-256 of a client's token.
std::string token_hash(const std::string& secret);

}  // namespace corrchess::app
