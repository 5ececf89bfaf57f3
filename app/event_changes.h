// A director's changes to an event after creating it (docs/api.md "Events": PATCH
// /admin/events/{id} and POST /admin/events/{id}/cancel; rules.md 6.1): its name and end date
// at any time, its start date, entry and rating terms before the start, and the cancellation
// of an event that has not started. Each call is one transaction, audited (`event_changed`,
// `event_cancelled`); a refused one changes nothing. The players entered are told of a moved
// date and of a cancellation (live message, webhook, mail of kind `competition`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/games.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/users.h"

namespace corrchess::app {

// What a director changes; a member left empty keeps its setting. The inner optional of
// end_at, max_players, min_rating and max_rating is the new value, none removing it.
struct EventChange {
  std::optional<std::string> name;
  std::optional<game::Timestamp> start_at;               // before the start only
  std::optional<std::optional<game::Timestamp>> end_at;  // not once it has passed
  std::optional<bool> open_for_entry;                    // before the start only
  std::optional<std::optional<int>> max_players;         // before the start only
  std::optional<bool> rated;                             // before the start only
  std::optional<std::optional<int>> min_rating;          // before the start only
  std::optional<std::optional<int>> max_rating;          // before the start only
  std::string reason;                                    // for the audit log; may be empty

  bool empty() const {
    return !name && !start_at && !end_at && !open_for_entry && !max_players && !rated &&
           !min_rating && !max_rating;
  }
};

// Applies `change` to event `id`. kForbidden unless `director` is one; kNotFound for no such
// event; kValidationError for nothing to change, an end date not after the start or not in
// the future, a max_players below the players entered, min_rating above max_rating;
// kConflict for a cancelled event, a setting of the start changed after it, or an end date
// moved once it has passed (its games await adjudication: rules.md 6.5).
Result<void> change_event(GameDeps& deps, const model::User& director, std::int64_t id,
                          const EventChange& change);

// Cancels event `id` before its start, with the director's `reason` (non-empty): it never
// starts, its entries stay listed, its players are told. kForbidden unless a director;
// kNotFound; kConflict once started or already cancelled.
Result<void> cancel_event(GameDeps& deps, const model::User& director, std::int64_t id,
                          const std::string& reason);

}  // namespace corrchess::app
