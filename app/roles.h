// Roles as the use cases see them: the one place that decides who is a director.
#pragma once

#include "core/error.h"
#include "model/users.h"

namespace corrchess::app {

// A tournament director: role td or admin (an admin is a director who also manages users).
inline bool is_director(const model::User& user) {
  return user.role == "td" || user.role == "admin";
}

// kForbidden unless `user` is a tournament director.
inline Result<void> require_director(const model::User& user) {
  if (is_director(user)) return {};
  return fail(ErrorCode::kForbidden, "this needs a tournament director");
}

}  // namespace corrchess::app
