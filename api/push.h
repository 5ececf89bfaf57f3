// Web Push routes (docs/api.md "Web Push"), the HTTP adapter over app/push_subscriptions.h:
// GET /api/v1/push/key (the VAPID public key for applicationServerKey) and the caller's
// devices: POST, GET /api/v1/me/push-subscriptions and DELETE .../{id}.
#pragma once

#include "api/router.h"
#include "app/handles.h"

namespace corrchess::api {

// `router` and `pool` must outlive the registration.
void add_push_routes(Router& router, app::Database& pool);

}  // namespace corrchess::api
