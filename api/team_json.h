// The JSON forms of teams, team matches and Olympiads (docs/api.md "Teams"), shared by the
// routes of api/teams.cpp and api/team_matches.cpp, and the one reader of an id field.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "app/olympiads.h"
#include "app/team_matches.h"
#include "app/teams.h"
#include "core/error.h"

namespace corrchess::api {

// {id, name, kind, country}
nlohmann::json team_ref_json(const model::StoredTeam& team);
// {id, kind, name, country, captains, members, matches, olympiads, created_at}
nlohmann::json team_json(const app::TeamView& v);
// {id, name, team_a, team_b, status, state, score_a, score_b, winner, decided_early}
nlohmann::json team_match_summary_json(const app::TeamMatchView& v);
// The summary with settings, started_at, the game counts and the boards.
nlohmann::json team_match_json(const app::TeamMatchView& v);
// {id, name, boards, rated, status, teams, sections, table, matches, games, games_over, ...}
nlohmann::json olympiad_json(const app::OlympiadView& v);

}  // namespace corrchess::api
