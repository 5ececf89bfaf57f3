#include "api/blocks.h"

#include "api/pipeline.h"
#include "core/game/time.h"

namespace corrchess::api {

namespace {

nlohmann::json block_json(const model::Block& b) {
  return {{"username", b.blocked.username},
          {"display_name", b.blocked.display_name},
          {"since", game::format_rfc3339(b.since)}};
}

}  // namespace

void add_block_routes(Router& router, app::BlockDeps& deps) {
  Routes routes(router, deps.pool, "profiles");
  routes.add({"GET", "/api/v1/me/blocks", Access::kUser,
              Doc("The players one blocked", 200,
                  "{blocks: [{username, display_name, since}]}, newest first")},
             [&deps](const Call& c) {
               return json_after(app::blocked_users(deps, c.caller()),
                                 [](const std::vector<model::Block>& blocks) {
                                   nlohmann::json list = nlohmann::json::array();
                                   for (const auto& b : blocks) list.push_back(block_json(b));
                                   return nlohmann::json{{"blocks", std::move(list)}};
                                 });
             });
  routes.add({"PUT", "/api/v1/me/blocks/{username}", Access::kUser,
              Doc("Block a player: no challenges, messages or mails from them", 200,
                  "{username, display_name, since}; blocking again changes nothing; their open "
                  "challenges to you are declined")},
             [&deps](const Call& c) {
               return json_after(app::block_user(deps, c.caller(), c.params.at("username")),
                                 block_json);
             });
  routes.add(
      {"DELETE", "/api/v1/me/blocks/{username}", Access::kUser,
       Doc("Unblock a player", 204, "nothing (also when they were not blocked)")},
      [&deps](const Call& c) {
        return no_content_after(app::unblock_user(deps, c.caller(), c.params.at("username")));
      });
}

}  // namespace corrchess::api
