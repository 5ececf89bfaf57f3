#include "app/entry_rules.h"

#include <cmath>
#include <set>

#include "core/game/entry_bar.h"
#include "db/events.h"
#include "db/ratings.h"

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

Result<std::vector<db::User>> resolve_players(pqxx::work& tx,
                                              const std::vector<std::string>& names) {
  std::vector<db::User> out;
  std::set<std::int64_t> seen;
  for (const auto& name : names) {
    auto user = db::find_user(tx, name);
    if (!user) return fail(ErrorCode::kValidationError, "no user '" + name + "'");
    if (!seen.insert(user->id).second) {
      return fail(ErrorCode::kValidationError, "player '" + user->username + "' is listed twice");
    }
    out.push_back(*user);
  }
  return out;
}

std::map<std::int64_t, int> whole_ratings(pqxx::work& tx, const std::string& pool,
                                          const std::vector<std::int64_t>& user_ids) {
  std::map<std::int64_t, int> out;
  for (const auto& [id, entry] : db::current_ratings(tx, pool, user_ids)) {
    out[id] = static_cast<int>(std::lround(entry.rating));
  }
  return out;
}

}  // namespace corrchess::app
