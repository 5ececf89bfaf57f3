#include "app/server_status.h"

#include <exception>

#include <pqxx/pqxx>

#include "db/game_schedule.h"
#include "db/games.h"

namespace corrchess::app {

Readiness readiness(db::Pool& pool, const std::vector<db::Migration>& migrations) {
  try {
    auto conn = pool.acquire();
    auto current = db::migrations_current(*conn, migrations);
    if (!current) return {false, current.error().detail};
    if (!*current) return {false, "migrations pending"};
    return {true, ""};
  } catch (const std::exception&) {
    return {false, "database unreachable"};
  }
}

std::int64_t live_game_count(db::Pool& pool) {
  try {
    auto conn = pool.acquire();
    pqxx::work tx(*conn);
    return db::count_live_games(tx);
  } catch (const std::exception&) {
    return -1;  // database unreachable
  }
}

}  // namespace corrchess::app
