// Messages about a game and private notes in PostgreSQL (migrations/0009_game_talk.sql).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/talk.h"
#include "core/game/time.h"
#include "model/game_talk.h"

namespace corrchess::db {

// The records of model/game_talk.h under their db/ names.
using model::Note;
using model::ThreadMessage;

// The thread of game `game_id` in time order: the messages moves carried, then the ones
// written after the end.
std::vector<ThreadMessage> game_thread(pqxx::work& tx, std::int64_t game_id);
// Appends a message written after the end by `author_id` at `at`.
void insert_game_message(pqxx::work& tx, std::int64_t game_id, std::int64_t author_id,
                         const std::string& text, game::Timestamp at);
// Queues the live message {type: "message", game_id, at, author, message} of `message` for
// `users` (db::notify_game).
void notify_game_message(pqxx::work& tx, std::int64_t game_id,
                         const std::vector<std::int64_t>& users, const ThreadMessage& message);

// The note of `user_id` on game `game_id`, if any.
std::optional<Note> game_note(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id);
// What `author_id` wrote to game `game_id` after its end in the minute and the day before
// `now` (post-game messages only: those moves carried have their own rules).
game::MessageHistory message_history(pqxx::work& tx, std::int64_t game_id, std::int64_t author_id,
                                     game::Timestamp now);
// Whether `user_id` plays in game `game_id` (false when there is no such game).
bool plays_in(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id);
// Stores (replaces) the note; an empty text deletes it.
void save_game_note(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id,
                    const std::string& text, game::Timestamp at);

}  // namespace corrchess::db
