// Starting a section (rules.md 6.3), the one path for a director's start of an event and a
// series' automatic start: seats by rating when the event's terms say so, the seats closed
// up, every game of the section created at once with the Berger tables' pairings and
// colours (a Chess960 position drawn when none was fixed), the players told through the
// new-game notifications. App-internal: it runs inside the caller's transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "app/game_view.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/events.h"
#include "model/section_terms.h"

namespace corrchess::app {

struct StartedSection {
  int games = 0;
  int players = 0;
  game::Timestamp start_at;
  std::optional<int> start_position;
};

// kConflict for a cancelled event (app/event_changes.h): nothing is done to it any more.
Result<void> require_not_cancelled(const model::StoredEvent& event);

// Starts the locked event `event` at `now` in `tx`. kConflict when already started, past its
// end date or with fewer than 2 active players.
Result<StartedSection> start_section(const GameDeps& deps, pqxx::work& tx,
                                     const model::StoredEvent& event, game::Timestamp now);

// The event of a section named `name` under `terms` for `players` players, starting `now`
// (the competition composes and starts it: closed to entries, live visibility).
model::EventSettings section_event(const model::SectionTerms& terms, std::string name, int players,
                                   game::Timestamp now);

// Checks that the games of a section under `settings` can start at `now`: the thematic
// `opening` (if any, standard chess only) read into settings.initial_fen, then the setup
// prepared as the start prepares it (time control numbers, a legal position where the game
// is not already over or dead). kValidationError, naming the opening when it is at fault.
Result<void> check_section_games(const GameDeps& deps, model::EventSettings& settings,
                                 const std::optional<std::string>& opening, game::Timestamp now);

// Creates the event of a section a competition composed (`settings`, rated or not, created by
// nobody) with `players` in seat order, and starts it at `now` in `tx`. The event's id.
Result<std::int64_t> create_started_section(const GameDeps& deps, pqxx::work& tx,
                                            const model::EventSettings& settings, bool rated,
                                            const std::vector<std::int64_t>& players,
                                            game::Timestamp now);

}  // namespace corrchess::app
