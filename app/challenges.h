// Challenges, the way players start games among themselves (docs/api.md "Challenges"):
// create (to a named player or open to anyone), accept (the game is created and starts at
// once), decline, cancel, list, and the rematch of a finished game. Transport-neutral: the
// HTTP adapter is api/challenges.cpp. Every command is one transaction; a refused one
// changes nothing. The people concerned get live messages (challenge, challenge_accepted,
// challenge_declined, challenge_cancelled) queued in the same transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/game/challenge.h"
#include "core/game/game.h"
#include "model/challenges.h"
#include "model/users.h"

namespace corrchess::app {

struct ChallengeDeps {
  Database& pool;
  ServerClock& clock;
  game::GameContext rules;  // zone and oracles for the games created
  game::ChallengeLimits limits;
};

// Longest message a challenge may carry, in characters.
inline constexpr std::size_t kMaxChallengeMessageChars = 1000;

struct ChallengeRequest {
  std::optional<std::string> opponent;  // username; none: open to anyone
  game::ChallengeColor color = game::ChallengeColor::kRandom;
  game::GameSetup setup;  // variant, start_position (none: drawn for Chess960), control, rules
  bool rated = true;
  int min_finished_games = 0;     // only for open challenges
  std::optional<int> min_rating;  // only for open challenges: the acceptor's rating range
  std::optional<int> max_rating;
  std::optional<std::string> message;
  std::optional<game::Timestamp> expires_at;  // none: limits.default_expiry_days from now
};

// A challenge with its status at the instant it was read.
struct ChallengeView {
  model::StoredChallenge stored;
  game::ChallengeStatus status = game::ChallengeStatus::kOpen;
};

// Creates a challenge by `user`. kValidationError for an unknown or own opponent, a time
// control outside the server's bounds, an expiry in the past or beyond the maximum;
// kTooManyChallenges / kTooManyGames at the server's limits. Tells the opponent.
Result<ChallengeView> create_challenge(ChallengeDeps& deps, const model::User& user,
                                       ChallengeRequest request);

// A challenge as `user` may see it: its two players, directors, and anyone for an open
// challenge. kNotFound otherwise (its existence is not revealed).
Result<ChallengeView> get_challenge(ChallengeDeps& deps, const model::User& user, std::int64_t id);

struct ChallengeLists {
  std::vector<ChallengeView> incoming;  // addressed to the user
  std::vector<ChallengeView> outgoing;  // made by the user (open ones included)
  std::vector<ChallengeView> open;      // open challenges of others the user could accept
};
// The user's open challenges, oldest first.
Result<ChallengeLists> list_challenges(ChallengeDeps& deps, const model::User& user);

struct AcceptedChallenge {
  ChallengeView challenge;
  std::int64_t game_id = 0;
};
// Accepts: the game is created (colours as asked, or by a coin for "random"; a Chess960
// position drawn when none was given) and starts now. Errors as game::check_can_accept,
// plus kNotFound when `user` may not see the challenge. Tells both players.
Result<AcceptedChallenge> accept_challenge(ChallengeDeps& deps, const model::User& user,
                                           std::int64_t id);
// Declines a challenge addressed to `user` (kForbidden for others; an open challenge is
// simply not accepted), with an optional reason. Tells the challenger.
Result<ChallengeView> decline_challenge(ChallengeDeps& deps, const model::User& user,
                                        std::int64_t id, std::optional<std::string> reason);
// Cancels a challenge `user` made (kForbidden for others). Tells the opponent.
Result<ChallengeView> cancel_challenge(ChallengeDeps& deps, const model::User& user,
                                       std::int64_t id);
// Challenges the opponent of a finished game `user` played to a new game with colours
// swapped and the same variant, start position, time control and rules (outside any
// event). kConflict when the game is not over, kForbidden when `user` did not play in it.
Result<ChallengeView> rematch(ChallengeDeps& deps, const model::User& user, std::int64_t game_id);

}  // namespace corrchess::app
