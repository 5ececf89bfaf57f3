#include "app/resources.h"

#include <optional>
#include <string>

#include "app/roles.h"
#include "db/resources.h"
#include "db/series.h"
#include "db/transaction.h"
#include "db/users.h"

namespace corrchess::app {

Result<void> require_exists(Database& pool, const model::User& caller, model::Resource kind,
                            std::int64_t id) {
  // Webhooks and push subscriptions are their owner's alone, directors included.
  const bool owned_only =
      kind == model::Resource::kWebhook || kind == model::Resource::kPushSubscription;
  const auto of_user = owned_only || !is_director(caller) ? std::optional(caller.id) : std::nullopt;
  TRY_LET(found, db::in_transaction(pool, [&](pqxx::work& tx) -> Result<bool> {
            return db::resource_exists(tx, kind, id, of_user);
          }));
  if (*found) return {};
  return fail(ErrorCode::kNotFound,
              "no " + std::string(model::to_string(kind)) + " " + std::to_string(id));
}

Result<void> require_series_entry(Database& pool, std::int64_t id, std::int64_t entry_id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::resource_exists(tx, model::Resource::kSeries, id)) {
      return fail(ErrorCode::kNotFound, "no series " + std::to_string(id));
    }
    TRY(db::find_entry(tx, id, entry_id));
    return {};
  });
}

Result<void> require_user(Database& pool, const std::string& username) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::find_user(tx, username))
      return fail(ErrorCode::kNotFound, "no user '" + username + "'");
    return {};
  });
}

}  // namespace corrchess::app
