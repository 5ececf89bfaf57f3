// The archive (app/archive.h).
#include "app/archive.h"

#include "app/games.h"
#include "db/archive.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

Result<ArchiveExport> open_archive(GameDeps& deps, const ArchiveRequest& request) {
  TRY_LET(opened, db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<ArchiveExport> {
            auto player = db::find_user(tx, request.username);
            if (!player) return fail(ErrorCode::kNotFound, "no user '" + request.username + "'");
            ArchiveExport out;
            out.filter = request.filter;
            out.filter.player_id = player->id;
            if (request.opponent) {
              auto opponent = db::find_user(tx, *request.opponent);
              if (!opponent) {
                return fail(ErrorCode::kValidationError, "no user '" + *request.opponent + "'");
              }
              out.filter.opponent_id = opponent->id;
            }
            out.player = std::move(*player);
            return out;
          }));
  TRY(settle_due_games(deps, {opened->player.id, std::nullopt}));
  return opened;
}

Result<std::vector<GameView>> next_archive_page(GameDeps& deps, const model::User& caller,
                                                ArchiveExport& archive, int limit) {
  std::vector<GameView> page;
  if (archive.done) return page;
  TRY_LET(ids, db::in_transaction(deps.replica != nullptr ? *deps.replica : deps.pool,
                                  [&](pqxx::work& tx) -> Result<std::vector<std::int64_t>> {
                                    return db::archive_game_ids(tx, archive.filter,
                                                                archive.after_id, limit);
                                  }));
  if (static_cast<int>(ids->size()) < limit) archive.done = true;
  for (const auto id : *ids) {
    archive.after_id = id;
    auto shown = view_game(deps, caller, id);
    if (!shown) {
      // Hidden by its event's visibility (as GET /games/{id} answers): left out.
      if (shown.error().code == ErrorCode::kForbidden) continue;
      return std::unexpected(shown.error());
    }
    page.push_back(std::move(*shown));
  }
  return page;
}

}  // namespace corrchess::app
