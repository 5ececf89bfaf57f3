// Live messages for users (api.md "Live events"): numbered per user, kept in user_events,
// and announced on the corrchess_events channel that every server instance LISTENs to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>
#include <pqxx/pqxx>

#include "core/game/game_change.h"
#include "model/live_events.h"

namespace corrchess::db {

// The records of model/live_events.h under their db/ names.
using model::UserEvent;
using model::UserEventPage;

inline constexpr const char* kEventsChannel = "corrchess_events";

// Queues a raw notification (delivered at commit) on the corrchess_events channel.
void notify_event(pqxx::work& tx, const std::string& payload);

// Numbers, stores and announces live messages about a game for the given players (and
// anyone watching the game). Each user's copy of each message gets the next number of that
// user's sequence; the counters of all the users are locked in id order, so the messages of
// one user commit in the order of their numbers. Payload on the channel:
// {"game_id", "users": [ids], "seqs": {"<id>": first number}, "messages": [...]}, split into
// several notifications when long (NOTIFY carries at most 8000 bytes); a message too long
// for one notification loses its player text ("message_omitted") and, if still too long,
// all but its type, game and version ("truncated": clients re-read the game). A message
// without a `version` gets the game's current one.
void notify_game(pqxx::work& tx, std::int64_t game_id, const std::vector<std::int64_t>& users,
                 const nlohmann::json& messages);
// notify_game with the live messages of one game change (api.md "Live events": move,
// draw_offer, draw_declined, claim, clock, game_started, adjudication_pending, game_over),
// each stamped with the game, `after.now` and the game's new `version`, details from `after`.
void notify_game_change(pqxx::work& tx, std::int64_t game_id, int version,
                        const std::vector<std::int64_t>& users,
                        const std::vector<game::ChangeNotice>& notices,
                        const game::GameState& after);
// The same for messages that concern no game (challenges): no "game_id", no watchers.
void notify_users(pqxx::work& tx, const std::vector<std::int64_t>& users,
                  const nlohmann::json& messages);

// The user's messages numbered above `since`, at most `limit` of them; without `since`
// only last_seq.
UserEventPage user_events_after(pqxx::work& tx, std::int64_t user_id,
                                std::optional<std::int64_t> since, int limit);

// Deletes stored messages older than `retention_days` days of database (wall-clock) time;
// returns how many.
std::int64_t prune_user_events(pqxx::work& tx, int retention_days);

}  // namespace corrchess::db
