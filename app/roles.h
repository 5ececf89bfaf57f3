// Roles as the use cases see them.
#pragma once

#include "db/users.h"

namespace corrchess::app {

// A tournament director: role td or admin (an admin is a director who also manages users).
inline bool is_director(const db::User& user) { return user.role == "td" || user.role == "admin"; }

}  // namespace corrchess::app
