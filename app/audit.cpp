#include "app/audit.h"

#include "app/roles.h"
#include "db/events.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

Result<std::vector<model::AuditRecord>> audit_log(Database& pool, const model::User& director,
                                                  const AuditQuery& query) {
  TRY(require_director(director));
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::vector<model::AuditRecord>> {
    std::optional<std::int64_t> user_id;
    if (query.username) {
      auto u = db::find_user(tx, *query.username);
      if (!u) return fail(ErrorCode::kValidationError, "no user '" + *query.username + "'");
      user_id = u->id;
    }
    return db::audit_records(tx, query.game_id, query.event_id, user_id, query.limit);
  });
}

}  // namespace corrchess::app
