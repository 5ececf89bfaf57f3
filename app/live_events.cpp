#include "app/live_events.h"

#include "db/transaction.h"

namespace corrchess::app {

Result<db::UserEventPage> live_events_after(db::Pool& pool, std::int64_t user_id,
                                            std::optional<std::int64_t> since) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<db::UserEventPage> {
    return db::user_events_after(tx, user_id, since, kLiveEventPage);
  });
}

}  // namespace corrchess::app
