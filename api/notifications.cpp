#include "api/notifications.h"

#include "api/accounts.h"
#include "api/games.h"  // with_user_id
#include "api/json_body.h"
#include "app/notification_delivery.h"
#include "app/notification_prefs.h"
#include "app/webhooks.h"
#include "core/game/crosstable.h"  // html_escape

namespace corrchess::api {

namespace {

using nlohmann::json;

std::string token_of(const Request& request) {
  const auto it = request.query.find("token");
  return it == request.query.end() ? std::string() : it->second;
}

std::string page(const std::string& title, const std::string& body) {
  return "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + title +
         "</title></head><body>\n" + body + "\n</body></html>\n";
}

}  // namespace

void add_notification_routes(Router& router, db::Pool& pool) {
  router.add("GET", "/api/v1/me/notifications", [&pool](const Request& r, const PathParams&) {
    auto user = authenticate(pool, r);
    if (!user) return problem_response(user.error());
    auto prefs = app::notification_preferences(pool, *user);
    if (!prefs) return problem_response(prefs.error());
    return json_response(200, *prefs);
  });
  router.add("PUT", "/api/v1/me/notifications", [&pool](const Request& r, const PathParams&) {
    auto user = authenticate(pool, r);
    if (!user) return problem_response(user.error());
    auto body = json_object_body(r);
    if (!body) return problem_response(body.error());
    auto prefs = app::replace_notification_preferences(pool, *user, *body);
    if (!prefs) return problem_response(prefs.error());
    return json_response(200, *prefs);
  });
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to the link; a person who
  // opens it gets a form (link checkers that GET it change nothing).
  router.add("GET", "/api/v1/notifications/unsubscribe", [](const Request& r, const PathParams&) {
    const auto token = game::html_escape(token_of(r));
    return text_response(200, "text/html; charset=utf-8",
                         page("Unsubscribe", "<form method=\"post\" action=\"?token=" + token +
                                                 "\"><p>Stop these emails?</p><button name=\"List-"
                                                 "Unsubscribe\" value=\"One-Click\">Unsubscribe"
                                                 "</button></form>"));
  });
  router.add("POST", "/api/v1/notifications/unsubscribe",
             [&pool](const Request& r, const PathParams&) {
               auto done = app::unsubscribe(pool, token_of(r));
               if (!done) return problem_response(done.error());
               return text_response(200, "text/html; charset=utf-8",
                                    page("Unsubscribed",
                                         "<p>You will not get these emails "
                                         "any more.</p>"));
             });
  router.add("GET", "/api/v1/me/webhooks", [&pool](const Request& r, const PathParams&) {
    auto user = authenticate(pool, r);
    if (!user) return problem_response(user.error());
    auto list = app::list_webhooks(pool, *user);
    if (!list) return problem_response(list.error());
    return json_response(200, *list);
  });
  router.add("POST", "/api/v1/me/webhooks", [&pool](const Request& r, const PathParams&) {
    auto user = authenticate(pool, r);
    if (!user) return problem_response(user.error());
    auto body = json_object_body(r);
    if (!body) return problem_response(body.error());
    auto created = app::create_webhook(pool, *user, *body);
    if (!created) return problem_response(created.error());
    return json_response(201, *created);
  });
  router.add(
      "DELETE", "/api/v1/me/webhooks/{id}",
      with_user_id(pool, "webhook", [&pool](const Request&, const db::User& u, std::int64_t id) {
        auto done = app::delete_webhook(pool, u, id);
        if (!done) return problem_response(done.error());
        return text_response(204, "application/json", "");
      }));
  router.add(
      "GET", "/api/v1/me/webhooks/{id}/deliveries",
      with_user_id(pool, "webhook", [&pool](const Request& r, const db::User& u, std::int64_t id) {
        auto limit = query_int(r, "limit", 1, 500);
        if (!limit) return problem_response(limit.error());
        auto list = app::webhook_deliveries(pool, u, id, limit->value_or(100));
        if (!list) return problem_response(list.error());
        return json_response(200, *list);
      }));
  router.add("POST", "/api/v1/me/webhooks/{id}/deliveries/{delivery}/redeliver",
             [&pool](const Request& r, const PathParams& p) {
               auto user = authenticate(pool, r);
               if (!user) return problem_response(user.error());
               auto id = parse_id(p.at("id"), "webhook");
               if (!id) return problem_response(id.error());
               auto done = app::redeliver_webhook(pool, *user, *id, p.at("delivery"));
               if (!done) return problem_response(done.error());
               return json_response(202, {{"status", "queued"}});
             });
  router.add("GET", "/api/v1/admin/notifications/failed",
             [&pool](const Request& r, const PathParams&) {
               auto user = authenticate(pool, r);
               if (!user) return problem_response(user.error());
               auto limit = query_int(r, "limit", 1, 500);
               if (!limit) return problem_response(limit.error());
               auto failed = app::failed_notifications(pool, *user, limit->value_or(100));
               if (!failed) return problem_response(failed.error());
               return json_response(200, *failed);
             });
}

}  // namespace corrchess::api
