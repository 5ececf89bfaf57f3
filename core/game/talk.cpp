#include "core/game/talk.h"

#include <string>

#include "core/game/facts.h"
#include "core/game/game.h"

namespace corrchess::game {

Result<void> check_post_game_message(bool game_over, bool messages_allowed, std::string_view text) {
  if (!game_over) {
    return fail(ErrorCode::kConflict, "while the game runs, a message travels with your move");
  }
  if (!messages_allowed) {
    return fail(ErrorCode::kForbidden, "messages are not allowed in this event");
  }
  const auto characters = utf8_characters(text);
  if (characters == 0 || characters > kMaxMessageLength) {
    return fail(ErrorCode::kValidationError,
                "text must have 1 to " + std::to_string(kMaxMessageLength) + " characters");
  }
  return {};
}

Result<void> check_note(std::string_view text) {
  if (utf8_characters(text) > kMaxNoteLength) {
    return fail(ErrorCode::kValidationError,
                "a note has at most " + std::to_string(kMaxNoteLength) + " characters");
  }
  return {};
}

}  // namespace corrchess::game
