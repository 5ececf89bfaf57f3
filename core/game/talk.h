// What players may write about a game besides its moves (docs/rules.md "Messages"): while
// the game runs a message travels only with a move (as on a postcard); once the game
// is over the players may go on writing, unless the event forbids messages. Private notes
// have only a length limit.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/error.h"

namespace corrchess::game {

// Longest private note, in characters.
inline constexpr std::size_t kMaxNoteLength = 10000;

// May a player write `text` to the opponent outside a move? kConflict while the game is not
// over, kForbidden when the game's rules forbid messages, kValidationError for an empty or
// too long text (kMaxMessageLength characters).
Result<void> check_post_game_message(bool game_over, bool messages_allowed, std::string_view text);

// kValidationError when a note is longer than kMaxNoteLength characters.
Result<void> check_note(std::string_view text);

}  // namespace corrchess::game
