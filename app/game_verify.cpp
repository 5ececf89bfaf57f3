#include "app/game_verify.h"

#include <optional>

#include "app/game_store.h"
#include "core/game/snapshot.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

template <typename T>
std::string shown(const std::optional<T>& value) {
  if (!value) return "none";
  if constexpr (std::is_same_v<T, std::string>) {
    return "'" + *value + "'";
  } else {
    return std::to_string(*value);
  }
}
std::string shown(const std::string& value) { return "'" + value + "'"; }
std::string shown(int value) { return std::to_string(value); }

// The differences between the stored columns and the replay's, by column.
std::vector<std::string> compare(const model::CachedColumns& stored,
                                 const model::CachedColumns& replay, bool due) {
  std::vector<std::string> out;
  const auto check = [&](const char* name, const auto& a, const auto& b) {
    if (a != b) out.push_back(std::string(name) + ": stored " + shown(a) + ", replay " + shown(b));
  };
  check("fen", stored.fen, replay.fen);
  check("ply", stored.ply, replay.ply);
  check("to_move", stored.to_move, replay.to_move);
  if (due) return out;
  check("status", stored.status, replay.status);
  check("result", stored.result, replay.result);
  check("termination", stored.termination, replay.termination);
  check("finished_at", stored.finished_at, replay.finished_at);
  check("next_deadline", stored.next_deadline, replay.next_deadline);
  check("draw_offer_by", stored.draw_offer_by, replay.draw_offer_by);
  return out;
}

}  // namespace

Result<VerifyReport> verify_games(GameDeps& deps,
                                  const std::function<void(const GameDifference&)>& on_difference) {
  VerifyReport report;
  std::int64_t after = 0;
  constexpr int kPage = 500;
  for (;;) {
    TRY_LET(ids, db::in_transaction(deps.pool, [&](pqxx::work& tx) {
              return Result<std::vector<std::int64_t>>(db::game_ids_after(tx, after, kPage));
            }));
    if (ids->empty()) return report;
    for (const auto id : *ids) {
      std::vector<std::string> found;
      auto checked = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
        auto stored = db::load_game(tx, id, true);
        if (!stored) {
          if (stored.error().code == ErrorCode::kNotFound) return {};  // deleted meanwhile
          found.push_back("cannot be read: " + stored.error().detail);
          return {};
        }
        const auto now = deps.clock.now(tx);
        auto game = game::Game::replay(stored->facts, context_for(deps, *stored), now);
        if (!game) {
          found.push_back("replay fails: " + game.error().detail);
          return {};
        }
        const auto columns = db::load_cached_columns(tx, id);
        if (!columns) return {};
        const auto replayed = db::cached_columns(game->state(), stored->facts.setup.start_at);
        const bool due = columns->next_deadline && *columns->next_deadline <= now.unix_seconds();
        found = compare(*columns, replayed, due);
        // The snapshot (move log and window) must continue the game exactly as every move
        // does: the replay from it is compared with the full one.
        auto from_snapshot = db::load_game(tx, id, false, model::FactsRead::kFromSnapshot);
        if (!from_snapshot) {
          found.push_back("snapshot cannot be read: " + from_snapshot.error().detail);
          return {};
        }
        if (!from_snapshot->facts.window) return {};
        auto windowed =
            game::Game::replay(from_snapshot->facts, context_for(deps, *from_snapshot), now);
        if (!windowed) {
          // Only a flag that fell before the window asks for the full replay (kConflict).
          if (windowed.error().code != ErrorCode::kConflict) {
            found.push_back("snapshot replay fails: " + windowed.error().detail);
          }
          return {};
        }
        if (auto diff = game::snapshot_difference(game->state(), windowed->state())) {
          found.push_back("snapshot: the replay from its window differs in " + *diff);
        }
        if (windowed->snapshot_window() != game->snapshot_window()) {
          found.push_back("snapshot: its window is not the one the game keeps");
        }
        return {};
      });
      if (!checked) return std::unexpected(checked.error());
      ++report.games;
      if (found.empty()) continue;
      ++report.differences;
      for (auto& what : found) on_difference(GameDifference{id, std::move(what)});
    }
    after = ids->back();
  }
}

}  // namespace corrchess::app
