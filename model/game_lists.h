// The records of db/game_lists.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game/facts.h"
#include "core/game/time.h"

namespace corrchess::model {

// The user's games not over yet, plus those that finished at or after `finished_since`, by id,
// with the names of their events, the Berger round of an event game, and the players' ids and
// profile countries (none when unset).
struct CurrentGame {
  std::int64_t id = 0;
  std::optional<std::string> event_name;
  std::optional<int> round;
  std::int64_t white_id = 0;
  std::int64_t black_id = 0;
  std::optional<std::string> white_country;
  std::optional<std::string> black_country;
};

// GET /api/v1/games: which of a user's games to list.
struct GameListFilter {
  std::string status = "all";  // active (not over), finished (finished or annulled), all
  bool to_move_only = false;   // ongoing games where the user is to move, by deadline
  std::optional<std::int64_t> event_id;
  std::optional<std::int64_t> opponent_id;
  std::optional<game::Variant> variant;
};

// Where a page ends: the entry's sort key (deadline in epoch seconds for to_move lists, the
// id otherwise) and id.
struct GameListCursor {
  std::int64_t key = 0;
  std::int64_t id = 0;
};

struct ListedPlayer {
  std::string username;
  std::string display_name;
};

struct GameListEntry {
  std::int64_t id = 0;
  ListedPlayer white;
  ListedPlayer black;
  std::string status;
  std::string to_move;
  std::string variant;
  int ply = 0;
  std::optional<game::Timestamp> deadline;  // the running clock's (next_deadline)
  std::optional<std::string> result;
  std::optional<std::string> termination;
  std::optional<std::string> draw_offer_by;  // a standing offer: white | black
  std::optional<std::string> last_move_san;
  std::optional<game::Timestamp> last_move_at;
  bool my_pending_move = false;  // the user has a submitted, unconfirmed move
  std::optional<std::int64_t> event_id;
  std::optional<std::string> event_name;
  std::int64_t sort_key = 0;
};

struct GameListPage {
  std::vector<GameListEntry> games;
  std::optional<GameListCursor> next;  // none: this was the last page
};

struct PlayerGameCounts {
  int to_move = 0;   // ongoing, the user to move
  int ongoing = 0;   // not over (not started, ongoing, adjudication pending)
  int finished = 0;  // finished or annulled
};

}  // namespace corrchess::model
