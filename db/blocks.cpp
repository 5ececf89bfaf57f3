#include "db/blocks.h"

namespace corrchess::db {

bool insert_block(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id,
                  game::Timestamp at) {
  return !tx.exec_params(
                "INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, "
                "to_timestamp($3)) ON CONFLICT DO NOTHING RETURNING blocked_id",
                blocker_id, blocked_id, at.unix_seconds())
              .empty();
}

bool delete_block(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id) {
  return !tx.exec_params(
                "DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING "
                "blocked_id",
                blocker_id, blocked_id)
              .empty();
}

std::vector<Block> blocks_of(pqxx::work& tx, std::int64_t blocker_id) {
  std::vector<Block> out;
  for (const auto& row : tx.exec_params(
           "SELECT blocked_id, extract(epoch FROM created_at)::bigint FROM user_blocks WHERE "
           "blocker_id = $1 ORDER BY created_at DESC, blocked_id",
           blocker_id)) {
    if (auto user = find_user_by_id(tx, row[0].as<std::int64_t>())) {
      out.push_back({*user, game::Timestamp(row[1].as<std::int64_t>())});
    }
  }
  return out;
}

bool blocks(pqxx::work& tx, std::int64_t blocker_id, std::int64_t blocked_id) {
  return !tx.exec_params("SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2",
                         blocker_id, blocked_id)
              .empty();
}

bool opponent_blocks(pqxx::work& tx, std::int64_t game_id, std::int64_t user_id) {
  return !tx.exec_params(
                "SELECT 1 FROM games g JOIN user_blocks b ON b.blocked_id = $2 AND "
                "b.blocker_id = CASE WHEN g.white_id = $2 THEN g.black_id ELSE g.white_id END "
                "WHERE g.id = $1 AND $2 IN (g.white_id, g.black_id)",
                game_id, user_id)
              .empty();
}

}  // namespace corrchess::db
