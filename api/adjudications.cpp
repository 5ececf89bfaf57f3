#include "api/adjudications.h"

#include "api/events.h"
#include "app/adjudications.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

Response queue(GameServiceDeps& deps, const db::User& user) {
  auto q = app::adjudication_queue(deps, user);
  if (!q) return problem_response(q.error());
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
  router.add("GET", "/api/v1/admin/adjudications",
             with_user_id(deps.pool, "adjudication",
                          [&deps](const Request&, const db::User& u, std::int64_t) {
                            return queue(deps, u);
                          }));
}

}  // namespace corrchess::api
