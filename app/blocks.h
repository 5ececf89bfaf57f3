// Blocking a player (docs/api.md "Blocking a player"): a player's block list, and what a
// block stops. Whoever `user` blocked cannot challenge them (named challenges, rematches,
// accepting their open challenges), their open challenges to `user` are declined at once,
// their open challenges are not listed for `user` (nor `user`'s for them), and they cannot
// write to `user` (post-game messages, messages carried by moves); so no mails about any of
// these reach `user` either. Games already running go on. Transport-neutral: the HTTP
// adapter is api/blocks.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "db/blocks.h"
#include "db/pool.h"
#include "db/server_clock.h"
#include "db/users.h"

namespace corrchess::app {

struct BlockDeps {
  db::Pool& pool;
  db::ServerClock& clock;
};

// `user` blocks the player `username` (kNotFound: no such user; kValidationError: oneself).
// Idempotent: blocking again keeps the first instant. Their open challenges to `user` are
// declined (they get the usual challenge_declined message).
Result<db::Block> block_user(BlockDeps& deps, const db::User& user, const std::string& username);
// Lifts the block; nothing to lift is no error (idempotent, like blocking). kNotFound: no such
// user.
Result<void> unblock_user(BlockDeps& deps, const db::User& user, const std::string& username);
// The players `user` blocked, newest first.
Result<std::vector<db::Block>> blocked_users(BlockDeps& deps, const db::User& user);

// Inside a use case's transaction: kForbidden when `recipient_id` blocked `sender_id`
// (`what` names what is refused: "challenges", "messages").
Result<void> check_not_blocked(pqxx::work& tx, std::int64_t recipient_id, std::int64_t sender_id,
                               const char* what);

}  // namespace corrchess::app
