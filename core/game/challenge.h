// Challenges (docs/rules.md "Challenges"): a player proposes a game to a named opponent, or
// to anyone (an open challenge, a "seek"); the game is created when it is accepted. Pure
// decisions only: which colour each side gets, whether a challenge is still open at an
// instant, whether a time control lies within the server's bounds, and whether a player may
// create or accept one under the server's limits. Storage is db/challenges.h, the use cases
// app/challenges.h.
#pragma once

#include <optional>
#include <string_view>

#include "core/error.h"
#include "core/game/facts.h"
#include "core/game/time.h"
#include "core/game/time_control.h"

namespace corrchess::game {

// The colour the challenger asks for.
enum class ChallengeColor { kWhite, kBlack, kRandom };
std::string_view to_string(ChallengeColor c);
// "white", "black" or "random"; kValidationError otherwise.
Result<ChallengeColor> parse_challenge_color(std::string_view text);

// As stored. kExpired is never stored: an open challenge whose expiry has passed is
// expired from that instant on (effective_status).
enum class ChallengeStatus { kOpen, kAccepted, kDeclined, kCancelled, kExpired };
std::string_view to_string(ChallengeStatus s);
// The stored names (open, accepted, declined, cancelled); kValidationError otherwise.
Result<ChallengeStatus> parse_challenge_status(std::string_view text);
// The status at `now`: an open challenge expires at `expires_at` (inclusive).
ChallengeStatus effective_status(ChallengeStatus stored, Timestamp expires_at, Timestamp now);

// Server settings. Zero for a maximum means "no limit".
struct ChallengeLimits {
  int max_open_challenges = 20;  // open challenges one player may have out at a time
  int max_ongoing_games = 200;   // unfinished games (not_started, ongoing, adjudication
                                 // pending) beyond which nobody may challenge or accept
  int min_days = 1;              // bounds of the thinking time for the first move
  int max_days = 180;            // ... and of every other day count of the time control
  int default_expiry_days = 14;
  int max_expiry_days = 60;
  // Against floods of one player's challenges at another (docs/rules.md "Challenges"):
  int max_per_opponent_per_day = 5;  // challenges (rematches included) to one opponent in any
                                     // 24 hours
  int cooldown_after_decline_minutes = 60;  // before challenging again whoever declined
  int cooldown_after_cancel_minutes = 10;   // ... or the opponent of a cancelled challenge
};

// What one challenger did to one opponent lately, as the per-opponent limits need it.
struct ChallengeHistory {
  int made_last_day = 0;                     // challenges created in the 24 hours before now
  std::optional<Timestamp> oldest_last_day;  // the oldest of them
  std::optional<Timestamp> last_declined_at;
  std::optional<Timestamp> last_cancelled_at;
};
// May the challenger challenge this opponent now? kRateLimited otherwise, naming when, with
// the member `retry_after_seconds` (the seconds until it may: a problem's Retry-After).
Result<void> check_can_challenge_opponent(const ChallengeHistory& history, Timestamp now,
                                          const ChallengeLimits& limits);

// The days a player has for the first move under `control` (ICCF: the period's days,
// Fischer: the initial days, days per move: the days per move, Triple Block: its 50-day
// clock). The bounds of ChallengeLimits apply to it.
int first_move_days(const TimeControl& control);
// kValidationError unless first_move_days lies within min_days..max_days and no other day
// count of the control (increments, banks, caps, doubling thresholds) exceeds max_days.
Result<void> check_time_control_bounds(const TimeControl& control, const ChallengeLimits& limits);

// The challenger's colour: the one asked for, or the coin's when kRandom (`coin` true:
// white).
Color challenger_color(ChallengeColor asked, bool coin);

// kChallengeClosed (naming the status) unless `status` is kOpen: only an open challenge can be
// accepted, declined or cancelled.
Result<void> check_challenge_open(ChallengeStatus status);

// May a player with `open_challenges` open (unexpired) challenges and `ongoing_games`
// unfinished games create another? kTooManyChallenges / kTooManyGames otherwise.
Result<void> check_can_challenge(int open_challenges, int ongoing_games,
                                 const ChallengeLimits& limits);

// What accepting needs to know about a challenge and the player accepting it.
struct AcceptCheck {
  ChallengeStatus status = ChallengeStatus::kOpen;  // effective status now
  bool by_challenger = false;                       // the acceptor made the challenge
  bool addressed_to_acceptor = false;               // it names the acceptor as opponent
  bool open_to_anyone = false;                      // it names no opponent
  int min_finished_games = 0;                       // a seek's experience limit
  int acceptor_finished_games = 0;
  int acceptor_ongoing_games = 0;
  int challenger_ongoing_games = 0;
};
// kChallengeClosed when not open (naming why), kForbidden when the challenge is the
// acceptor's own or addressed to someone else, kForbidden when the acceptor has finished
// fewer games than the seek asks, kTooManyGames when either player is at the limit.
Result<void> check_can_accept(const AcceptCheck& c, const ChallengeLimits& limits);

}  // namespace corrchess::game
