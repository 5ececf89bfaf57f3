#include "db/outbox.h"

#include <nlohmann/json.hpp>

namespace corrchess::db {

namespace {

constexpr const char* kReminderKinds = "('deadline_reminder', 'silence_reminder')";

std::string rfc3339(const char* column) {
  return std::string("to_char(") + column +
         " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";
}

std::string payload_text(const EmailPayload& e) {
  nlohmann::json p = {{"to", e.to},
                      {"to_name", e.to_name},
                      {"subject", e.subject},
                      {"text", e.text},
                      {"html", e.html}};
  if (e.unsubscribe) p["unsubscribe"] = *e.unsubscribe;
  if (e.thread) p["thread"] = *e.thread;
  if (!e.attachments.empty()) {
    auto& list = p["attachments"] = nlohmann::json::array();
    for (const auto& a : e.attachments) {
      list.push_back(
          {{"filename", a.filename}, {"content_type", a.content_type}, {"data", a.data}});
    }
  }
  return p.dump();
}

EmailPayload email_of(const nlohmann::json& p) {
  EmailPayload e;
  e.to = p.value("to", "");
  e.to_name = p.value("to_name", "");
  e.subject = p.value("subject", "");
  e.text = p.value("text", "");
  e.html = p.value("html", "");
  if (p.contains("unsubscribe")) e.unsubscribe = p["unsubscribe"].get<std::string>();
  if (p.contains("thread")) e.thread = p["thread"].get<std::string>();
  for (const auto& a : p.value("attachments", nlohmann::json::array())) {
    e.attachments.push_back({a.value("filename", "attachment"),
                             a.value("content_type", "application/octet-stream"),
                             a.value("data", "")});
  }
  return e;
}

// The stored payload of a push row; what is sent is push_body_of it.
std::string push_payload_text(const model::PushPayload& p) {
  return nlohmann::json{
      {"title", p.title}, {"body", p.body}, {"url", p.url}, {"tag", p.tag}, {"urgency", p.urgency}}
      .dump();
}

// The JSON the service worker gets: {title, body, url, tag}.
std::string push_body_of(const nlohmann::json& p) {
  return nlohmann::json{{"title", p.value("title", "")},
                        {"body", p.value("body", "")},
                        {"url", p.value("url", "")},
                        {"tag", p.value("tag", "")}}
      .dump();
}

// Inserts `e`; `on_conflict` says what a row with the same dedupe key does.
bool insert_row(pqxx::work& tx, const OutboxEntry& e, const std::string& on_conflict) {
  const auto r = tx.exec_params(
      "INSERT INTO notification_outbox (channel, kind, user_id, game_id, dedupe_key, payload, "
      "due_at, push_subscription_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, to_timestamp($7), "
      "$8) ON CONFLICT (dedupe_key) " +
          on_conflict + " RETURNING id",
      e.channel, e.kind, e.user_id, e.game_id, e.dedupe_key,
      e.channel == "push" ? push_payload_text(e.push) : payload_text(e.email), e.due.unix_seconds(),
      e.push_subscription_id);
  return !r.empty();
}

}  // namespace

bool enqueue(pqxx::work& tx, const OutboxEntry& e) { return insert_row(tx, e, "DO NOTHING"); }

bool enqueue_or_update(pqxx::work& tx, const OutboxEntry& e) {
  return insert_row(tx, e,
                    "DO UPDATE SET payload = EXCLUDED.payload WHERE notification_outbox.status = "
                    "'pending'");
}

std::optional<game::Timestamp> latest_email_due(pqxx::work& tx, std::int64_t user_id,
                                                const std::string& kind) {
  const auto row = tx.exec_params1(
      "SELECT extract(epoch FROM max(due_at))::bigint FROM notification_outbox WHERE user_id = "
      "$1 AND channel = 'email' AND kind = $2 AND status <> 'cancelled'",
      user_id, kind);
  if (row[0].is_null()) return std::nullopt;
  return game::Timestamp(row[0].as<std::int64_t>());
}

std::int64_t readdress_pending_email(pqxx::work& tx, std::int64_t user_id,
                                     const std::optional<std::string>& to, bool hold) {
  const auto cancelled =
      tx.exec_params(
            "UPDATE notification_outbox SET status = 'cancelled', finished_at = now(), "
            "last_error = 'the address changed' WHERE user_id = $1 AND channel = 'email' "
            "AND status = 'pending' AND (kind IN ('password_reset', 'verify_email') "
            "OR $2::text IS NULL)",
            user_id, to)
          .affected_rows();
  if (!to || hold) return cancelled;
  return cancelled + tx.exec_params(
                           "UPDATE notification_outbox SET payload = jsonb_set(payload, "
                           "'{to}', to_jsonb($2::text)) WHERE user_id = $1 AND "
                           "channel = 'email' AND status = 'pending'",
                           user_id, *to)
                         .affected_rows();
}

std::int64_t cancel_pending_digest(pqxx::work& tx, std::int64_t user_id) {
  return tx
      .exec_params(
          "UPDATE notification_outbox SET status = 'cancelled', finished_at = now() "
          "WHERE user_id = $1 AND status = 'pending' AND kind = 'digest'",
          user_id)
      .affected_rows();
}

std::int64_t reschedule_pending_digest(pqxx::work& tx, std::int64_t user_id, game::Timestamp due,
                                       game::Timestamp now) {
  return tx
      .exec_params(
          "UPDATE notification_outbox SET due_at = to_timestamp($2) "
          "WHERE user_id = $1 AND status = 'pending' AND kind = 'digest' "
          "AND due_at > to_timestamp($3)",
          user_id, due.unix_seconds(), now.unix_seconds())
      .affected_rows();
}

std::int64_t cancel_game_reminders(pqxx::work& tx, std::int64_t game_id,
                                   const std::vector<std::string>& keep) {
  std::string literal = "{";
  for (std::size_t i = 0; i < keep.size(); ++i) {
    if (i > 0) literal += ',';
    literal += '"';
    for (const char c : keep[i]) {
      if (c == '"' || c == '\\') literal += '\\';
      literal += c;
    }
    literal += '"';
  }
  literal += '}';
  return tx
      .exec_params(std::string("UPDATE notification_outbox SET status = 'cancelled', "
                               "finished_at = now() WHERE game_id = $1 AND status = 'pending' "
                               "AND kind IN ") +
                       kReminderKinds +
                       // A push reminder's key is the reminder's key + ":push:<subscription>".
                       " AND NOT (split_part(dedupe_key, ':push:', 1) = ANY ($2::text[]))",
                   game_id, literal)
      .affected_rows();
}

namespace {

// Pending rows due at $1 (server clock) whose retry time has come, matching `where` (with
// $2 and $3), oldest due first, at most `limit`, skipping rows other workers hold.
std::vector<ClaimedDelivery> claim(pqxx::work& tx, const std::string& where, game::Timestamp now,
                                   std::int64_t a, std::int64_t b, int limit) {
  std::vector<ClaimedDelivery> out;
  for (const auto& row :
       tx.exec_params("SELECT o.id, o.delivery_id::text, o.channel, o.kind, o.user_id, o.game_id, "
                      "o.payload::text, o.attempts, "
                      "COALESCE(extract(epoch FROM now() - o.first_attempt_at)::bigint, 0), "
                      "COALESCE(w.url, ''), COALESCE(w.secret, ''), o.push_subscription_id, "
                      "COALESCE(s.endpoint, ''), COALESCE(s.p256dh, ''), COALESCE(s.auth, '') "
                      "FROM notification_outbox o LEFT JOIN webhooks w ON w.id = o.webhook_id "
                      "LEFT JOIN push_subscriptions s ON s.id = o.push_subscription_id "
                      "WHERE o.status = 'pending' AND o.due_at <= to_timestamp($1) "
                      "AND (o.retry_at IS NULL OR o.retry_at <= now()) AND " +
                          where + " ORDER BY o.due_at, o.id LIMIT $4 FOR UPDATE OF o SKIP LOCKED",
                      now.unix_seconds(), a, b, limit)) {
    ClaimedDelivery d;
    d.id = row[0].as<std::int64_t>();
    d.delivery_id = row[1].as<std::string>();
    d.channel = row[2].as<std::string>();
    d.kind = row[3].as<std::string>();
    if (!row[4].is_null()) d.user_id = row[4].as<std::int64_t>();
    if (!row[5].is_null()) d.game_id = row[5].as<std::int64_t>();
    const auto payload = nlohmann::json::parse(row[6].as<std::string>());
    if (d.channel == "webhook") {
      d.webhook_body = payload.value("body", nlohmann::json::object()).dump();
    } else if (d.channel == "push") {
      d.push_body = push_body_of(payload);
      d.push_urgency = payload.value("urgency", "normal");
    } else {
      d.email = email_of(payload);
    }
    d.attempts = row[7].as<int>();
    d.seconds_since_first = row[8].as<std::int64_t>();
    d.webhook_url = row[9].as<std::string>();
    d.webhook_secret = row[10].as<std::string>();
    if (!row[11].is_null()) d.push_subscription_id = row[11].as<std::int64_t>();
    d.push_endpoint = row[12].as<std::string>();
    d.push_p256dh = row[13].as<std::string>();
    d.push_auth = row[14].as<std::string>();
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

std::optional<ClaimedDelivery> claim_due_delivery(pqxx::work& tx, game::Timestamp now) {
  auto rows = claim(tx, "$2::bigint = $3::bigint", now, 0, 0, 1);
  if (rows.empty()) return std::nullopt;
  return std::move(rows.front());
}

std::vector<ClaimedDelivery> claim_digest_items(pqxx::work& tx, std::int64_t user_id,
                                                game::Timestamp now, std::int64_t except_id) {
  return claim(tx, "o.kind = 'digest' AND o.user_id = $2 AND o.id <> $3", now, user_id, except_id,
               200);
}

void record_sent(pqxx::work& tx, const ClaimedDelivery& d) {
  tx.exec_params(
      "WITH a AS (INSERT INTO notification_attempts (outbox_id, attempt, succeeded) "
      "VALUES ($1, $2, true)) "
      "UPDATE notification_outbox SET status = 'sent', attempts = $2, finished_at = now(), "
      "first_attempt_at = COALESCE(first_attempt_at, now()), last_error = NULL WHERE id = $1",
      d.id, d.attempts + 1);
}

void record_failure(pqxx::work& tx, const ClaimedDelivery& d, const std::string& error,
                    std::int64_t retry_seconds, bool give_up) {
  tx.exec_params(
      "WITH a AS (INSERT INTO notification_attempts (outbox_id, attempt, succeeded, error) "
      "VALUES ($1, $2, false, $3)) "
      "UPDATE notification_outbox SET attempts = $2, last_error = $3, "
      "first_attempt_at = COALESCE(first_attempt_at, now()), "
      "status = CASE WHEN $4 THEN 'failed' ELSE 'pending' END, "
      "finished_at = CASE WHEN $4 THEN now() END, "
      "retry_at = now() + make_interval(secs => $5) WHERE id = $1",
      d.id, d.attempts + 1, error, give_up, retry_seconds);
}

std::optional<game::Timestamp> next_delivery_due(pqxx::work& tx) {
  const auto r = tx.exec(
      "SELECT extract(epoch FROM min(due_at))::bigint FROM notification_outbox "
      "WHERE status = 'pending'");
  if (r.empty() || r[0][0].is_null()) return std::nullopt;
  return game::Timestamp(r[0][0].as<std::int64_t>());
}

std::int64_t oldest_due_age(pqxx::work& tx, game::Timestamp now) {
  const auto r = tx.exec_params(
      "SELECT COALESCE(extract(epoch FROM to_timestamp($1) - min(due_at))::bigint, 0) "
      "FROM notification_outbox WHERE status = 'pending' AND due_at <= to_timestamp($1)",
      now.unix_seconds());
  return r[0][0].as<std::int64_t>();
}

namespace {

// Deliveries matching `where` (with parameters $1 = limit, $2 = an id or 0).
std::vector<DeliveryView> delivery_views(pqxx::work& tx, const std::string& where, int limit,
                                         std::int64_t id) {
  std::vector<DeliveryView> out;
  for (const auto& row :
       tx.exec_params("SELECT delivery_id::text, channel, kind, user_id, game_id, status, " +
                          rfc3339("due_at") + ", attempts, last_error, " + rfc3339("finished_at") +
                          " FROM notification_outbox WHERE " + where + " LIMIT $1",
                      limit, id)) {
    DeliveryView v;
    v.delivery_id = row[0].as<std::string>();
    v.channel = row[1].as<std::string>();
    v.kind = row[2].as<std::string>();
    if (!row[3].is_null()) v.user_id = row[3].as<std::int64_t>();
    if (!row[4].is_null()) v.game_id = row[4].as<std::int64_t>();
    v.status = row[5].as<std::string>();
    v.due_at = row[6].as<std::string>();
    v.attempts = row[7].as<int>();
    if (!row[8].is_null()) v.last_error = row[8].as<std::string>();
    if (!row[9].is_null()) v.finished_at = row[9].as<std::string>();
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

std::vector<DeliveryView> failed_deliveries(pqxx::work& tx, int limit) {
  return delivery_views(
      tx, "status = 'failed' AND $2::bigint = 0 ORDER BY finished_at DESC, id DESC", limit, 0);
}

std::vector<DeliveryView> webhook_deliveries(pqxx::work& tx, std::int64_t webhook_id, int limit) {
  return delivery_views(tx, "webhook_id = $2 ORDER BY id DESC", limit, webhook_id);
}

bool redeliver(pqxx::work& tx, std::int64_t webhook_id, const std::string& delivery_id) {
  return tx.exec_params(
               "UPDATE notification_outbox SET status = 'pending', retry_at = NULL, "
               "first_attempt_at = NULL, finished_at = NULL, due_at = LEAST(due_at, now()) "
               "WHERE webhook_id = $1 AND delivery_id::text = $2",
               webhook_id, delivery_id)
             .affected_rows() > 0;
}

}  // namespace corrchess::db
