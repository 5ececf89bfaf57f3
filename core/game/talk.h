// What players may write about a game besides its moves (docs/rules.md "Messages"): while
// the game runs a message travels only with a move (as on a postcard); once the game
// is over the players may go on writing, unless the event forbids messages. Private notes
// have only a length limit.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::game {

// Longest private note, in characters.
inline constexpr std::size_t kMaxNoteLength = 10000;

// May a player write `text` to the opponent outside a move? Checked in this order:
// kValidationError for an empty or too long text (kMaxMessageLength characters), kConflict
// while the game is not over, kForbidden when the game's rules forbid messages.
Result<void> check_post_game_message(bool game_over, bool messages_allowed, std::string_view text);

// Post-game messages have a limit of their own (docs/api.md "Messages and notes"): one
// author may write at most this many to one game per minute and per day.
inline constexpr int kPostGameMessagesPerMinute = 3;
inline constexpr int kPostGameMessagesPerDay = 30;

// What one author wrote to one game lately (after its end).
struct MessageHistory {
  int last_minute = 0;
  std::optional<Timestamp> oldest_last_minute;
  int last_day = 0;
  std::optional<Timestamp> oldest_last_day;
};
// kRateLimited (with retry_after_seconds, the seconds until the next message is possible)
// when another message now would pass either limit.
Result<void> check_message_rate(const MessageHistory& history, Timestamp now);

// kValidationError when a note is longer than kMaxNoteLength characters.
Result<void> check_note(std::string_view text);

}  // namespace corrchess::game
