#include "api/teams.h"

#include "api/json_body.h"
#include "api/team_json.h"
#include "app/teams.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxTeamList = 500;

// A list of usernames in `field` (absent: none).
Result<std::vector<std::string>> usernames(const json& body, const char* field) {
  std::vector<std::string> out;
  if (!body.contains(field) || body[field].is_null()) return out;
  const auto bad = fail(ErrorCode::kValidationError,
                        std::string("field '") + field + "' must be a list of usernames");
  if (!body[field].is_array() || body[field].size() > kMaxTeamList) return bad;
  for (const auto& name : body[field]) {
    if (!name.is_string() || name.get<std::string>().size() > 64) return bad;
    out.push_back(name.get<std::string>());
  }
  return out;
}

Result<app::TeamCreation> parse_team_creation(const json& body) {
  Fields in(body);
  app::TeamCreation c;
  c.settings.kind = in.required_string("kind", 16);
  c.settings.name = in.nonblank_text("name", 2000);
  c.settings.country = in.required_string("country", 16);
  c.captains = in.take(usernames(body, "captains"));
  c.members = in.take(usernames(body, "members"));
  if (!in.ok()) return in.error();
  if (c.settings.name.size() > 200) {
    return fail(ErrorCode::kValidationError, "field 'name' is too long");
  }
  return c;
}
using NewTeamBody = ParsedBody<parse_team_creation>;

Result<std::string> parse_username(const json& body) {
  return required_string(body, "username", 64);
}
using UsernameBody = ParsedBody<parse_username>;

Result<Response> show_team(GameServiceDeps& deps, std::int64_t id, int status = 200) {
  TRY_LET(view, app::read_team(deps, id));
  return json_response(status, team_json(*view));
}

using TeamChange = Result<void> (*)(app::GameDeps&, const model::User&, std::int64_t,
                                    const std::string&);

// POST .../{id}/<what> {username}: the change, then the team.
BodyHandler<UsernameBody> add_to_team(GameServiceDeps& deps, TeamChange change) {
  return [&deps, change](const Call& c, UsernameBody&& b) -> Result<Response> {
    TRY(change(deps, c.caller(), c.id, b.value));
    return show_team(deps, c.id);
  };
}

// DELETE .../{id}/<what>/{username}: the change, 204.
CallHandler remove_from_team(GameServiceDeps& deps, TeamChange change) {
  return [&deps, change](const Call& c) {
    return no_content_after(change(deps, c.caller(), c.id, c.params.at("username")));
  };
}

}  // namespace

void add_team_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "teams");
  routes.add({"POST", "/api/v1/teams", kDirector,
              Doc("Create a team (directors only)", 201, "the team", "")
                  .in({{"kind", "string", true, "federation, club or national"},
                       {"name", "string", true, "unique (case-insensitive), 1..200 bytes"},
                       {"country", "string", true, "ISO 3166-1 alpha-2 code, e.g. DE"},
                       {"captains", "string[]", false, "usernames of its captains"},
                       {"members", "string[]", false, "usernames of its members"}},
                      {{"kind", "national"},
                       {"name", "Germany"},
                       {"country", "DE"},
                       {"captains", {"klara"}},
                       {"members", {"anna", "boris", "chen"}}})},
             BodyHandler<NewTeamBody>([&deps](const Call& c, NewTeamBody&& b) -> Result<Response> {
               TRY_LET(id, app::create_team(deps, c.caller(), std::move(b.value)));
               return show_team(deps, *id, 201);
             }));
  routes.add({"GET", "/api/v1/teams", kUser,
              Doc("Every team by name", 200,
                  "{teams: [{id, name, kind, country, captains: [{username, display_name}], "
                  "members}]} (members: how many)")},
             [&deps](const Call&) -> Result<Response> {
               TRY_LET(teams, app::list_teams(deps));
               json out = json::array();
               for (const auto& t : *teams) {
                 auto row = team_ref_json(t.team);
                 json captains = json::array();
                 for (const auto& p : t.captains) {
                   captains.push_back({{"username", p.username}, {"display_name", p.display_name}});
                 }
                 row["captains"] = captains;
                 row["members"] = t.members;
                 out.push_back(row);
               }
               return json_response(200, {{"teams", out}});
             });
  routes.add({"GET", "/api/v1/teams/{id}", kUser, kTeam,
              Doc("A team: captains, members, its team matches with their scores and its "
                  "Olympiads",
                  200,
                  "{id, name, kind, country, captains, members, matches: [TeamMatch summary], "
                  "olympiads: [{id, name, seed}], created_at}")},
             [&deps](const Call& c) { return show_team(deps, c.id); });
  routes.add({"POST", "/api/v1/teams/{id}/members", kUser, kTeam,
              Doc("Add a member (a captain of the team or a director)", 200, "the team")
                  .in({{"username", "string", true, "the new member"}}, {{"username", "dora"}})},
             add_to_team(deps, app::add_team_member));
  routes.add({"DELETE", "/api/v1/teams/{id}/members/{username}", kUser, kTeam,
              Doc("Remove a member (a captain of the team or a director)", 204,
                  "nothing (also when they were not a member)")},
             remove_from_team(deps, app::remove_team_member));
  routes.add({"POST", "/api/v1/teams/{id}/captains", kDirector, kTeam,
              Doc("Appoint a captain (directors only)", 200, "the team")
                  .in({{"username", "string", true, "the new captain"}}, {{"username", "klara"}})},
             add_to_team(deps, app::add_team_captain));
  routes.add({"DELETE", "/api/v1/teams/{id}/captains/{username}", kDirector, kTeam,
              Doc("Remove a captain (directors only)", 204,
                  "nothing (also when they were not a captain)")},
             remove_from_team(deps, app::remove_team_captain));
}

}  // namespace corrchess::api
