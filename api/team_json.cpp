#include "api/team_json.h"

#include <algorithm>
#include <string>

#include "core/competition/cup.h"
#include "model/codec.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

json person_json(const model::TeamPerson& p) {
  return {{"username", p.username}, {"display_name", p.display_name}};
}

json people_json(const std::vector<model::TeamPerson>& people) {
  json out = json::array();
  for (const auto& p : people) out.push_back(person_json(p));
  return out;
}

std::string game_outcome(const model::TeamMatchGame& g) {
  if (g.status == "finished" && g.result) return std::string(game::to_string(*g.result));
  return g.status;
}

json nullable(const std::string& text) { return text.empty() ? json() : json(text); }

// Board `board` (1-based) of a match: its players, games and points.
json board_json(const app::TeamMatchView& v, int board) {
  json out = {{"board", board}, {"player_a", json()}, {"player_b", json()}};
  for (const auto& p : v.players) {
    if (p.board == board) out[p.side_a ? "player_a" : "player_b"] = person_json(p.person);
  }
  json games = json::array();
  std::vector<competition::MatchGame> scored;
  for (const auto& g : v.games) {
    if (g.board != board) continue;
    games.push_back({{"game_id", std::to_string(g.game_id)},
                     {"number", g.number + 1},
                     {"white", g.white},
                     {"black", g.black},
                     {"a_white", g.a_white},
                     {"status", g.status},
                     {"result", game_outcome(g)}});
    std::optional<game::GameResult> result;
    if (g.status == "finished") result = g.result;
    if (g.status == "annulled") result = game::GameResult::kDoubleDefault;
    scored.push_back({g.a_white, result});
  }
  const auto score = competition::match_score(scored);
  out["started"] = !games.empty();
  out["score_a"] = score.first_halves / 2.0;
  out["score_b"] = score.second_halves / 2.0;
  out["games"] = games;
  return out;
}

}  // namespace

json team_ref_json(const model::StoredTeam& team) {
  return {{"id", std::to_string(team.id)},
          {"name", team.settings.name},
          {"kind", team.settings.kind},
          {"country", team.settings.country}};
}

json team_json(const app::TeamView& v) {
  json matches = json::array();
  for (const auto& m : v.matches) matches.push_back(team_match_summary_json(m));
  json olympiads = json::array();
  for (const auto& o : v.olympiads) {
    olympiads.push_back({{"id", std::to_string(o.id)}, {"name", o.name}, {"seed", o.seed}});
  }
  auto out = team_ref_json(v.team);
  out["captains"] = people_json(v.captains);
  out["members"] = people_json(v.members);
  out["matches"] = matches;
  out["olympiads"] = olympiads;
  out["created_at"] = game::format_rfc3339(v.team.created_at);
  return out;
}

json team_match_summary_json(const app::TeamMatchView& v) {
  const auto state = app::team_match_state(v);
  return {{"id", std::to_string(v.match.id)},
          {"name", v.match.settings.name},
          {"team_a", team_ref_json(v.team_a)},
          {"team_b", team_ref_json(v.team_b)},
          {"status", v.match.status},
          {"state", state},
          {"score_a", v.score.a_halves / 2.0},
          {"score_b", v.score.b_halves / 2.0},
          {"winner", nullable(app::team_match_winner(v))},
          {"decided_early", v.score.early}};
}

json team_match_json(const app::TeamMatchView& v) {
  const auto& s = v.match.settings;
  auto out = team_match_summary_json(v);
  out["settings"] = {{"boards", s.match.boards},
                     {"games_per_board", s.match.games_per_board},
                     {"variant", game::to_string(s.games.variant)},
                     {"time_control", model::time_control_json(s.games.time_control)},
                     {"draw_min_moves", s.games.rules.no_draw_before_move},
                     {"ten_moves_rule", s.games.rules.ten_moves_rule},
                     {"silence_rule", s.games.rules.silence_rule},
                     {"messages_allowed", s.games.rules.messages_allowed},
                     {"start_at", s.start_at ? json(game::format_rfc3339(*s.start_at)) : json()},
                     {"rated", s.rated}};
  out["created_at"] = game::format_rfc3339(v.match.created_at);
  out["started_at"] = v.match.started_at ? json(game::format_rfc3339(*v.match.started_at)) : json();
  out["games_finished"] = v.score.finished;
  out["games_annulled"] = v.score.annulled;
  out["games_open"] = v.score.open;
  json boards = json::array();
  for (int b = 1; b <= s.match.boards; ++b) boards.push_back(board_json(v, b));
  out["boards"] = boards;
  return out;
}

json olympiad_json(const app::OlympiadView& v) {
  const auto& o = v.olympiad;
  json teams = json::array();
  for (const auto& t : v.teams) {
    json players = json::array();
    for (const auto& p : v.players) {
      if (p.seed != t.seed) continue;
      auto person = person_json(p.person);
      person["board"] = p.board;
      players.push_back(person);
    }
    auto team = team_ref_json(t.team);
    team["seed"] = t.seed;
    team["players"] = players;
    teams.push_back(team);
  }
  const auto team_at = [&](int index) -> const model::OlympiadTeam& {
    return v.teams[static_cast<std::size_t>(index)];
  };
  json table = json::array();
  for (const auto& r : v.table.rows) {
    json by_board = json::array();
    for (const auto h : r.halves_by_board) by_board.push_back(h / 2.0);
    table.push_back(
        {{"place", r.place},
         {"seed", r.team + 1},
         {"team", team_ref_json(team_at(r.team).team)},
         {"board_points", r.board_halves / 2.0},
         {"match_points", r.match_points},
         {"board_1_points", r.halves_by_board.empty() ? 0.0 : r.halves_by_board[0] / 2.0},
         {"points_by_board", by_board},
         {"matches_won", r.matches_won},
         {"matches_drawn", r.matches_drawn},
         {"matches_lost", r.matches_lost}});
  }
  json matches = json::array();
  for (const auto& m : v.table.matches) {
    matches.push_back({{"seed_a", m.team_a + 1},
                       {"seed_b", m.team_b + 1},
                       {"score_a", m.a_halves / 2.0},
                       {"score_b", m.b_halves / 2.0},
                       {"open", m.open},
                       {"complete", m.complete}});
  }
  json sections = json::array();
  for (const auto& s : v.sections) {
    sections.push_back({{"board", s.board}, {"event_id", std::to_string(s.event_id)}});
  }
  return {{"id", std::to_string(o.id)},
          {"name", o.name},
          {"boards", o.boards},
          {"rated", o.rated},
          {"status", v.games > 0 && v.games_over == v.games ? "finished" : "running"},
          {"games", v.games},
          {"games_over", v.games_over},
          {"teams", teams},
          {"sections", sections},
          {"table", table},
          {"matches", matches},
          {"created_at", game::format_rfc3339(o.created_at)}};
}

}  // namespace corrchess::api
