#include "app/entry_rules.h"

#include "core/game/entry_bar.h"
#include "db/events.h"

namespace corrchess::app {

Result<void> check_entry_bar(pqxx::work& tx, const db::User& user, game::Timestamp now,
                             std::optional<game::Timestamp>& barred_until) {
  const auto until = game::entry_barred_until(db::time_forfeit_losses(tx, user.id));
  if (until && now < *until) {
    barred_until = until;
    return fail(ErrorCode::kConflict,
                "you lost a game on time and may not enter new events until " +
                    game::format_rfc3339(*until) +
                    " (30 days after a time-forfeit loss, 90 if it came while already barred)");
  }
  return {};
}

}  // namespace corrchess::app
