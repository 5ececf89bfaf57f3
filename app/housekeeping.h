// Periodic clean-up of what the server keeps only for a while (run hourly by every
// instance; each run is idempotent, so concurrent runs on several instances are harmless).
#pragma once

#include <cstdint>

#include "app/handles.h"
#include "core/error.h"

namespace corrchess::app {

struct HousekeepingPolicy {
  int live_event_retention_days = 7;  // stored live messages (resumable events) kept this long
  std::int64_t login_attempt_retention_seconds = 24 * 3600;  // idle throttling rows
};

struct HousekeepingReport {
  std::int64_t live_events_deleted = 0;
  std::int64_t login_attempts_deleted = 0;
};

// Deletes stored live messages older than the retention and login-throttling rows that are
// neither blocked nor recent.
Result<HousekeepingReport> run_housekeeping(Database& pool, const HousekeepingPolicy& policy);

}  // namespace corrchess::app
