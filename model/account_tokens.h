// The records of db/account_tokens.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game/time.h"

namespace corrchess::model {

struct UsedAccountToken {
  std::int64_t user_id = 0;
  std::optional<std::string> email;
};

}  // namespace corrchess::model
