#include "app/team_matches.h"
#include "api/json_body.h"
#include "api/rule_settings.h"
#include "api/team_json.h"
#include "api/teams.h"
#include "app/olympiads.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

// The rule settings of a team match's games or an Olympiad's sections: no fixed Chess960
// array (drawn per board), and for an Olympiad no start instant.
Result<model::TeamGameRules> team_game_rules(const json& body, bool start_allowed,
                                             std::optional<game::Timestamp>& start_at) {
  TRY_LET(rules, parse_rule_settings(body));
  if (rules->start_position) {
    return fail(ErrorCode::kValidationError,
                "start_position: a team competition's Chess960 arrays are drawn at its start");
  }
  if (rules->start_at && !start_allowed) {
    return fail(ErrorCode::kValidationError, "start_at: an Olympiad starts when it is created");
  }
  start_at = rules->start_at;
  return model::TeamGameRules{rules->variant, rules->time_control, rules->rules};
}

// The body fields of POST /admin/games without those a team competition refuses
// (start_position always, start_at for an Olympiad): the document lists what is accepted.
std::vector<FieldDoc> team_rule_fields(std::vector<FieldDoc> own, bool start_allowed) {
  auto fields = with_rule_settings(std::move(own), "");
  std::erase_if(fields, [&](const FieldDoc& f) {
    return f.name == "start_position" || (!start_allowed && f.name == "start_at");
  });
  return fields;
}

Result<model::TeamMatchSettings> parse_team_match(const json& body) {
  Fields in(body);
  model::TeamMatchSettings s;
  s.name = in.nonblank_text("name", 2000);
  s.team_a = in.required_id("team_a", "team");
  s.team_b = in.required_id("team_b", "team");
  s.match.boards = in.take(optional_int_in(body, "boards", -1000, 1000)).value_or(0);
  s.match.games_per_board =
      in.take(optional_int_in(body, "games_per_board", -1000, 1000)).value_or(2);
  s.games = in.take(team_game_rules(body, true, s.start_at));
  s.rated = in.optional_bool("rated").value_or(true);
  if (!in.ok()) return in.error();
  if (s.name.size() > 200) return fail(ErrorCode::kValidationError, "field 'name' is too long");
  return s;
}
using NewTeamMatchBody = ParsedBody<parse_team_match>;

Result<app::Nomination> parse_nomination(const json& body) {
  Fields in(body);
  app::Nomination n;
  n.team_id = in.required_id("team_id", "team");
  n.board = in.take(optional_int_in(body, "board", -1000, 1000)).value_or(0);
  n.username = in.required_string("username", 64);
  if (!in.ok()) return in.error();
  return n;
}
using NominationBody = ParsedBody<parse_nomination>;

Result<app::OlympiadEntry> parse_olympiad_entry(const json& entry) {
  const auto bad = fail(ErrorCode::kValidationError,
                        "field 'teams' must be a list of {team_id, players: [usernames]}");
  if (!entry.is_object() || !entry.contains("players") || !entry["players"].is_array()) return bad;
  app::OlympiadEntry e;
  TRY_LET(id, required_id(entry, "team_id", "team"));
  e.team_id = *id;
  if (entry["players"].size() > static_cast<std::size_t>(app::kMaxOlympiadBoards)) return bad;
  for (const auto& name : entry["players"]) {
    if (!name.is_string() || name.get<std::string>().size() > 64) return bad;
    e.players.push_back(name.get<std::string>());
  }
  return e;
}

Result<app::OlympiadCreation> parse_olympiad(const json& body) {
  Fields in(body);
  app::OlympiadCreation c;
  auto& s = c.settings;
  s.name = in.nonblank_text("name", 2000);
  s.boards = in.take(optional_int_in(body, "boards", -1000, 1000)).value_or(0);
  s.rated = in.optional_bool("rated").value_or(false);
  std::optional<game::Timestamp> no_start;
  s.games = in.take(team_game_rules(body, false, no_start));
  if (!in.ok()) return in.error();
  if (s.name.size() > 200) return fail(ErrorCode::kValidationError, "field 'name' is too long");
  if (!body.contains("teams") || !body["teams"].is_array() ||
      body["teams"].size() > static_cast<std::size_t>(app::kMaxOlympiadSize)) {
    return fail(ErrorCode::kValidationError,
                "field 'teams' must be a list of 2..32 {team_id, players: [usernames]}");
  }
  for (const auto& entry : body["teams"]) {
    TRY_LET(e, parse_olympiad_entry(entry));
    c.teams.push_back(std::move(*e));
  }
  return c;
}
using NewOlympiadBody = ParsedBody<parse_olympiad>;

Result<Response> show_match(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_team_match(deps, id));
  return json_response(status, team_match_json(*view));
}

Result<Response> show_olympiad(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_olympiad(deps, id));
  return json_response(status, olympiad_json(*view));
}

const char* const kMatchAnswer =
    "{id, name, team_a: {id, name, kind, country}, team_b, status (nominating | playing), "
    "state (nominating | in_play | decided | finished), score_a, score_b, winner (a | b | "
    "draw | null), decided_early, settings: {boards, games_per_board, variant, time_control, "
    "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, start_at, rated}, "
    "created_at, "
    "started_at, games_finished, games_annulled, games_open, boards: [{board, player_a: "
    "{username, display_name} | null, player_b, started, score_a, score_b, games: [{game_id, "
    "number, white, black, a_white, status, result}]}]}";

void add_olympiad_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add(
      {"POST", "/api/v1/olympiads", kDirector,
       Doc("Create and start an Olympiad (directors only): one all-play-all event per board", 201,
           "the Olympiad")
           .in(team_rule_fields(
                   {{"name", "string", true, "unique (case-insensitive), 1..200 bytes"},
                    {"boards", "integer", true, "1..20 boards a team"},
                    {"rated", "boolean", false, "the board sections are rated (default false)"},
                    {"teams", "object[]", true,
                     "2..32 {team_id, players: [usernames, board 1 first]} in seeding order"}},
                   false),
               {{"name", "Olympiad 2031"},
                {"boards", 2},
                {"time_control", time_control_example()},
                {"teams",
                 {{{"team_id", "1"}, {"players", {"anna", "boris"}}},
                  {{"team_id", "2"}, {"players", {"chen", "dora"}}},
                  {{"team_id", "3"}, {"players", {"emil", "fay"}}}}}})},
      BodyHandler<NewOlympiadBody>([&deps](const Call& c, NewOlympiadBody&& b) -> Result<Response> {
        TRY_LET(id, app::create_olympiad(deps, c.caller(), std::move(b.value)));
        return show_olympiad(deps, *id, 201);
      }));
  routes.add({"GET", "/api/v1/olympiads", kUser,
              Doc("Every Olympiad, newest first", 200,
                  "{olympiads: [{id, name, boards, rated, created_at}]}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(list, app::list_olympiads(deps));
               json out = json::array();
               for (const auto& o : *list) {
                 out.push_back({{"id", std::to_string(o.id)},
                                {"name", o.name},
                                {"boards", o.boards},
                                {"rated", o.rated},
                                {"created_at", game::format_rfc3339(o.created_at)}});
               }
               return json_response(200, {{"olympiads", out}});
             });
  routes.add({"GET", "/api/v1/olympiads/{id}", kUser, kOlympiad,
              Doc("An Olympiad: the team table and the event of each board", 200,
                  "{id, name, boards, rated, status (running | finished), games, games_over, "
                  "teams: [{id, name, kind, country, seed, players: [{board, username, "
                  "display_name}]}], sections: [{board, event_id}], table: [{place, seed, team, "
                  "board_points, match_points, board_1_points, points_by_board, matches_won, "
                  "matches_drawn, matches_lost}], matches: [{seed_a, seed_b, score_a, score_b, "
                  "open, complete}], created_at}")},
             [&deps](const Call& c) { return show_olympiad(deps, c.id); });
}

}  // namespace

void add_team_match_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "teams");
  routes.add(
      {"POST", "/api/v1/team-matches", kDirector,
       Doc("Create a team match (directors only); the captains then nominate the boards", 201,
           "the match")
           .in(team_rule_fields(
                   {{"name", "string", true, "1..200 bytes"},
                    {"team_a", "string", true, "team id; White on board 1's first game"},
                    {"team_b", "string", true, "team id"},
                    {"boards", "integer", true, "1..200"},
                    {"games_per_board", "integer", false,
                     "2 (default: colours reversed on each board) or 1 (colours alternating "
                     "by board)"},
                    {"rated", "boolean", false, "default true: the games count for ratings"}},
                   true),
               {{"name", "Germany - Netherlands"},
                {"team_a", "1"},
                {"team_b", "2"},
                {"boards", 4},
                {"games_per_board", 2},
                {"time_control", time_control_example()}})},
      BodyHandler<NewTeamMatchBody>(
          [&deps](const Call& c, NewTeamMatchBody&& b) -> Result<Response> {
            TRY_LET(id, app::create_team_match(deps, c.caller(), std::move(b.value)));
            return show_match(deps, *id, 201);
          }));
  routes.add({"GET", "/api/v1/team-matches", kUser,
              Doc("Every team match, newest first", 200,
                  "{matches: [{id, name, team_a, team_b, status, state, score_a, score_b, winner, "
                  "decided_early}]}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(list, app::list_team_matches(deps));
               json out = json::array();
               for (const auto& m : *list) out.push_back(team_match_summary_json(m));
               return json_response(200, {{"matches", out}});
             });
  routes.add({"GET", "/api/v1/team-matches/{id}", kUser, kTeamMatch,
              Doc("A team match: every board's players, games and points, the live score and "
                  "whether it is decided",
                  200, kMatchAnswer)},
             [&deps](const Call& c) { return show_match(deps, c.id); });
  routes.add(
      {"POST", "/api/v1/team-matches/{id}/nominations", kUser, kTeamMatch,
       Doc("Nominate a team's player for a board, or substitute them until the board starts (a "
           "captain of that team or a director)",
           200, "the match")
           .in({{"team_id", "string", true, "team_a or team_b of the match"},
                {"board", "integer", true, "1..boards"},
                {"username", "string", true, "a member of the team"}},
               {{"team_id", "1"}, {"board", 1}, {"username", "anna"}})},
      BodyHandler<NominationBody>([&deps](const Call& c, NominationBody&& b) -> Result<Response> {
        TRY(app::nominate_team_player(deps, c.caller(), c.id, b.value));
        return show_match(deps, c.id);
      }));
  routes.add({"POST", "/api/v1/team-matches/{id}/start", kDirector, kTeamMatch,
              Doc("Start the match (directors only): every board both teams nominated starts "
                  "now; a board nominated later starts at its second nomination",
                  200, "the match")},
             [&deps](const Call& c) -> Result<Response> {
               TRY(app::start_team_match(deps, c.caller(), c.id));
               return show_match(deps, c.id);
             });
  add_olympiad_routes(routes, deps);
}

}  // namespace corrchess::api
