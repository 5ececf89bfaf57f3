// Team use cases (rules.md 6.11, docs/api.md "Teams"), transport-neutral: a director creates
// a team (kind, name, country) and appoints or removes its captains; a captain of the team
// or a director adds and removes its members. A player may belong to several teams. The
// HTTP adapter is api/teams.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "app/team_matches.h"
#include "core/error.h"
#include "model/teams.h"
#include "model/users.h"

namespace corrchess::app {

struct TeamCreation {
  model::TeamSettings settings;
  std::vector<std::string> captains;  // usernames
  std::vector<std::string> members;   // usernames
};
// Creates a team (audited "team_created"). kForbidden unless a director; kValidationError for
// a kind other than federation, club or national, a country that is not an ISO 3166-1
// alpha-2 code, a name of 0 or more than 200 bytes, unknown or repeated users; kConflict for
// a name in use. Returns the team's id.
Result<std::int64_t> create_team(GameDeps& deps, const model::User& director, TeamCreation request);

// A team in a listing: its row and how many members and captains it has.
struct TeamListing {
  model::StoredTeam team;
  std::vector<model::TeamPerson> captains;
  int members = 0;
};
Result<std::vector<TeamListing>> list_teams(GameDeps& deps);

struct TeamOlympiad {
  std::int64_t id = 0;
  std::string name;
  int seed = 0;
};
struct TeamView {
  model::StoredTeam team;
  std::vector<model::TeamPerson> captains;
  std::vector<model::TeamPerson> members;
  std::vector<TeamMatchView> matches;  // newest first
  std::vector<TeamOlympiad> olympiads;
};
Result<TeamView> read_team(GameDeps& deps, std::int64_t id);

// Members: a captain of the team or a director (kForbidden otherwise). kValidationError for
// an unknown user; adding someone already there or removing someone who is not there
// changes nothing.
Result<void> add_team_member(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                             const std::string& username);
Result<void> remove_team_member(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                                const std::string& username);
// Captains: directors only (kForbidden otherwise); otherwise as for members.
Result<void> add_team_captain(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                              const std::string& username);
Result<void> remove_team_captain(GameDeps& deps, const model::User& caller, std::int64_t team_id,
                                 const std::string& username);

}  // namespace corrchess::app
