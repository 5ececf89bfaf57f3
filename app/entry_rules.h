// What every entry and every contact between players checks (rules.md 6.2): the entry bar
// after time-forfeit losses, a rating range, blocks; the players a director lists, and their
// current ratings as whole numbers. App-internal: runs inside the caller's transaction.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/time.h"
#include "model/ratings.h"
#include "model/users.h"

namespace corrchess::app {

// kConflict while `user` is barred from entering new events after a time-forfeit loss
// (rules.md 6.2), with `barred_until` set to the end of the bar.
Result<void> check_entry_bar(pqxx::work& tx, const model::User& user, game::Timestamp now,
                             std::optional<game::Timestamp>& barred_until);

// The usernames a director listed, resolved to users in the same order. kValidationError
// for a name nobody has ("no user 'x'") or a player listed twice.
Result<std::vector<model::User>> resolve_players(pqxx::work& tx,
                                                 const std::vector<std::string>& names);

// The current ratings of `user_ids` in `pool`, rounded to whole points (players without a
// rating are absent).
std::map<std::int64_t, int> whole_ratings(pqxx::work& tx, const std::string& pool,
                                          const std::vector<std::int64_t>& user_ids);

// Whether the player's current rating (rounded to a whole number) lies in [min, max] of the
// pool; kRatingOutOfRange when not, or when a minimum is set and the player has no rating
// yet. `what` names the thing entered ("this event", "this challenge").
Result<void> check_rating_range(pqxx::work& tx, const std::string& pool, std::int64_t user_id,
                                const model::RatingRange& range, const std::string& what);

// kForbidden when `recipient_id` blocked `sender_id` (`what` names what is refused:
// "challenges", "messages").
Result<void> check_not_blocked(pqxx::work& tx, std::int64_t recipient_id, std::int64_t sender_id,
                               const char* what);

}  // namespace corrchess::app
