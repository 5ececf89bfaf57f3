// Account actions done through mailed links (docs/api.md "Password reset and address
// verification"), the HTTP adapter over app/account_mail.h: the links open a small page
// whose form posts back (opening a link changes nothing).
#pragma once

#include "api/router.h"
#include "app/handles.h"

namespace corrchess::api {

// Links point to CORRCHESS_PUBLIC_URL (app::notification_settings).
void add_account_mail_routes(Router& router, app::Database& pool, app::ServerClock& clock);

}  // namespace corrchess::api
