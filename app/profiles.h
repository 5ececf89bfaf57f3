// Players and profiles (docs/api.md "Players"): a public profile with the player's record,
// changes to one's own profile, and finding players by the start of their username.
// Transport-neutral; the HTTP adapter is api/profiles.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "model/norms.h"
#include "model/series.h"
#include "model/users.h"

namespace corrchess::app {

struct ProfileDeps {
  Database& pool;
  ServerClock& clock;
  game::TimeZone zone;    // the server's zone: "on leave today" is a server-calendar notion
  game::Oracles oracles;  // for the decisions due before a record is counted
};

// A player's public profile: the user, their country, their record (due results stored
// first), whether they are on leave today and their available promotion credits.
struct PublicProfile {
  model::User user;
  std::optional<std::string> country;
  model::PlayerRecord record;
  bool on_leave = false;
  // Promotion credits still available (unused, unexpired), newest first (rules.md 6.8).
  std::vector<model::PromotionCredit> credits;
  // Titles awarded and the norms behind them, oldest first (rules.md 6.12).
  std::vector<model::AwardedTitle> titles;
  std::vector<model::NormRecord> norms;
};
// kNotFound when there is no such user.
Result<PublicProfile> public_profile(ProfileDeps& deps, const std::string& username);

// The caller's private settings, for GET /me (the address is the user's own).
Result<model::ProfileSettings> own_settings(ProfileDeps& deps, const model::User& user);

// Changes the caller's own profile. Every given field is checked first (display name 1–64
// characters without control characters, email with one '@', country, time zone, language
// as core/game/profile.h); kValidationError changes nothing. A new address gets its
// confirmation link when the server requires verified addresses. Returns the updated user.
Result<model::User> update_own_profile(ProfileDeps& deps, const model::User& user,
                                       const model::ProfileChange& change);

inline constexpr int kMaxPlayersFound = 50;
// Up to `limit` (1..kMaxPlayersFound) players whose username starts with `prefix` (1..32
// characters).
Result<std::vector<model::User>> find_players(ProfileDeps& deps, const std::string& prefix,
                                              int limit);

}  // namespace corrchess::app
