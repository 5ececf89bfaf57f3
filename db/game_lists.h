// The list pages of games: a player's games page by page (GET /api/v1/games), their counts,
// and the games shown on a player's profile and calendar.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/game/facts.h"
#include "core/game/time.h"
#include "model/game_lists.h"

namespace corrchess::db {

// The records of model/game_lists.h under their db/ names.
using model::CurrentGame;
using model::GameListCursor;
using model::GameListEntry;
using model::GameListFilter;
using model::GameListPage;
using model::ListedPlayer;
using model::PlayerGameCounts;

// The user's games not over yet, plus those that finished at or after `finished_since`, by id,
// with the names of their events, the Berger round of an event game, and the players' ids and
// profile countries (none when unset).
std::vector<CurrentGame> current_games_of(pqxx::work& tx, std::int64_t user_id,
                                          game::Timestamp finished_since);
// The sort key of a to-move game without a deadline (after every real deadline).
inline constexpr std::int64_t kNoDeadlineKey = 253402300799;  // 9999-12-31T23:59:59Z

// One page (at most `limit` entries) of the user's games matching `filter`, after `after`.
GameListPage list_games(pqxx::work& tx, std::int64_t user_id, const GameListFilter& filter,
                        const std::optional<GameListCursor>& after, int limit);

PlayerGameCounts count_games(pqxx::work& tx, std::int64_t user_id);

}  // namespace corrchess::db
