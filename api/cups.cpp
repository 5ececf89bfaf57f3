#include "api/cups.h"

#include <map>

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "app/cups.h"
#include "model/codec.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxCupPlayers = 1024;

Result<app::CupCreation> parse_cup_creation(const json& body) {
  Fields in(body);
  app::CupCreation c;
  auto& s = c.settings;
  s.name = in.nonblank_text("name", 2000);
  if (in.ok() && s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "field 'name' is too long");
  }
  const auto rules = in.take(parse_rule_settings(body));
  if (in.ok() && (rules.start_position || rules.start_at)) {
    return fail(ErrorCode::kValidationError,
                "start_position and start_at: a cup's games start when their match does");
  }
  s.variant = rules.variant;
  s.time_control = rules.time_control;
  s.rules = rules.rules;
  s.match.games = in.take(optional_int_in(body, "games_per_match", -1000, 1000)).value_or(2);
  s.match.tiebreak_pairs =
      in.take(optional_int_in(body, "tiebreak_pairs", -1000, 1000)).value_or(1);
  c.seeding = in.optional_string("seeding", 16).value_or("rating");
  s.rated = in.optional_bool("rated").value_or(true);
  if (!in.ok()) return in.error();
  if (!body.contains("players") || !body["players"].is_array()) {
    return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
  }
  if (body["players"].size() > kMaxCupPlayers) {
    return fail(ErrorCode::kValidationError, "a cup has at most 1024 players");
  }
  for (const auto& name : body["players"]) {
    if (!name.is_string()) {
      return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
    }
    c.players.push_back(name.get<std::string>());
  }
  return c;
}
using NewCupBody = ParsedBody<parse_cup_creation>;

std::string cup_game_outcome(const model::CupGame& g) {
  if (g.status == "finished" && g.result) return std::string(game::to_string(*g.result));
  return g.status;
}

json cup_json(const app::CupView& v) {
  std::map<std::int64_t, const model::CupPlayer*> by_id;
  json players = json::array();
  for (const auto& p : v.players) {
    by_id[p.user.id] = &p;
    players.push_back(
        {{"seed", p.seed}, {"username", p.user.username}, {"display_name", p.user.display_name}});
  }
  const auto player = [&](const std::optional<std::int64_t>& id) -> json {
    if (!id || !by_id.contains(*id)) return json();
    const auto* p = by_id.at(*id);
    return {{"username", p->user.username}, {"seed", p->seed}};
  };
  const auto name = [&](const std::optional<std::int64_t>& id) -> json {
    if (!id || !by_id.contains(*id)) return json();
    return by_id.at(*id)->user.username;
  };
  json rounds = json::array();
  for (const auto& m : v.matches) {
    while (static_cast<int>(rounds.size()) < m.round) {
      rounds.push_back({{"round", rounds.size() + 1}, {"matches", json::array()}});
    }
    json games = json::array();
    for (const auto& g : v.games) {
      if (g.round != m.round || g.match_no != m.match_no) continue;
      games.push_back({{"game_id", std::to_string(g.game_id)},
                       {"number", g.number + 1},
                       {"tiebreak", g.number >= v.cup.settings.match.games},
                       {"white", g.white},
                       {"black", g.black},
                       {"status", g.status},
                       {"result", cup_game_outcome(g)}});
    }
    const auto score = app::cup_match_score(v, m);
    rounds[static_cast<std::size_t>(m.round - 1)]["matches"].push_back(
        {{"match", m.match_no + 1},
         {"a", player(m.player_a)},
         {"b", player(m.player_b)},
         {"bye", m.bye},
         {"status", m.status},
         {"score_a", score.first_halves / 2.0},
         {"score_b", score.second_halves / 2.0},
         {"winner", name(m.winner_id)},
         {"games", games}});
  }
  const auto& s = v.cup.settings;
  return {{"id", std::to_string(v.cup.id)},
          {"name", s.name},
          {"status", v.cup.status},
          {"settings",
           {{"variant", game::to_string(s.variant)},
            {"time_control", model::time_control_json(s.time_control)},
            {"draw_min_moves", s.rules.no_draw_before_move},
            {"ten_moves_rule", s.rules.ten_moves_rule},
            {"silence_rule", s.rules.silence_rule},
            {"messages_allowed", s.rules.messages_allowed},
            {"games_per_match", s.match.games},
            {"tiebreak_pairs", s.match.tiebreak_pairs},
            {"rated", s.rated}}},
          {"players", players},
          {"rounds", rounds},
          {"winner", name(v.cup.winner_id)},
          {"created_at", game::format_rfc3339(v.cup.created_at)}};
}

Result<Response> show_cup(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_cup(deps, id));
  return json_response(status, cup_json(*view));
}

}  // namespace

void add_cup_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "cups");
  routes.add(
      {"POST", "/api/v1/admin/cups", kDirector,
       Doc("Create a cup: the bracket is seeded and its first round starts at once", 201, "the cup")
           .in(with_competition_rule_settings(
                   {{"name", "string", true, "unique (case-insensitive), at most 200 bytes"},
                    {"players", "string[]", true, "2..1024 usernames"},
                    {"seeding", "string", false,
                     "rating (default: highest first, unrated last) or entry (as listed)"},
                    {"games_per_match", "integer", false, "1..10, default 2"},
                    {"tiebreak_pairs", "integer", false, "0..5 pairs when equal, default 1"},
                    {"rated", "boolean", false, "default true: the games count for ratings"}}),
               {{"name", "Cup 2031"},
                {"time_control", time_control_example()},
                {"players", {"anna", "boris", "chen", "dora", "emil", "fay"}}})},
      BodyHandler<NewCupBody>([&deps](const Call& c, NewCupBody&& b) -> Result<Response> {
        TRY_LET(id, app::create_cup(deps, c.caller(), std::move(b.value)));
        return show_cup(deps, *id, 201);
      }));
  routes.add({"GET", "/api/v1/cups", kUser,
              Doc("Every cup", 200, "{cups: [{id, name, status, players, winner}]}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(cups, app::list_cups(deps));
               json out = json::array();
               for (const auto& c : *cups) {
                 out.push_back({{"id", std::to_string(c.cup.id)},
                                {"name", c.cup.settings.name},
                                {"status", c.cup.status},
                                {"players", c.tally.players},
                                {"winner", c.tally.winner ? json(*c.tally.winner) : json()}});
               }
               return json_response(200, {{"cups", out}});
             });
  routes.add({"GET", "/api/v1/cups/{id}", kUser, kCup,
              Doc("A cup: its bracket round by round", 200,
                  "{id, name, status, settings, players: [{seed, username, display_name}], "
                  "rounds: [{round, matches: [{match, a, b, bye, status, score_a, score_b, "
                  "winner, games}]}], winner, created_at}")},
             [&deps](const Call& c) { return show_cup(deps, c.id); });
}

}  // namespace corrchess::api
