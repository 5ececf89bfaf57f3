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

#include "app/handles.h"
#include "core/error.h"
#include "model/blocks.h"
#include "model/users.h"

namespace corrchess::app {

struct BlockDeps {
  Database& pool;
  ServerClock& clock;
};

// `user` blocks the player `username` (kNotFound: no such user; kValidationError: oneself).
// Idempotent: blocking again keeps the first instant. Their open challenges to `user` are
// declined (they get the usual challenge_declined message).
Result<model::Block> block_user(BlockDeps& deps, const model::User& user,
                                const std::string& username);
// Lifts the block; nothing to lift is no error (idempotent, like blocking). kNotFound: no such
// user.
Result<void> unblock_user(BlockDeps& deps, const model::User& user, const std::string& username);
// The players `user` blocked, newest first.
Result<std::vector<model::Block>> blocked_users(BlockDeps& deps, const model::User& user);

}  // namespace corrchess::app
