// Players' block lists in PostgreSQL (table user_blocks, migrations/0020_blocks.sql): who
// blocked whom, since when. What a block stops is decided in app/ (app/blocks.h).
#pragma once

#include <cstdint>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/time.h"
#include "db/users.h"
#include "model/blocks.h"

namespace corrchess::db {

// The records of model/blocks.h under their db/ names.
using model::Block;

// Adds the block (kept as it was when it exists); true when it is new.
bool insert_block(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id,
                  game::Timestamp at);
// Removes it; false when there was none.
bool delete_block(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id);
// The players `blocker_id` blocked, newest first.
std::vector<Block> blocks_of(pqxx::work& tx, std::int64_t blocker_id);
// Has `blocker_id` blocked `blocked_id`?
bool blocks(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id);

// Has the opponent of `user_id` in game `game_id` blocked them? (false when `user_id` does
// not play in it)
bool opponent_blocks(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id);

}  // namespace corrchess::db
