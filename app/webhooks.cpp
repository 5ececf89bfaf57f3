#include "app/webhooks.h"

#include "app/roles.h"
#include "db/events.h"
#include "db/outbox.h"
#include "db/transaction.h"
#include "db/webhooks.h"
#include "delivery/webhook.h"

namespace corrchess::app {

namespace {

Result<model::Webhook> owned(pqxx::work& tx, const model::User& user, std::int64_t id) {
  auto w = db::webhook_of(tx, user.id, id);
  if (!w) return fail(ErrorCode::kNotFound, "no webhook " + std::to_string(id));
  return *w;
}

}  // namespace

Result<std::vector<model::Webhook>> list_webhooks(Database& pool, const model::User& user) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::vector<model::Webhook>> {
    return db::webhooks_of(tx, user.id);
  });
}

Result<model::Webhook> create_webhook(Database& pool, const model::User& user,
                                      const WebhookRequest& request) {
  // Stored as it will be called, so the stored text is always a URL the database accepts.
  TRY_LET(url, delivery::normalize_webhook_url(request.url));
  const auto event_id = request.event_id;
  if (event_id && !is_director(user)) {
    return fail(ErrorCode::kForbidden, "only directors subscribe to an event's games");
  }
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<model::Webhook> {
    // A body field naming no event is bad input, not a missing resource (docs/api.md
    // "Conventions"): the 404 of an unknown id is for the path.
    if (event_id && !db::load_event(tx, *event_id, false)) {
      return fail(ErrorCode::kValidationError, "no event " + std::to_string(*event_id));
    }
    if (db::count_webhooks(tx, user.id) >= kMaxWebhooksPerUser) {
      return fail(ErrorCode::kConflict,
                  "at most " + std::to_string(kMaxWebhooksPerUser) + " webhooks per user");
    }
    return db::insert_webhook(tx, user.id, event_id, *url, delivery::new_webhook_secret());
  });
}

Result<void> delete_webhook(Database& pool, const model::User& user, std::int64_t id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::delete_webhook(tx, user.id, id)) {
      return fail(ErrorCode::kNotFound, "no webhook " + std::to_string(id));
    }
    return {};
  });
}

Result<std::vector<model::DeliveryView>> webhook_deliveries(Database& pool, const model::User& user,
                                                            std::int64_t id, int limit) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<std::vector<model::DeliveryView>> {
    TRY_LET(w, owned(tx, user, id));
    return db::webhook_deliveries(tx, id, limit);
  });
}

Result<void> redeliver_webhook(Database& pool, const model::User& user, std::int64_t id,
                               const std::string& delivery_id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    TRY_LET(w, owned(tx, user, id));
    if (delivery_id.size() != 36 || !db::redeliver(tx, id, delivery_id)) {
      return fail(ErrorCode::kNotFound, "no delivery " + delivery_id);
    }
    return {};
  });
}

}  // namespace corrchess::app
