#include "api/adjudications.h"

#include "api/events.h"
#include "app/adjudications.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

Result<Response> queue(GameServiceDeps& deps, const model::User& user) {
  TRY_LET(q, app::adjudication_queue(deps, user));
  json list = json::array();
  for (const auto& p : q->games) {
    const auto& g = p.game;
    json j = {{"game_id", std::to_string(g.game_id)},
              {"event", {{"id", std::to_string(p.event_id)}, {"name", p.event_name}}},
              {"round", g.round},
              {"board", g.board},
              {"white", g.white},
              {"black", g.black},
              {"ply", g.ply},
              {"age_seconds", q->now.unix_seconds() - g.adjudication_since->unix_seconds()}};
    j.update(adjudication_json(g, q->claims, user, q->now));
    list.push_back(std::move(j));
  }
  return json_response(200, {{"adjudications", list}});
}

}  // namespace

void add_adjudication_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "events");
  routes.add(
      {"GET", "/api/v1/admin/adjudications", Access::kDirector,
       Doc("Event games awaiting adjudication across all events, the longest waiting first", 200,
           "{adjudications: [{game_id, event: {id, name}, round, board, white, black, ply, "
           "age_seconds, pending_since, claims_due, window_open, claims: {white, black}}]}")},
      [&deps](const Call& c) { return queue(deps, c.caller()); });
}

}  // namespace corrchess::api
