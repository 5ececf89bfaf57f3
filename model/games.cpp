#include "model/games.h"

namespace corrchess::model {

bool StoredGame::running_use_40_plus_days() const {
  const int running = static_cast<int>(facts.moves.size()) + 1;
  return (pending && pending->use_40_plus_days) || use_40_plus_days_ply == running;
}

}  // namespace corrchess::model
