// HTTP routes of ratings (docs/api.md "Ratings"): the published lists (JSON, or CSV with
// Accept: text/csv or ?format=csv), a player's rating history, and a director's
// recomputation of a period. The use cases are app/ratings.
#pragma once

#include "api/router.h"
#include "app/ratings.h"

namespace corrchess::api {

void add_rating_routes(Router& router, app::RatingDeps& deps);

}  // namespace corrchess::api
