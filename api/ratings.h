// HTTP routes of ratings (docs/api.md "Ratings"): the published lists (JSON, or CSV with
// Accept: text/csv or ?format=csv), a player's rating history, and a director's
// recomputation of a period. The use cases are app/ratings.
#pragma once

#include <map>

#include <nlohmann/json.hpp>

#include "api/games.h"
#include "api/router.h"
#include "app/ratings.h"

namespace corrchess::api {

// The rating routes; `games` decides who may see a game's rating preview (as the game).
void add_rating_routes(Router& router, app::RatingDeps& deps, GameServiceDeps& games);

// The rating range fields `min_rating` and `max_rating` (0..4000, min <= max) of a body.
Result<model::RatingRange> parse_rating_range(const nlohmann::json& body);
// The rating fields of POST /admin/events: `rated` (default true), the rating range for
// self-entry, and `seeding` ("entry" or "rating"; by default "entry" when the director lists
// the `players`, else "rating").
Result<model::EventRatingTerms> parse_event_rating_terms(const nlohmann::json& body);
// {rated, min_rating, max_rating, seeding}.
nlohmann::json event_rating_terms_json(const model::EventRatingTerms& terms);
// The players' ratings as shown beside them: rounded to whole points, null when unrated.
nlohmann::json rating_value(const std::map<std::int64_t, model::RatingEntry>& ratings,
                            std::int64_t user_id);

}  // namespace corrchess::api
