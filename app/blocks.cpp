#include "app/blocks.h"

#include "db/blocks.h"
#include "db/challenges.h"
#include "db/server_clock.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

namespace {

Result<model::User> other_player(pqxx::work& tx, const model::User& user,
                                 const std::string& username) {
  auto other = db::find_user(tx, username);
  if (!other) return fail(ErrorCode::kNotFound, "no user '" + username + "'");
  if (other->id == user.id) return fail(ErrorCode::kValidationError, "you cannot block yourself");
  return *other;
}

}  // namespace

Result<model::Block> block_user(BlockDeps& deps, const model::User& user,
                                const std::string& username) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::Block> {
    TRY_LET(blocked, other_player(tx, user, username));
    const auto now = deps.clock.now(tx);
    db::insert_block(tx, user.id, blocked->id, now);
    // What they asked of `user` and is still open is declined now, as `user` would.
    for (auto& c : db::open_challenges_between(tx, blocked->id, user.id, now)) {
      db::close_challenge(tx, c.id, game::ChallengeStatus::kDeclined, now, user.id, std::nullopt,
                          std::nullopt);
      c.status = game::ChallengeStatus::kDeclined;
      c.decided_at = now;
      c.decided_by = user.username;
      db::notify_challenge(tx, {blocked->id, user.id}, "challenge_declined", c, c.status, now);
    }
    for (const auto& b : db::blocks_of(tx, user.id)) {
      if (b.blocked.id == blocked->id) return b;
    }
    return fail(ErrorCode::kInternal, "the block was not stored");
  });
}

Result<void> unblock_user(BlockDeps& deps, const model::User& user, const std::string& username) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(blocked, other_player(tx, user, username));
    db::delete_block(tx, user.id, blocked->id);  // idempotent, like blocking
    return {};
  });
}

Result<std::vector<model::Block>> blocked_users(BlockDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<model::Block>> {
    return db::blocks_of(tx, user.id);
  });
}

}  // namespace corrchess::app
