#include "app/housekeeping.h"

#include "db/live_events.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

Result<HousekeepingReport> run_housekeeping(Database& pool, const HousekeepingPolicy& policy) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<HousekeepingReport> {
    HousekeepingReport report;
    report.live_events_deleted = db::prune_user_events(tx, policy.live_event_retention_days);
    report.login_attempts_deleted =
        db::prune_login_attempts(tx, policy.login_attempt_retention_seconds);
    return report;
  });
}

}  // namespace corrchess::app
