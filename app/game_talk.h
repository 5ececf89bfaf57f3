// Messages about a game and private notes (docs/api.md "Messages and notes"), transport-
// neutral; the HTTP adapter is api/game_talk.cpp. The rules are core/game/talk.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/handles.h"
#include "core/error.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "model/game_talk.h"
#include "model/users.h"

namespace corrchess::app {

struct TalkDeps {
  Database& pool;
  ServerClock& clock;
  game::TimeZone zone;    // with the oracles: to store a decision already due (a flag fall)
  game::Oracles oracles;  // before a post-game message is checked
};

// The thread of a game, for its players and directors (kForbidden for others, kNotFound
// when there is no such game).
Result<std::vector<model::ThreadMessage>> game_messages(TalkDeps& deps, const model::User& user,
                                                        std::int64_t game_id);
// A player writes to the opponent after the game ended (core/game/talk.h); the opponent is
// told by a live `message`. Returns the stored message.
Result<model::ThreadMessage> post_game_message(TalkDeps& deps, const model::User& user,
                                               std::int64_t game_id, const std::string& text);
// The caller's own note on a game (none: never written or cleared). kNotFound when there is
// no such game. Nobody else ever reads it.
Result<std::optional<model::Note>> own_note(TalkDeps& deps, const model::User& user,
                                            std::int64_t game_id);
// Replaces the caller's note (an empty text deletes it).
Result<std::optional<model::Note>> save_own_note(TalkDeps& deps, const model::User& user,
                                                 std::int64_t game_id, const std::string& text);

}  // namespace corrchess::app
