#include "app/entry_rules.h"

#include <cmath>
#include <set>

#include "core/game/entry_bar.h"
#include "db/blocks.h"
#include "db/events.h"
#include "db/ratings.h"
#include "db/users.h"

namespace corrchess::app {

Result<void> check_entry_bar(pqxx::work& tx, const model::User& user, game::Timestamp now,
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

Result<std::vector<model::User>> resolve_players(pqxx::work& tx,
                                                 const std::vector<std::string>& names) {
  std::vector<model::User> out;
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

Result<void> check_rating_range(pqxx::work& tx, const std::string& pool, std::int64_t user_id,
                                const model::RatingRange& range, const std::string& what) {
  if (!range.min_rating && !range.max_rating) return {};
  const auto ratings = db::current_ratings(tx, pool, {user_id});
  const auto it = ratings.find(user_id);
  const auto rating = it == ratings.end() ? std::nullopt : std::optional<double>(it->second.rating);
  if (model::rating_allows(rating, range)) return {};
  if (!rating) {
    return fail(ErrorCode::kRatingOutOfRange, "you have no " + pool + " rating yet; " + what +
                                                  " needs a rating of at least " +
                                                  std::to_string(*range.min_rating));
  }
  const auto bounds = std::string(" (") +
                      (range.min_rating ? std::to_string(*range.min_rating) : "any") + " to " +
                      (range.max_rating ? std::to_string(*range.max_rating) : "any") + ")";
  return fail(ErrorCode::kRatingOutOfRange, "your " + pool + " rating " +
                                                std::to_string(std::lround(*rating)) +
                                                " is outside the range of " + what + bounds);
}

Result<void> check_not_blocked(pqxx::work& tx, std::int64_t recipient_id, std::int64_t sender_id,
                               const char* what) {
  if (!db::blocks(tx, recipient_id, sender_id)) return {};
  return fail(ErrorCode::kForbidden,
              std::string("this player does not accept ") + what + " from you");
}

}  // namespace corrchess::app
