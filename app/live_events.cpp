#include "app/live_events.h"

#include "db/live_events.h"
#include "db/transaction.h"

namespace corrchess::app {

Result<model::UserEventPage> live_events_after(Database& pool, std::int64_t user_id,
                                               std::optional<std::int64_t> since) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<model::UserEventPage> {
    return db::user_events_after(tx, user_id, since, kLiveEventPage);
  });
}

}  // namespace corrchess::app
