#include "api/push.h"

#include <nlohmann/json.hpp>

#include "api/pipeline.h"
#include "app/push_subscriptions.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json push_subscription_json(const model::PushSubscription& s) {
  return {{"id", std::to_string(s.id)},
          {"endpoint", s.endpoint},
          {"created_at", s.created_at},
          {"last_success_at", s.last_success_at ? json(*s.last_success_at) : json()},
          {"failure_count", s.failure_count}};
}

// PushSubscription.toJSON(): {endpoint, expirationTime?, keys: {p256dh, auth}}.
Result<app::PushSubscriptionRequest> push_subscription_request(const json& body) {
  if (!body.contains("endpoint") || !body["endpoint"].is_string()) {
    return fail(ErrorCode::kValidationError, "endpoint must be a string");
  }
  if (!body.contains("keys") || !body["keys"].is_object()) {
    return fail(ErrorCode::kValidationError, "keys must be an object {p256dh, auth}");
  }
  const auto& keys = body["keys"];
  for (const char* name : {"p256dh", "auth"}) {
    if (!keys.contains(name) || !keys[name].is_string()) {
      return fail(ErrorCode::kValidationError, std::string("keys.") + name + " must be a string");
    }
  }
  return app::PushSubscriptionRequest{body["endpoint"].get<std::string>(),
                                      keys["p256dh"].get<std::string>(),
                                      keys["auth"].get<std::string>()};
}

using PushSubscriptionBody = ParsedBody<push_subscription_request>;

}  // namespace

void add_push_routes(Router& router, app::Database& pool) {
  Routes routes(router, pool, "push");
  routes.add({"GET", "/api/v1/push/key", Access::kNone,
              Doc("The server's VAPID public key, for PushManager.subscribe", 200,
                  "{public_key}: base64url of the uncompressed P-256 point (65 bytes), the "
                  "applicationServerKey; 503 push_not_configured when the server has no VAPID "
                  "key (Web Push is off)")},
             [](const Call&) -> Result<Response> {
               TRY_LET(key, app::push_public_key());
               return json_response(200, {{"public_key", *key}});
             });
  routes.add({"GET", "/api/v1/me/push-subscriptions", kUser,
              Doc("The devices one subscribed to Web Push", 200,
                  "{subscriptions: [{id, endpoint, created_at, last_success_at, "
                  "failure_count}]}")},
             [&pool](const Call& c) -> Result<Response> {
               TRY_LET(list, app::list_push_subscriptions(pool, c.caller()));
               json out = json::array();
               for (const auto& s : *list) out.push_back(push_subscription_json(s));
               return json_response(200, {{"subscriptions", out}});
             });
  routes.add(
      {"POST", "/api/v1/me/push-subscriptions", kUser,
       Doc("Subscribe a device (a browser's PushSubscription.toJSON()) to one's notifications", 201,
           "{id, endpoint, created_at, last_success_at, failure_count}; the same endpoint again "
           "replaces its keys (201 too); 503 push_not_configured without VAPID keys")
           .in({{"endpoint", "string", true,
                 "the push service's URL: https (plain http only to a loopback host)"},
                {"keys", "object", true,
                 "{p256dh: base64url of 65 bytes (uncompressed P-256 point), auth: base64url of "
                 "16 bytes}"}},
               {{"endpoint", "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bH"},
                {"keys",
                 {{"p256dh",
                   "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6S"
                   "RpkNtoIAiw4"},
                  {"auth", "BTBZMqHH6r4Tts7J_aSIgg"}}}})},
      BodyHandler<PushSubscriptionBody>(
          [&pool](const Call& c, PushSubscriptionBody&& b) -> Result<Response> {
            TRY_LET(stored, app::add_push_subscription(pool, c.caller(), b.value));
            return json_response(201, push_subscription_json(*stored));
          }));
  routes.add({"DELETE", "/api/v1/me/push-subscriptions/{id}", kUser, kPushSubscription,
              Doc("Remove one of one's devices (its pending notifications are dropped)", 204,
                  "no content; 404 not_found for a device that is not one's own")},
             no_content_command(pool, app::delete_push_subscription));
}

}  // namespace corrchess::api
