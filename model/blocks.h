// The records of db/blocks.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <vector>

#include "core/game/time.h"
#include "model/users.h"

namespace corrchess::model {

struct Block {
  User blocked;
  game::Timestamp since;
};

}  // namespace corrchess::model
