// The archive (docs/api.md "Archive"): every game of a player that the caller may see,
// filtered, read a page at a time so that an export of any length holds one page in memory.
// Each game is shown as GET /games/{id} shows it to the caller: games an event's visibility
// hides from the caller are left out, delayed ones are cut. The HTTP adapter
// (api/archive.cpp) streams the pages as PGN or ndjson.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "core/error.h"
#include "model/archive.h"
#include "model/users.h"

namespace corrchess::app {

// The filters as the caller gives them: `opponent` is a username.
struct ArchiveRequest {
  std::string username;         // whose games
  model::ArchiveFilter filter;  // its player_id and opponent_id are filled in by open_archive
  std::optional<std::string> opponent;
};

// An export under way: whose games, the filters, and where the last page ended.
struct ArchiveExport {
  model::User player;
  model::ArchiveFilter filter;
  std::int64_t after_id = 0;
  bool done = false;
};

// Starts an export: kNotFound for an unknown player, kValidationError for an unknown
// opponent. Decisions already due in the player's games (flag falls) are stored first, so
// the filters on results and ongoing games agree with what the games show.
Result<ArchiveExport> open_archive(GameDeps& deps, const ArchiveRequest& request);

// The next games of the export that `caller` may see (at most `limit` read, fewer shown when
// some are hidden), advancing it; an empty page once `done`.
Result<std::vector<GameView>> next_archive_page(GameDeps& deps, const model::User& caller,
                                                ArchiveExport& archive, int limit);

}  // namespace corrchess::app
