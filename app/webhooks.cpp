#include "app/webhooks.h"

#include "app/notification_prefs.h"  // delivery_json
#include "app/roles.h"
#include "db/events.h"
#include "db/outbox.h"
#include "db/transaction.h"
#include "db/webhooks.h"
#include "delivery/webhook.h"

namespace corrchess::app {

namespace {

using nlohmann::json;

json webhook_json(const db::Webhook& w) {
  return {{"id", std::to_string(w.id)},
          {"url", w.url},
          {"event_id", w.event_id ? json(std::to_string(*w.event_id)) : json()},
          {"created_at", w.created_at}};
}

Result<db::Webhook> owned(pqxx::work& tx, const db::User& user, std::int64_t id) {
  auto w = db::webhook_of(tx, user.id, id);
  if (!w) return fail(ErrorCode::kNotFound, "no webhook " + std::to_string(id));
  return *w;
}

}  // namespace

Result<json> list_webhooks(db::Pool& pool, const db::User& user) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    json out = json::array();
    for (const auto& w : db::webhooks_of(tx, user.id)) out.push_back(webhook_json(w));
    return json{{"webhooks", out}};
  });
}

Result<json> create_webhook(db::Pool& pool, const db::User& user, const json& body) {
  if (!body.contains("url") || !body["url"].is_string()) {
    return fail(ErrorCode::kValidationError, "url must be a string");
  }
  const std::string url = body["url"];
  if (auto ok = delivery::check_webhook_url(url); !ok) return std::unexpected(ok.error());
  std::optional<std::int64_t> event_id;
  if (body.contains("event_id") && !body["event_id"].is_null()) {
    const auto& e = body["event_id"];
    const std::string text = e.is_string() ? e.get<std::string>() : "";
    if (text.empty() || text.size() > 18 ||
        text.find_first_not_of("0123456789") != std::string::npos) {
      return fail(ErrorCode::kValidationError, "event_id must be an event id string");
    }
    if (!is_director(user)) {
      return fail(ErrorCode::kForbidden, "only directors subscribe to an event's games");
    }
    event_id = std::stoll(text);
  }
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    if (event_id) {
      if (auto event = db::load_event(tx, *event_id, false); !event) {
        return std::unexpected(event.error());
      }
    }
    if (db::count_webhooks(tx, user.id) >= kMaxWebhooksPerUser) {
      return fail(ErrorCode::kConflict,
                  "at most " + std::to_string(kMaxWebhooksPerUser) + " webhooks per user");
    }
    const auto w = db::insert_webhook(tx, user.id, event_id, url, delivery::new_webhook_secret());
    json out = webhook_json(w);
    out["secret"] = w.secret;
    return out;
  });
}

Result<void> delete_webhook(db::Pool& pool, const db::User& user, std::int64_t id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    if (!db::delete_webhook(tx, user.id, id)) {
      return fail(ErrorCode::kNotFound, "no webhook " + std::to_string(id));
    }
    return {};
  });
}

Result<json> webhook_deliveries(db::Pool& pool, const db::User& user, std::int64_t id, int limit) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<json> {
    auto w = owned(tx, user, id);
    if (!w) return std::unexpected(w.error());
    json out = json::array();
    for (const auto& d : db::webhook_deliveries(tx, id, limit)) out.push_back(delivery_json(d));
    return json{{"deliveries", out}};
  });
}

Result<void> redeliver_webhook(db::Pool& pool, const db::User& user, std::int64_t id,
                               const std::string& delivery_id) {
  return db::in_transaction(pool, [&](pqxx::work& tx) -> Result<void> {
    auto w = owned(tx, user, id);
    if (!w) return std::unexpected(w.error());
    if (delivery_id.size() != 36 || !db::redeliver(tx, id, delivery_id)) {
      return fail(ErrorCode::kNotFound, "no delivery " + delivery_id);
    }
    return {};
  });
}

}  // namespace corrchess::app
