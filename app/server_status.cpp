#include "app/server_status.h"

#include <exception>

#include <pqxx/pqxx>

#include "db/error_log.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/migrations.h"
#include "db/node_role.h"
#include "db/pool.h"
#include "db/server_clock.h"

namespace corrchess::app {

Readiness readiness(Database& pool, const std::vector<model::Migration>& migrations) {
  try {
    auto conn = pool.acquire();
    if (db::node_role(*conn).in_recovery) {
      pool.flush();  // the primary failed over: the next transactions connect again
      return {false, "database is read-only (not the primary)"};
    }
    auto current = db::migrations_current(*conn, migrations);
    if (!current) return {false, current.error().detail};
    if (!*current) return {false, "migrations pending"};
    return {true, ""};
  } catch (const std::exception&) {
    return {false, "database unreachable"};
  }
}

std::int64_t live_game_count(Database& pool) {
  try {
    auto conn = pool.acquire();
    pqxx::work tx(*conn);
    return db::count_live_games(tx);
  } catch (const std::exception&) {
    return -1;  // database unreachable
  }
}

PoolUsage pool_usage(const Database& pool) { return {pool.in_use(), pool.waiting(), pool.size()}; }

bool is_manual(const ServerClock& clock) { return clock.is_manual(); }

game::Timestamp now(ServerClock& clock) { return clock.now(); }

namespace {

Result<db::ManualClock*> manual_clock(ServerClock& clock) {
  if (!clock.is_manual()) return fail(ErrorCode::kInternal, "the server clock is not manual");
  return static_cast<db::ManualClock*>(&clock);
}

}  // namespace

Result<game::Timestamp> advance_manual_clock(ServerClock& clock, game::Seconds seconds) {
  TRY_LET(manual, manual_clock(clock));
  return (*manual)->advance(seconds);
}

Result<game::Timestamp> set_manual_clock(ServerClock& clock, game::Timestamp to) {
  TRY_LET(manual, manual_clock(clock));
  return (*manual)->set(to);
}

void log_internal_error(const std::string& text) { db::log_database_error(text); }

}  // namespace corrchess::app
