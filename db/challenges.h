// Challenges in PostgreSQL (table challenges, migrations/0006_challenges.sql): insertion,
// loading (optionally locked), closing, the three lists a player sees, and the counts the
// server's limits need. Expiry is not stored; "open" below always means open and unexpired
// at the `now` given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/error.h"
#include "core/game/challenge.h"
#include "core/game/facts.h"
#include "db/users.h"
#include "model/challenges.h"

namespace corrchess::db {

// The records of model/challenges.h under their db/ names.
using model::challenge_json;
using model::StoredChallenge;

// Queues the live message {type, at, challenge} (plus game_id when given) for `users`
// (db::notify_users).
void notify_challenge(pqxx::work& tx, const std::vector<std::int64_t>& users, const char* type,
                      const StoredChallenge& c, game::ChallengeStatus status, game::Timestamp at,
                      std::optional<std::int64_t> game_id = std::nullopt);

// Inserts an open challenge (id, status and decision fields of `c` are ignored); returns
// the id.
std::int64_t insert_challenge(pqxx::work& tx, const StoredChallenge& c);
// One challenge; `lock` takes its row lock (serialises accept, decline and cancel).
// kNotFound when there is none.
Result<StoredChallenge> load_challenge(pqxx::work& tx, std::int64_t id, bool lock);
// Stores the decision on an open challenge: accepted (with the game), declined or
// cancelled, by `by_user_id` at `at`.
void close_challenge(pqxx::work& tx, std::int64_t id, game::ChallengeStatus status,
                     game::Timestamp at, std::int64_t by_user_id,
                     const std::optional<std::string>& reason, std::optional<std::int64_t> game_id);

// Open challenges addressed to `user_id` (incoming), made by it (outgoing, seeks
// included), and open seeks of other players (at most `limit`, oldest first); all oldest
// first.
std::vector<StoredChallenge> incoming_challenges(pqxx::work& tx, std::int64_t user_id,
                                                 game::Timestamp now);
std::vector<StoredChallenge> outgoing_challenges(pqxx::work& tx, std::int64_t user_id,
                                                 game::Timestamp now);
std::vector<StoredChallenge> open_seeks(pqxx::work& tx, std::int64_t user_id, game::Timestamp now,
                                        int limit);

// Open challenges made by `user_id`.
int count_open_challenges(pqxx::work& tx, std::int64_t user_id, game::Timestamp now);
// What `challenger_id` did to `opponent_id` lately (challenges naming them): those made in the
// 24 hours before `now`, and the latest decline and cancellation decided within
// `decided_within` seconds before `now`.
game::ChallengeHistory challenge_history(pqxx::work& tx, std::int64_t challenger_id,
                                         std::int64_t opponent_id, game::Timestamp now,
                                         game::Seconds decided_within);
// The open challenges `challenger_id` addressed to `opponent_id`, locked, oldest first.
std::vector<StoredChallenge> open_challenges_between(pqxx::work& tx, std::int64_t challenger_id,
                                                     std::int64_t opponent_id, game::Timestamp now);

// Locks the users' rows in id order, so that concurrent game creations for the same player
// are serialised (the game limit cannot be passed by racing accepts).
void lock_users(pqxx::work& tx, std::int64_t a, std::int64_t b);

}  // namespace corrchess::db
