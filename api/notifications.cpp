#include "api/notifications.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/mailed_link_page.h"
#include "api/pipeline.h"
#include "app/notification_delivery.h"
#include "app/notification_prefs.h"
#include "app/webhooks.h"
#include "core/game/crosstable.h"  // html_escape

namespace corrchess::api {

namespace {

using nlohmann::json;

}  // namespace

json preferences_json(const app::NotificationPreferences& p) {
  const auto& prefs = p.prefs;
  json channels = json::object();
  for (const auto channel : notify::kAllChannels) {
    json kinds = json::object();
    for (const auto kind : notify::kAllKinds) {
      kinds[std::string(notify::to_string(kind))] = notify::wants(prefs, kind, channel);
    }
    channels[std::string(notify::to_string(channel))] = kinds;
  }
  json hours = json::array();
  for (const auto s : prefs.reminder_offsets) hours.push_back(s / 3600);
  return {{"channels", channels},
          {"reminder_hours_before", hours},
          {"digest_hour", prefs.digest_hour ? json(*prefs.digest_hour) : json()},
          {"time_zone", p.time_zone ? json(*p.time_zone) : json()},
          {"email", p.email ? json(*p.email) : json()},
          {"email_verified", p.email_verified}};
}

Result<notify::Preferences> parse_preferences(const json& body) {
  notify::Preferences prefs;
  if (body.contains("channels")) {
    const auto& channels = body["channels"];
    if (!channels.is_object())
      return fail(ErrorCode::kValidationError, "channels must be an object");
    for (const auto& [channel_name, kinds] : channels.items()) {
      const auto channel = notify::parse_channel(channel_name);
      if (!channel) {
        return fail(ErrorCode::kValidationError, "unknown channel '" + channel_name + "'");
      }
      if (!kinds.is_object()) {
        return fail(ErrorCode::kValidationError, "channels." + channel_name + " must be an object");
      }
      for (const auto& [kind_name, on] : kinds.items()) {
        const auto kind = notify::parse_kind(kind_name);
        if (!kind) return fail(ErrorCode::kValidationError, "unknown kind '" + kind_name + "'");
        if (!on.is_boolean()) {
          return fail(ErrorCode::kValidationError,
                      "channels." + channel_name + "." + kind_name + " must be true or false");
        }
        if (!on.get<bool>()) prefs.disabled.emplace_back(*kind, *channel);
      }
    }
  }
  if (body.contains("reminder_hours_before")) {
    const auto& hours = body["reminder_hours_before"];
    if (!hours.is_array()) {
      return fail(ErrorCode::kValidationError, "reminder_hours_before must be an array of hours");
    }
    std::vector<game::Seconds> offsets;
    for (const auto& h : hours) {
      if (!h.is_number_integer() || h.get<std::int64_t>() < 1 || h.get<std::int64_t>() > 1440) {
        return fail(ErrorCode::kValidationError,
                    "reminder_hours_before must hold whole hours between 1 and 1440");
      }
      offsets.push_back(h.get<std::int64_t>() * 3600);
    }
    TRY_LET(checked, notify::checked_reminder_offsets(std::move(offsets)));
    prefs.reminder_offsets = *checked;
  }
  if (body.contains("digest_hour") && !body["digest_hour"].is_null()) {
    const auto& h = body["digest_hour"];
    // Read as 64 bits: get<int>() would wrap 4294967301 to 5.
    if (!h.is_number_integer() || h.get<std::int64_t>() < 0 || h.get<std::int64_t>() > 23) {
      return fail(ErrorCode::kValidationError, "digest_hour must be an hour 0-23 or null");
    }
    prefs.digest_hour = h.get<int>();
  }
  return prefs;
}

namespace {

json delivery_json(const model::DeliveryView& d) {
  return {{"id", d.delivery_id},
          {"channel", d.channel},
          {"kind", d.kind},
          {"user_id", d.user_id ? json(std::to_string(*d.user_id)) : json()},
          {"game_id", d.game_id ? json(std::to_string(*d.game_id)) : json()},
          {"status", d.status},
          {"due_at", d.due_at},
          {"attempts", d.attempts},
          {"last_error", d.last_error ? json(*d.last_error) : json()},
          {"finished_at", d.finished_at ? json(*d.finished_at) : json()}};
}

json webhook_json(const model::Webhook& w) {
  return {{"id", std::to_string(w.id)},
          {"url", w.url},
          {"event_id", w.event_id ? json(std::to_string(*w.event_id)) : json()},
          {"created_at", w.created_at}};
}

json deliveries_json(const std::vector<model::DeliveryView>& deliveries) {
  json out = json::array();
  for (const auto& d : deliveries) out.push_back(delivery_json(d));
  return {{"deliveries", out}};
}

// A page of deliveries: `list(limit)` with the limit of the query (1..500, default 100).
template <class List>
Result<Response> deliveries_page(const Request& request, List list) {
  TRY_LET(limit, query_int(request, "limit", 1, 500));
  return json_after(list(limit->value_or(100)), deliveries_json);
}

Doc deliveries_doc(std::string summary) {
  return Doc(std::move(summary), 200,
             "{deliveries: [{id, channel, kind, user_id, game_id, status, due_at, attempts, "
             "last_error, finished_at}]}")
      .q({{"limit", "integer", false, "1..500, default 100"}});
}

// {url, event_id?} of POST /me/webhooks.
Result<app::WebhookRequest> webhook_request(const json& body) {
  if (!body.contains("url") || !body["url"].is_string()) {
    return fail(ErrorCode::kValidationError, "url must be a string");
  }
  TRY_LET(event_id, optional_id(body, "event_id", "event"));
  return app::WebhookRequest{body["url"].get<std::string>(), *event_id};
}

// PUT /me/notifications: the whole preferences; POST /me/webhooks: {url, event_id?}.
using PreferencesBody = ParsedBody<parse_preferences>;
using WebhookBody = ParsedBody<webhook_request>;

}  // namespace

void add_notification_routes(Router& router, app::Database& pool, app::ServerClock& clock) {
  Routes routes(router, pool, "notifications");
  routes.add(
      {"GET", "/api/v1/me/notifications", kUser,
       Doc("One's notification preferences", 200,
           "{channels: {email: {kind: bool}, webhook: {...}, push: {...}}, reminder_hours_before, "
           "digest_hour, time_zone, email, email_verified} (time_zone and email come from PATCH "
           "/me)")},
      [&pool](const Call& c) {
        return json_after(app::notification_preferences(pool, c.caller()), preferences_json);
      });
  routes.add({"PUT", "/api/v1/me/notifications", kUser,
              Doc("Replace one's notification preferences", 200, "the stored preferences, as GET")
                  .in({{"channels", "object", false,
                        "{email|webhook|push: {kind: bool}}; kinds not given are on"},
                       {"reminder_hours_before", "array", false,
                        "whole hours 1..1440, at most 8, distinct; default [168, 72, 24, 8]"},
                       {"digest_hour", "integer", false, "0..23 local hour, or null"}},
                      {{"channels", {{"email", {{"opponent_moved", false}}}}},
                       {"reminder_hours_before", {72, 24}}})},
             BodyHandler<PreferencesBody>([&pool, &clock](const Call& c, PreferencesBody&& b) {
               return json_after(
                   app::replace_notification_preferences(pool, clock, c.caller(), b.value),
                   preferences_json);
             }));
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to the link; a person who
  // opens it gets a form (link checkers that GET it change nothing).
  routes.add(
      {"GET", "/api/v1/notifications/unsubscribe", Access::kNone,
       Doc("The page behind a mail's unsubscribe link: a form that posts it", 200, "HTML page")
           .mailed_link_page("the signed token of the mail's List-Unsubscribe link")},
      [](const Call& c) -> Result<Response> {
        const auto token = game::html_escape(link_token(c.request));
        return html_page(200, "Unsubscribe",
                         "<form method=\"post\" action=\"?token=" + token +
                             "\"><p>Stop these emails?</p><button name=\"List-"
                             "Unsubscribe\" value=\"One-Click\">Unsubscribe"
                             "</button></form>");
      });
  routes.add({"POST", "/api/v1/notifications/unsubscribe", Access::kNone,
              Doc("One-click unsubscribe (RFC 8058): switch the mail's kind off by email", 200,
                  "HTML page; 400 validation_error for a token this server did not sign")
                  .mailed_link_page("the signed token of the mail's List-Unsubscribe link")
                  .reading_own_body()},
             [&pool](const Call& c) -> Result<Response> {
               TRY_LET(done, app::unsubscribe(pool, link_token(c.request)));
               return html_page(200, "Unsubscribed",
                                "<p>You will not get these emails any more.</p>");
             });
  routes.add(
      {"GET", "/api/v1/me/webhooks", kUser,
       Doc("The webhooks one created", 200, "{webhooks: [{id, url, event_id, created_at}]}")},
      [&pool](const Call& c) -> Result<Response> {
        TRY_LET(list, app::list_webhooks(pool, c.caller()));
        json webhooks = json::array();
        for (const auto& w : *list) webhooks.push_back(webhook_json(w));
        return json_response(200, {{"webhooks", webhooks}});
      });
  routes.add(
      {"POST", "/api/v1/me/webhooks", kUser,
       Doc("Subscribe a URL to one's live messages (or, for directors, an event's games)", 201,
           "{id, url, event_id, created_at, secret}: the whsec_ secret is shown only here")
           .in({{"url", "string", true,
                 "absolute http(s) URL with \"//\" and a host, at most 2000 bytes; stored as "
                 "it will be called (scheme in lower case)"},
                {"event_id", "string", false, "directors: the event whose games are sent"}},
               {{"url", "https://hooks.example.org/corrchess"}})},
      BodyHandler<WebhookBody>([&pool](const Call& c, WebhookBody&& b) -> Result<Response> {
        TRY_LET(created, app::create_webhook(pool, c.caller(), b.value));
        auto shown = webhook_json(*created);
        shown["secret"] = created->secret;  // shown once
        return json_response(201, shown);
      }));
  routes.add({"DELETE", "/api/v1/me/webhooks/{id}", kUser, kWebhook,
              Doc("Delete one's webhook", 204, "no content")},
             no_content_command(pool, app::delete_webhook));
  routes.add({"GET", "/api/v1/me/webhooks/{id}/deliveries", kUser, kWebhook,
              deliveries_doc("The deliveries of one's webhook, newest first")},
             [&pool](const Call& c) {
               return deliveries_page(c.request, [&](int limit) {
                 return app::webhook_deliveries(pool, c.caller(), c.id, limit);
               });
             });
  routes.add(
      {"POST", "/api/v1/me/webhooks/{id}/deliveries/{delivery}/redeliver", kUser, kWebhook,
       Doc("Send a delivery of one's webhook again (same webhook-id)", 202, "{status: queued}")},
      [&pool](const Call& c) -> Result<Response> {
        TRY_LET(done, app::redeliver_webhook(pool, c.caller(), c.id, c.params.at("delivery")));
        return json_response(202, {{"status", "queued"}});
      });
  routes.add({"GET", "/api/v1/admin/notifications/failed", Access::kAdmin,
              deliveries_doc("Deliveries given up after retrying, newest first")},
             [&pool](const Call& c) {
               return deliveries_page(c.request, [&](int limit) {
                 return app::failed_notifications(pool, c.caller(), limit);
               });
             });
}

}  // namespace corrchess::api
