// The types every game use case shares (app/games.h, the commit path of app/game_store.h,
// the sweep, events and competitions): what a use case needs, what it saw, and what the
// client saw.
#pragma once

#include <optional>

#include "app/handles.h"
#include "core/competition/norms.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "model/games.h"

namespace corrchess::app {

// What every game use case needs: the database, the server's clock (a test clock in tests),
// the server's zone for day-based rules and the dead-position and tablebase oracles.
class GameCache;

struct GameDeps {
  Database& pool;
  ServerClock& clock;
  game::TimeZone zone;
  game::Oracles oracles;
  // This instance's copies of the games its commands committed (app/game_cache.h), used by
  // the player and director commands; none: every command reads its game.
  GameCache* cache = nullptr;
  // Title norms (rules.md 6.12): the levels, games and norms a title needs (ICCF's unless the
  // server is configured otherwise, CORRCHESS_NORMS).
  competition::NormRules norm_rules = {};
  // Reads that may be slightly stale and that no command depends on (the archive's list of
  // finished games) go to this replica pool when the server has one
  // (CORRCHESS_REPLICA_DATABASE_URL; it falls back to the primary by itself).
  Database* replica = nullptr;
};

// A game as a use case saw it (after its change, for commands), for rendering.
struct GameView {
  model::StoredGame stored;
  game::GameState state;
  std::optional<game::Color> viewer;  // the side the user plays, if any
  // Messages between the players are shown to the players and directors only.
  bool show_messages = true;
  // The plies the game had before the command that produced this view (0 for a read): a
  // client that saw them needs only the moves after, and an answer may leave them out.
  int moves_from = 0;
};

// What the client saw, for a write that must not land on a game that changed meanwhile
// (the Xfcc movecount idea): the number of plies and the game's version. Absent members are
// not checked; a mismatch is kStaleGame and nothing changes.
struct Precondition {
  std::optional<int> ply;
  std::optional<int> version;
  // The full-move number of the move the caller is about to play (the Xfcc movecount),
  // checked only while the caller is to move in an ongoing game (otherwise the command
  // itself says why it is refused).
  std::optional<int> move_number;
  // Not a check: the caller shows only the moves the command adds (Prefer: return=minimal),
  // so the command may continue the game from its snapshot (model::FactsRead::kFromSnapshot)
  // instead of reading and replaying every move. The view's moves before its moves_from
  // may then be bare (GameState::full_views_from).
  bool new_moves_only = false;
};

// What a flag-fall sweep did (app/games.h decide_due_games, settle_due_games).
struct SweepResult {
  int processed = 0;              // games claimed and refreshed
  int flag_falls = 0;             // flag falls stored
  int adjudications_pending = 0;  // games stopped by their event's end date
};

}  // namespace corrchess::app
