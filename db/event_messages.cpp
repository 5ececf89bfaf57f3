#include "db/event_messages.h"

#include <nlohmann/json.hpp>

#include "db/live_events.h"

namespace corrchess::db {

void notify_player_replaced(pqxx::work& tx, const std::vector<std::int64_t>& users,
                            const PlayerReplaced& change, game::Timestamp now) {
  const nlohmann::json message = {{"type", "player_replaced"},
                                  {"game_id", std::to_string(change.game_id)},
                                  {"at", game::format_rfc3339(now)},
                                  {"event_id", std::to_string(change.event_id)},
                                  {"side", game::color_name(change.side)},
                                  {"player", change.player},
                                  {"replacement", change.replacement},
                                  {"reason", change.reason}};
  notify_game(tx, change.game_id, users, nlohmann::json::array({message}));
}

}  // namespace corrchess::db
