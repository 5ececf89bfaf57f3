// The records of db/leave.h: what its repository functions read and write, and what
// app/ and api/ pass around. Plain data, no SQL (docs/architecture.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game/leave.h"
#include "core/game/time.h"

namespace corrchess::model {

struct StoredLeave {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string username;
  std::optional<std::int64_t> event_id;
  game::LeavePeriod period;  // days, special flag, reason, ended_at
  std::string status;        // "approved", "pending", "rejected", "cancelled"
  game::Timestamp created_at;
  std::optional<std::string> decided_by;  // username of the director
  std::optional<game::Timestamp> decided_at;
  std::optional<std::string> decision_reason;
};

}  // namespace corrchess::model
