// The records of db/challenges.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/game/challenge.h"
#include "core/game/facts.h"
#include "model/users.h"

namespace corrchess::model {

struct StoredChallenge {
  std::int64_t id = 0;
  User challenger;
  // The named opponent; for an open challenge none, or once accepted the acceptor.
  std::optional<User> opponent;
  bool open_to_anyone = false;  // made without an opponent (a "seek")
  game::ChallengeColor color = game::ChallengeColor::kRandom;
  // Variant, Chess960 position (none: drawn at acceptance), time control and rules; the
  // start instant and initial FEN are set when the game is created.
  game::GameSetup setup;
  bool rated = true;
  int min_finished_games = 0;
  // Open challenges: the acceptor's rating range in the variant's pool (docs/ratings.md).
  std::optional<int> min_rating;
  std::optional<int> max_rating;
  std::optional<std::string> message;
  std::optional<std::int64_t> rematch_of;
  game::ChallengeStatus status = game::ChallengeStatus::kOpen;  // as stored (never kExpired)
  game::Timestamp created_at;
  game::Timestamp expires_at;
  std::optional<game::Timestamp> decided_at;
  std::optional<std::string> decided_by;  // username
  std::optional<std::string> reason;
  std::optional<std::int64_t> game_id;
};

// The challenge object of the API and of the live messages, with its status at the instant
// it was read.
nlohmann::json challenge_json(const StoredChallenge& c, game::ChallengeStatus status);

}  // namespace corrchess::model
