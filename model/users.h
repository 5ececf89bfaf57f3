// The records of db/users.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace corrchess::model {

struct User {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
  std::optional<std::string> email;
  std::string role;        // player | td | admin
  std::string created_at;  // RFC 3339 UTC

  bool operator==(const User&) const = default;
};

struct NewUser {
  std::string username;
  std::string display_name;
  std::optional<std::string> email;
  std::string password_hash;
  std::string role = "player";
};

// The user owning a live token and the seconds until the token expires.
struct TokenOwner {
  User user;
  std::int64_t expires_in_seconds = 0;
};

// Throttling of logins and registrations (table login_attempts): per key and address, the
// first `free_attempts` within `window_seconds` pass; each further one first waits
// base_seconds, doubling per attempt up to max_seconds (max_seconds <= window_seconds).
struct ThrottlePolicy {
  int free_attempts = 5;
  int base_seconds = 60;
  int max_seconds = 900;
  int window_seconds = 900;
};

// The optional settings of a profile.
struct ProfileSettings {
  std::optional<std::string> country;    // ISO 3166-1 alpha-2
  std::optional<std::string> time_zone;  // IANA name, for display
  std::optional<std::string> language;   // BCP 47 tag
};

// A change of one's own profile: an absent member keeps the value, an empty optional inside
// clears it. Fields are checked by the caller.
struct ProfileChange {
  std::optional<std::string> display_name;
  std::optional<std::optional<std::string>> email;
  std::optional<std::optional<std::string>> country;
  std::optional<std::optional<std::string>> time_zone;
  std::optional<std::optional<std::string>> language;
};

// A player's games: finished (not annulled) with wins, draws and losses among them, and
// games not over yet.
struct PlayerRecord {
  int finished = 0;
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int current = 0;
};

}  // namespace corrchess::model
