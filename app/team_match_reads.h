// The reads a team view and a match view share, inside the caller's transaction.
// App-internal (it takes a pqxx::work&): api/ does not include it.
#pragma once

#include <pqxx/pqxx>

#include "app/team_match_view.h"
#include "core/error.h"
#include "model/teams.h"

namespace corrchess::app {

// The view of `match`: its teams, players, games and score.
Result<TeamMatchView> team_match_view(pqxx::work& tx, model::StoredTeamMatch match);

// kValidationError ("no team 7") unless team `team_id` exists: a team named in a request.
Result<void> team_named_in_body(pqxx::work& tx, std::int64_t team_id);

}  // namespace corrchess::app
