#include "db/game_schedule.h"

#include <string>
#include <string_view>

#include "db/rows.h"
#include "db/rule_sets.h"

namespace corrchess::db {

using game::Timestamp;

// The condition "in play and due at $1", shared by the sweep and the reads that settle games:
// a game in play is due at its cached deadline (clock or start), or when its event's end date
// has passed and the event's time control adjudicates at the end date (the game becomes
// adjudication pending, rules.md §6.5); `types` is the parameter holding end_date_types().
// The status condition stays literal for the partial indexes games_deadline_idx and
// games_in_play_event_idx.
//
// The statements below select the due games by their ids, found by the two halves of the
// condition apart (a UNION, each half on its own index), and keep the whole condition on
// the rows they lock: one condition with OR over both halves cannot use an index and read
// every game (migrations/0033_read_indexes.sql), and the condition on the locked row is what
// a concurrent change is checked against when the lock is taken.
namespace {

std::string due_at(std::string_view types) {
  return std::string(kInPlayCondition) +
         " AND ((next_deadline IS NOT NULL AND next_deadline <= to_timestamp($1)) OR event_id IN "
         "(SELECT id FROM events WHERE end_at <= to_timestamp($1) AND time_control ->> 'type' = "
         "ANY(" +
         std::string(types) + "::text[])))";
}

std::string due_ids(std::string_view types) {
  return "SELECT id FROM games WHERE " + std::string(kInPlayCondition) +
         " AND next_deadline IS NOT NULL AND next_deadline <= to_timestamp($1) UNION SELECT g.id "
         "FROM events e JOIN games g ON g.event_id = e.id AND g." +
         std::string(kInPlayCondition) +
         " WHERE e.end_at <= to_timestamp($1) AND e.time_control ->> 'type' = ANY(" +
         std::string(types) + "::text[])";
}

}  // namespace

constexpr const char* kLiveGamesOf =
    "SELECT id FROM games WHERE (white_id = $1 OR black_id = $1) AND event_id IS NOT DISTINCT "
    "FROM $2 AND status = ANY($3::text[]) ORDER BY id";

std::vector<std::int64_t> live_games_of(pqxx::work& tx, std::int64_t user_id,
                                        std::optional<std::int64_t> event_id) {
  return ids_of(tx.exec_params(kLiveGamesOf, user_id, event_id, in_play_statuses()));
}

std::int64_t count_live_games(pqxx::work& tx) {
  return tx
      .exec_params1("SELECT count(*) FROM games WHERE status = ANY($1::text[])",
                    in_play_statuses())[0]
      .as<std::int64_t>();
}

// $1 now, $2 the most to claim, $3 the time-control types that adjudicate at the end date.
const std::string kClaimDueGames =
    "SELECT id FROM games WHERE id IN (" + due_ids("$3") + ") AND " + due_at("$3") +
    " ORDER BY next_deadline NULLS FIRST LIMIT $2 FOR UPDATE SKIP LOCKED";

std::vector<std::int64_t> claim_due_games(pqxx::work& tx, Timestamp now, int limit) {
  return ids_of(tx.exec_params(kClaimDueGames, now.unix_seconds(), limit, end_date_types()));
}

// $1 now, $2 the user or NULL, $3 the event or NULL, $4 the game or NULL, $5 as $3 of
// kClaimDueGames.
const std::string kLockDueGames =
    "SELECT id FROM games WHERE ($2::bigint IS NULL OR white_id = $2 OR black_id = $2) AND "
    "($3::bigint IS NULL OR event_id = $3) AND ($4::bigint IS NULL OR id = $4) AND id IN (" +
    due_ids("$5") + ") AND " + due_at("$5") + " ORDER BY id FOR UPDATE";

std::vector<std::int64_t> lock_due_games(pqxx::work& tx, Timestamp now, const GameScope& scope) {
  return ids_of(tx.exec_params(kLockDueGames, now.unix_seconds(), scope.user_id, scope.event_id,
                               scope.game_id, end_date_types()));
}

// The earliest cached deadline of a game in play (the status condition literal for the
// partial index games_deadline_idx), or the end date of an event that adjudicates at its end
// date ($1: end_date_types) and still has games in play ($2: in_play_statuses), whichever
// comes first (LEAST ignores NULLs).
const std::string kNextDeadline =
    "SELECT extract(epoch FROM LEAST((SELECT min(next_deadline) FROM games WHERE next_deadline "
    "IS NOT NULL AND " +
    std::string(kInPlayCondition) +
    "), (SELECT min(e.end_at) FROM events e WHERE e.end_at IS NOT NULL AND e.time_control ->> "
    "'type' = ANY($1::text[]) AND EXISTS (SELECT 1 FROM games g WHERE g.event_id = e.id AND "
    "g.status = ANY($2::text[])))))::bigint";

std::optional<Timestamp> next_deadline(pqxx::work& tx) {
  const auto r = tx.exec_params(kNextDeadline, end_date_types(), in_play_statuses());
  if (r.empty() || r[0][0].is_null()) return std::nullopt;
  return Timestamp(r[0][0].as<std::int64_t>());
}

}  // namespace corrchess::db
