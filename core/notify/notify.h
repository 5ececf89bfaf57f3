// Notification decisions (docs/operations.md "Notifications"): which player is told what
// about a game change, when reminders fall due, what a user's preferences allow, and how
// long a failed delivery waits before the next try. Pure: no I/O, no clock, no randomness
// (callers pass the instants and the random draw in).
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/facts.h"
#include "core/game/game.h"
#include "core/game/time.h"
#include "core/game/time_zone.h"

namespace corrchess::notify {

// What a notification is about; each kind is switched per user and channel.
enum class Kind {
  kOpponentMoved,        // the opponent's move (and a draw offer it carries)
  kDrawDeclined,         // my draw offer was declined
  kClaimDecided,         // a claim in my game was decided (either player's)
  kGameOver,             // my game ended (result, termination, PGN)
  kGameStarted,          // my game started (a challenge accepted, an event started)
  kChallengeReceived,    // somebody challenged me
  kDeadlineReminder,     // my flag falls soon
  kSilenceReminder,      // I have not moved for 14, 28 or 35 days (ICCF)
  kDirectorDecision,     // a director suspended, resumed or adjusted a clock in my game
  kAdjudicationPending,  // the event's end date passed with my game unfinished
  kOpponentLeave,        // my opponent's leave was approved, cancelled or ended
  kCompetition,          // my series entry started a section, expired or was removed; I earned
                         // a promotion credit (rules.md 6.8)
};
enum class Channel { kEmail, kWebhook, kPush };

// Every kind, in the order of the enum (the preferences show and take each of them).
inline constexpr Kind kAllKinds[] = {Kind::kOpponentMoved,    Kind::kDrawDeclined,
                                     Kind::kClaimDecided,     Kind::kGameOver,
                                     Kind::kGameStarted,      Kind::kChallengeReceived,
                                     Kind::kDeadlineReminder, Kind::kSilenceReminder,
                                     Kind::kDirectorDecision, Kind::kAdjudicationPending,
                                     Kind::kOpponentLeave,    Kind::kCompetition};
static_assert(std::size(kAllKinds) == static_cast<std::size_t>(Kind::kCompetition) + 1,
              "kAllKinds lists every Kind");
inline constexpr Channel kAllChannels[] = {Channel::kEmail, Channel::kWebhook, Channel::kPush};

std::string_view to_string(Kind k);     // "opponent_moved", "draw_declined", ...
std::string_view to_string(Channel c);  // "email", "webhook", "push"
std::optional<Kind> parse_kind(std::string_view text);
std::optional<Channel> parse_channel(std::string_view text);

// Deadline reminders by default: 7 days, 3 days, 24 hours and 8 hours before the flag falls.
inline constexpr game::Seconds kDefaultReminderOffsets[] = {7 * 86400, 3 * 86400, 86400, 8 * 3600};
// ICCF silence reminders: days without a move; the last one is copied to the director.
inline constexpr int kSilenceReminderDays[] = {14, 28, 35};
inline constexpr int kSilenceDirectorCopyDays = 35;
// At most this many deadline reminders per user, each between 1 hour and 60 days.
inline constexpr std::size_t kMaxReminderOffsets = 8;
inline constexpr game::Seconds kMinReminderOffset = 3600;
inline constexpr game::Seconds kMaxReminderOffset = 60 * 86400;

// A user's choices (no stored row: the defaults).
struct Preferences {
  std::vector<std::pair<Kind, Channel>> disabled;
  std::vector<game::Seconds> reminder_offsets{std::begin(kDefaultReminderOffsets),
                                              std::end(kDefaultReminderOffsets)};
  std::optional<int> digest_hour;  // 0..23 local; set: per-move mails go into the digest
  bool operator==(const Preferences&) const = default;
};

// Whether the user wants `kind` on `channel`.
bool wants(const Preferences& prefs, Kind kind, Channel channel);
// Checks reminder offsets (count, range, no duplicates); sorted descending on success.
Result<std::vector<game::Seconds>> checked_reminder_offsets(std::vector<game::Seconds> offsets);

// One thing a player of a game is told about a change.
struct Notice {
  Kind kind = Kind::kOpponentMoved;
  game::Color to = game::Color::kWhite;  // the player told
  int ply = 0;                           // the move told about (kOpponentMoved), else 0
  std::size_t event_index = 0;           // kClaimDecided, kDirectorDecision: index into the events
};

// What the players learn from one committed change of a game, given the state before, the
// accepted moves, the new events and the state after: the opponent's moves, a declined
// offer, decided claims, directors' clock decisions, the start, adjudication pending and
// the end of the game (the last five to both players).
std::vector<Notice> game_notices(const game::GameState& before,
                                 const std::vector<game::MoveFact>& moves,
                                 const std::vector<game::GameEvent>& events,
                                 const game::GameState& after);

// A reminder to be written to the outbox now and delivered at `due`.
struct Reminder {
  Kind kind = Kind::kDeadlineReminder;
  game::Color to = game::Color::kWhite;
  game::Timestamp due;
  game::Timestamp deadline;  // kDeadlineReminder: when the flag falls
  game::Seconds before = 0;  // kDeadlineReminder: how long before the deadline
  int silent_days = 0;       // kSilenceReminder: days without a move at `due`
  bool copy_director = false;
  // Unique per game, player, ply and instant: written at most once, even by two instances.
  std::string dedupe_key;
};

// The reminders the player to move should get after a change (state `after`, at `now`),
// all strictly after `now`: one per offset before their deadline, and (when the game's
// silence rule applies) after 14, 28 and 35 days from the start of their turn. None when
// the game is not ongoing, the clocks are suspended or the deadline is unknown.
std::vector<Reminder> reminders_after(std::int64_t game_id, const game::GameSetup& setup,
                                      const game::GameState& after, game::Timestamp now,
                                      const std::vector<game::Seconds>& offsets);

// Whether a user with a daily digest gets `kind` in the digest instead of at once (moves,
// declined offers, claims, starts and challenges; reminders and game ends stay immediate).
bool digested(Kind kind);
inline constexpr Kind kDigestedKinds[] = {Kind::kOpponentMoved,     Kind::kDrawDeclined,
                                          Kind::kClaimDecided,      Kind::kGameStarted,
                                          Kind::kChallengeReceived, Kind::kOpponentLeave};
// The first instant after `now` at which it is `hour`:00 in `zone`.
game::Timestamp next_digest_at(game::Timestamp now, const game::TimeZone& zone, int hour);

// Retry timing of failed deliveries: the delay before attempt `attempt` + 1 (attempt >= 1)
// is base * 2^(attempt - 1) capped at `cap`, plus a jitter of up to a quarter of it taken
// from `random_unit` in [0, 1).
struct RetryPolicy {
  game::Seconds base = 30;
  game::Seconds cap = 3600;
  game::Seconds give_up_after = 2 * 86400;  // since the first attempt
};
game::Seconds retry_delay(const RetryPolicy& policy, int attempt, double random_unit);

}  // namespace corrchess::notify
