// The entry rules every competition shares (rules.md 6.2): the entry bar after time-forfeit
// losses. App-internal: runs inside the caller's transaction.
#pragma once

#include <optional>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "db/users.h"

namespace corrchess::app {

// kConflict while `user` is barred from entering new events after a time-forfeit loss
// (rules.md 6.2), with `barred_until` set to the end of the bar.
Result<void> check_entry_bar(pqxx::work& tx, const db::User& user, game::Timestamp now,
                             std::optional<game::Timestamp>& barred_until);

}  // namespace corrchess::app
