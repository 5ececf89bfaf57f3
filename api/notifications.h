// HTTP routes of notifications (docs/api.md "Notifications"): the user's preferences
// (GET/PUT /api/v1/me/notifications), the one-click unsubscribe of the mails
// (GET shows a confirmation form, POST unsubscribes: RFC 8058), and the admin view of
// deliveries given up.
#pragma once

#include "api/router.h"
#include "db/pool.h"

namespace corrchess::api {

void add_notification_routes(Router& router, db::Pool& pool);

}  // namespace corrchess::api
