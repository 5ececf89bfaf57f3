#include "core/game/talk.h"

#include <string>

#include "core/game/facts.h"
#include "core/game/game.h"
#include "core/game/wait_text.h"

namespace corrchess::game {

Result<void> check_post_game_message(bool game_over, bool messages_allowed, std::string_view text) {
  // The text first: a request is refused for its body (400) before the operation is looked
  // at (api.md "Errors").
  const auto characters = utf8_characters(text);
  if (characters == 0 || characters > kMaxMessageLength) {
    return fail(ErrorCode::kValidationError,
                "text must have 1 to " + std::to_string(kMaxMessageLength) + " characters");
  }
  if (!game_over) {
    return fail(ErrorCode::kConflict, "while the game runs, a message travels with your move");
  }
  if (!messages_allowed) {
    return fail(ErrorCode::kForbidden, "messages are not allowed in this game");
  }
  return {};
}

Result<void> check_message_rate(const MessageHistory& history, Timestamp now) {
  std::optional<Timestamp> allowed_from;
  std::string why;
  if (history.last_day >= kPostGameMessagesPerDay && history.oldest_last_day) {
    allowed_from = *history.oldest_last_day + days(1);
    why = std::to_string(kPostGameMessagesPerDay) + " messages a day";
  } else if (history.last_minute >= kPostGameMessagesPerMinute && history.oldest_last_minute) {
    allowed_from = *history.oldest_last_minute + kSecondsPerMinute;
    why = std::to_string(kPostGameMessagesPerMinute) + " messages a minute";
  }
  if (!allowed_from || *allowed_from <= now) return {};
  const Seconds wait = *allowed_from - now;
  return std::unexpected(
      Error{ErrorCode::kRateLimited,
            "at most " + why + " to one game; try again in " + std::to_string(wait) + " seconds"}
          .with_json("retry_after_seconds", std::to_string(wait)));
}

Result<void> check_note(std::string_view text) {
  if (utf8_characters(text) > kMaxNoteLength) {
    return fail(ErrorCode::kValidationError,
                "a note has at most " + std::to_string(kMaxNoteLength) + " characters");
  }
  return {};
}

}  // namespace corrchess::game
