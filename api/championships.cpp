#include "api/championships.h"

#include <cctype>

#include "api/json_body.h"
#include "api/rule_settings.h"
#include "api/section_terms.h"
#include "app/championships.h"

namespace corrchess::api {

namespace {

using game::Timestamp;
using nlohmann::json;

constexpr std::size_t kMaxChampionshipPlayers = 1024;

Result<std::vector<model::StageSettings>> parse_stages(const json& body) {
  if (!body.contains("stages") || !body["stages"].is_array()) {
    return fail(ErrorCode::kValidationError,
                "field 'stages' must be a list of {name, section_size, per_section, "
                "best_runners_up}");
  }
  std::vector<model::StageSettings> out;
  for (const auto& stage : body["stages"]) {
    if (!stage.is_object() || out.size() >= 10) {
      return fail(ErrorCode::kValidationError, "field 'stages' must be a list of 2..5 objects");
    }
    Fields in(stage);
    model::StageSettings st;
    st.name = in.nonblank_text("name", 100);
    st.section_size = in.take(optional_int_in(stage, "section_size", -1000, 1000)).value_or(0);
    st.rule.per_section = in.take(optional_int_in(stage, "per_section", -1000, 1000)).value_or(0);
    st.rule.best_runners_up =
        in.take(optional_int_in(stage, "best_runners_up", -1000, 1000)).value_or(0);
    if (!in.ok()) {
      return fail(ErrorCode::kValidationError,
                  "stage " + std::to_string(out.size() + 1) + ": " + in.error().error().detail);
    }
    // Each stage names the sections of its events ("<championship> - <stage> - section N")
    // and the qualification news: two of one name would be told apart by nobody.
    const auto folded = [](std::string text) {
      for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return text;
    };
    for (const auto& earlier : out) {
      if (folded(earlier.name) == folded(st.name)) {
        return fail(ErrorCode::kValidationError, "stage " + std::to_string(out.size() + 1) +
                                                     ": the name '" + st.name +
                                                     "' is already a stage's name");
      }
    }
    out.push_back(std::move(st));
  }
  return out;
}

Result<app::ChampionshipCreation> parse_championship_creation(const json& body) {
  Fields in(body);
  app::ChampionshipCreation c;
  auto& s = c.settings;
  s.name = in.nonblank_text("name", 2000);
  if (in.ok() && s.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "field 'name' is too long");
  }
  s.terms = in.take(parse_section_terms(body));
  for (auto [field, target] : {std::pair{"country_spread", &s.country_spread},
                               std::pair{"auto_advance", &s.auto_advance}}) {
    if (auto v = in.optional_bool(field)) *target = *v;
  }
  s.stages = in.take(parse_stages(body));
  s.opening = in.optional_string("opening", 2000, Text::kMultiline);
  if (!in.ok()) return in.error();
  if (!body.contains("players") || !body["players"].is_array() ||
      body["players"].size() > kMaxChampionshipPlayers) {
    return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
  }
  for (const auto& name : body["players"]) {
    if (!name.is_string()) {
      return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
    }
    c.players.push_back(name.get<std::string>());
  }
  return c;
}
using NewChampionshipBody = ParsedBody<parse_championship_creation>;

json championship_json(const app::ChampionshipView& v) {
  const auto& c = v.championship;
  const auto& s = c.settings;
  json settings = section_terms_json(s.terms);
  settings["country_spread"] = s.country_spread;
  settings["auto_advance"] = s.auto_advance;
  settings["opening"] = s.opening ? json(*s.opening) : json();
  settings["initial_fen"] = s.initial_fen.empty() ? json() : json(s.initial_fen);
  json stages = json::array();
  for (const auto& st : c.stages) {
    json sections = json::array();
    for (const auto& x : v.sections) {
      if (x.stage != st.number) continue;
      sections.push_back(
          {{"number", x.number}, {"event_id", std::to_string(x.event_id)}, {"name", x.event_name}});
    }
    json qualifiers = json::array();
    for (const auto& q : v.qualifiers) {
      if (q.stage != st.number) continue;
      qualifiers.push_back({{"rank", q.rank},
                            {"username", q.username},
                            {"section", q.section},
                            {"place", q.place},
                            {"score", q.score_halves / 2.0},
                            {"games", q.games},
                            {"runner_up", q.runner_up}});
    }
    stages.push_back({{"number", st.number},
                      {"name", st.settings.name},
                      {"section_size", st.settings.section_size},
                      {"per_section", st.settings.rule.per_section},
                      {"best_runners_up", st.settings.rule.best_runners_up},
                      {"status", st.status},
                      {"started_at", instant_or_null(st.started_at)},
                      {"finished_at", instant_or_null(st.finished_at)},
                      {"sections", sections},
                      {"qualifiers", qualifiers}});
  }
  return {{"id", std::to_string(c.id)},
          {"name", s.name},
          {"status", c.status},
          {"champion", v.champion ? json(*v.champion) : json()},
          {"settings", settings},
          {"stages", stages},
          {"created_at", game::format_rfc3339(c.created_at)},
          {"finished_at", instant_or_null(c.finished_at)}};
}

Result<Response> show_championship(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_championship(deps, id));
  return json_response(status, championship_json(*view));
}

}  // namespace

void add_championship_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "championships");
  routes.add(
      {"POST", "/api/v1/admin/championships", kDirector,
       Doc("Create a championship: its first stage starts at once", 201, "the championship")
           .in(with_section_terms_fields(with_competition_rule_settings(
                   {{"name", "string", true, "unique (case-insensitive), at most 200 bytes"},
                    {"players", "string[]", true, "usernames of the first stage's players"},
                    {"stages", "object[]", true,
                     "2..5 stages {name, section_size (2..32), per_section, best_runners_up}; "
                     "the last without a rule"},
                    {"auto_advance", "boolean", false,
                     "default true: the next stage starts when a stage ends"},
                    {"country_spread", "boolean", false, "spread compatriots over sections"},
                    {"opening", "string", false,
                     "thematic: SAN moves (\"1. e4 c5 2. Nf3\") or a FEN every game starts from"},
                    {"allow_518", "boolean", false, "Chess960: may the draw give 518"}})),
               {{"name", "World Championship 40"},
                {"time_control", time_control_example()},
                {"players", {"anna", "boris", "chen", "dora", "emil", "fay"}},
                {"stages",
                 {{{"name", "Preliminaries"},
                   {"section_size", 3},
                   {"per_section", 1},
                   {"best_runners_up", 1}},
                  {{"name", "Final"}, {"section_size", 3}}}}})},
      BodyHandler<NewChampionshipBody>(
          [&deps](const Call& c, NewChampionshipBody&& b) -> Result<Response> {
            TRY_LET(id, app::create_championship(deps, c.caller(), std::move(b.value)));
            return show_championship(deps, *id, 201);
          }));
  routes.add({"POST", "/api/v1/admin/championships/{id}/next-stage", kDirector, kChampionship,
              Doc("Start the next stage once the current one is over (with auto_advance off, or "
                  "before the starter does)",
                  200, "the championship")},
             [&deps](const Call& c) -> Result<Response> {
               TRY(app::start_next_stage(deps, c.caller(), c.id));
               return show_championship(deps, c.id);
             });
  routes.add({"GET", "/api/v1/championships", kUser,
              Doc("Every championship", 200, "{championships: [{id, name, status, stages}]}")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(listed, app::list_championships(deps));
               json out = json::array();
               for (const auto& c : *listed) {
                 out.push_back({{"id", std::to_string(c.id)},
                                {"name", c.settings.name},
                                {"status", c.status},
                                {"stages", c.stages.size()}});
               }
               return json_response(200, {{"championships", out}});
             });
  routes.add({"GET", "/api/v1/championships/{id}", kUser, kChampionship,
              Doc("A championship: its stages, their sections and qualifiers", 200,
                  "{id, name, status, champion, settings, stages: [{number, name, section_size, "
                  "per_section, best_runners_up, status, started_at, finished_at, sections: "
                  "[{number, event_id, name}], qualifiers: [{rank, username, section, place, "
                  "score, games, runner_up}]}], created_at, finished_at}")},
             [&deps](const Call& c) { return show_championship(deps, c.id); });
}

}  // namespace corrchess::api
