#include "app/adjudications.h"

#include "app/roles.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

Result<AdjudicationQueue> adjudication_queue(GameDeps& deps, const model::User& user) {
  if (!is_director(user)) return fail(ErrorCode::kForbidden, "this needs a tournament director");
  TRY(settle_due_games(deps, model::GameScope{}));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<AdjudicationQueue> {
    return AdjudicationQueue{db::pending_adjudications(tx), db::pending_adjudication_claims(tx),
                             deps.clock.now(tx)};
  });
}

}  // namespace corrchess::app
