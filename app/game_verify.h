// `corrchess-server verify`: every stored game replayed from its facts and compared with what
// the server keeps beside them: the cached columns of the game row (listings, the flag-fall
// queue) and its snapshot (the move log and replay window commands continue from). A
// difference means a bug or a hand-edited database, never a normal state.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "app/games.h"

namespace corrchess::app {

struct GameDifference {
  std::int64_t game_id = 0;
  std::string what;  // "status: stored 'ongoing', replay 'finished'", "replay fails: ..."
};

struct VerifyReport {
  std::int64_t games = 0;        // games checked
  std::int64_t differences = 0;  // games with at least one difference
};

// Replays every game at the server's now, each in its own short transaction holding the
// game's row lock (so a concurrent command never shows as a difference), and calls
// `on_difference` for each stored column that disagrees with the replay, and for a snapshot
// whose replay differs from the full one (core/game/snapshot.h). A game whose
// decision is due (its deadline or start has passed and the sweep has not run yet) is
// compared on its position only: its status legitimately waits for the sweep.
Result<VerifyReport> verify_games(GameDeps& deps,
                                  const std::function<void(const GameDifference&)>& on_difference);

}  // namespace corrchess::app
