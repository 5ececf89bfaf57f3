// Event use cases (rules.md §5, docs/api.md "Events"), transport-neutral: reading events,
// creating them, entries (by the director or by the players of open events, with the entry
// bar after time-forfeit losses and the rating range), and adjudication claims. The
// director's workflows on running events are in app/event_workflows.h. Each call is one
// transaction (or a sequence of them, said so); a refused one changes nothing. The HTTP
// adapter is api/events.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/games.h"
#include "core/competition/norms.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/events.h"
#include "model/ratings.h"
#include "model/users.h"

namespace corrchess::app {

// Claims may be filed for this long after a game became adjudication pending (§5.4).
inline constexpr game::Seconds kAdjudicationClaimWindow = game::days(14);

// Players holding a seat (a replaced player gave theirs up).
int entered(const std::vector<model::EventPlayer>& players);

// Everything an event page shows, read in one transaction after storing the results already
// due in its games (so crosstables show what a replay at now shows).
struct EventView {
  model::StoredEvent event;
  std::vector<model::EventPlayer> players;
  std::vector<model::EventGame> games;
  std::vector<model::AdjudicationClaim> claims;
  game::Timestamp now;
  model::EventRatingTerms rating_terms;
  std::map<std::int64_t, model::RatingEntry> ratings;  // current ratings of the players
  // The section's category and norm lines (rules.md 6.12): a rated event once started.
  std::optional<competition::NormSection> norms;
  competition::NormRules norm_rules;  // the server's (GameDeps::norm_rules): levels, min_games
};
// Whom a read of an event serves. A page (a GET) of a finished event, where nothing is left to
// decide, may be read on the replica (GameDeps::replica), as stale as its bound allows; the
// page shown after a command reads the primary, so the caller sees what the command did.
enum class EventRead { kPage, kAfterCommand };
// kNotFound when there is no such event.
Result<EventView> read_event(GameDeps& deps, std::int64_t id, EventRead read);

// "registration" before the start, "cancelled" when cancelled before it, "finished" once every
// game is over, else "running".
std::string event_status(const model::StoredEvent& e, const std::vector<model::EventGame>& games);

// One event of a listing with its derived status and number of players.
struct EventSummary {
  model::StoredEvent event;
  std::string status;
  int players = 0;
};
// The most events a page of the events list holds (and the page without a limit).
inline constexpr int kMaxEventsPerPage = 500;
// A page of the events list: `status` "" or "all" (every event), "registration", "running",
// "finished" or "cancelled"; at most `limit` (1..kMaxEventsPerPage) events; `before`: the next
// cursor of the page before (none: from the newest).
struct EventListQuery {
  std::string status;
  int limit = kMaxEventsPerPage;
  std::optional<std::int64_t> before;
};
struct EventList {
  std::vector<EventSummary> events;
  std::int64_t total = 0;            // events of the status, on every page
  std::optional<std::int64_t> next;  // cursor of the next page; none: the last page
};
// Events newest first, after storing the decisions already due (so that "finished" means what
// a replay at now says). kValidationError for another status or a limit out of range.
Result<EventList> list_events(GameDeps& deps, const EventListQuery& query);

// A new event as the director describes it.
struct EventCreation {
  model::EventSettings settings;            // start_at: see start_at below
  std::optional<game::Timestamp> start_at;  // none: now
  model::EventRatingTerms rating_terms;
  std::vector<std::string> players;  // usernames entered at once, in seat order
  // Thematic: SAN moves or a FEN every game starts from (rules.md 6.8); settings.initial_fen
  // is derived from it.
  std::optional<std::string> opening;
};
// Creates an event (audited). kForbidden unless `director` is one; kValidationError for an
// end date not after the start or in the past, an invalid game setup, unknown or repeated
// players, more players than max_players, an opening that is not a legal, playable start.
// Returns the event's id.
Result<std::int64_t> create_event(GameDeps& deps, const model::User& director,
                                  EventCreation request);

// The director enters `username` at the next seat (audited). kForbidden unless a director;
// kConflict once started or when full; kValidationError for an unknown user.
Result<void> add_event_player(GameDeps& deps, const model::User& director, std::int64_t id,
                              const std::string& username);

// `user` enters an open event (the time losses already due are stored first, in their own
// transaction). kForbidden when the event takes no entries; kConflict once started, when
// full, already entered or barred after a time-forfeit loss (then `barred_until` is set);
// kRatingOutOfRange outside the event's rating range.
Result<void> join_event(GameDeps& deps, const model::User& user, std::int64_t id,
                        std::optional<game::Timestamp>& barred_until);

// `user` takes back their entry before the start. kConflict once started or when not
// entered.
Result<void> leave_event(GameDeps& deps, const model::User& user, std::int64_t id);

// An adjudication claim of a player in a game of event `event_id` (§5.4).
struct ClaimFiling {
  std::int64_t game_id = 0;
  std::string claim;     // "win" or "draw"
  std::string analysis;  // required for a win claim
};
struct FiledClaim {
  model::AdjudicationClaim claim;
  game::Timestamp claims_due;
};
// Files (or replaces) `user`'s claim. kValidationError for a bad claim or a game outside the
// event; kForbidden when `user` does not play in it; kConflict when the game is not awaiting
// adjudication or the window has closed.
Result<FiledClaim> file_adjudication_claim(GameDeps& deps, const model::User& user,
                                           std::int64_t event_id, const ClaimFiling& filing);

// May `user` follow game `game_id` live? Its players and directors always; others as
// view_game allows, except that the games of an event with delayed visibility are not
// streamed to them while unfinished (kForbidden): a live feed would undo the delay.
Result<void> may_watch_live(GameDeps& deps, const model::User& user, std::int64_t game_id);

}  // namespace corrchess::app
