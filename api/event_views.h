// The JSON views of events: the event page, the event list's summaries, players' adjudication
// state and crosstables (api.md "Events").
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/events.h"
#include "core/game/crosstable.h"
#include "model/events.h"
#include "model/users.h"

namespace corrchess::api {

// The adjudication state of a game that reached the end date unfinished (§5.4): when, the
// claim window, and each side's claim. A side that filed nothing is taken to claim a draw.
// Directors see the claims in full, a player their own; others only whether one was filed.
nlohmann::json adjudication_json(const model::EventGame& g,
                                 const std::vector<model::AdjudicationClaim>& claims,
                                 const model::User& viewer, game::Timestamp now);

// {rows: [{seed, player, display_name, status, score, wins, sb, place, place_text, games,
// unfinished, results: {opponent: marker}}], legend}.
nlohmann::json crosstable_json(const game::Crosstable& table,
                               const std::vector<model::EventPlayer>& players);

// crosstable_json with each player's rating when the event is rated.
nlohmann::json rated_crosstable_json(const game::Crosstable& table, const app::EventView& v);

// An event in GET /events: id, name, status, settings and the number of players.
nlohmann::json summary_json(const model::StoredEvent& e, const std::string& status, int players);

// The event page as `viewer` sees it: settings, players, games (with adjudication state),
// crosstable and the server's now.
nlohmann::json event_json(const app::EventView& v, const model::User& viewer);

}  // namespace corrchess::api
