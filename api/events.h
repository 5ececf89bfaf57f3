// Event endpoints (rules.md §5, api.md "Events" and "/admin"): the HTTP adapter over the
// event use cases of app/events.h and app/event_workflows.h, and the JSON views of events,
// crosstables and adjudications.
#pragma once

#include <nlohmann/json.hpp>

#include "api/games.h"
#include "api/router.h"
#include "core/game/crosstable.h"
#include "db/events.h"

namespace corrchess::api {

// POST /api/v1/admin/events, /admin/events/{id}/{players,start,withdraw,replace};
// GET /api/v1/events, /events/{id}, /events/{id}/crosstable, /events/{id}/pgn;
// POST, DELETE /api/v1/events/{id}/join; POST /api/v1/events/{id}/adjudication-claims.
// `router` and `deps` must outlive the registration.
void add_event_routes(Router& router, GameServiceDeps& deps);

// The adjudication state of a game that reached the end date unfinished (§5.4): when, the
// claim window, and each side's claim. A side that filed nothing is taken to claim a draw.
// Directors see the claims in full, a player their own; others only whether one was filed.
nlohmann::json adjudication_json(const db::EventGame& g,
                                 const std::vector<db::AdjudicationClaim>& claims,
                                 const db::User& viewer, game::Timestamp now);

// The crosstable of a section: one row per seat (its current occupant), the games by seat.
Result<game::Crosstable> section_crosstable(const std::vector<db::EventPlayer>& players,
                                            const std::vector<db::EventGame>& games);

// {rows: [{seed, player, display_name, status, score, wins, sb, place, place_text, games,
// unfinished, results: {opponent: marker}}], legend}.
nlohmann::json crosstable_json(const game::Crosstable& table,
                               const std::vector<db::EventPlayer>& players);

}  // namespace corrchess::api
