#include "db/leave.h"

#include <nlohmann/json.hpp>

#include "db/live_events.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

constexpr const char* kLeaveColumns =
    "l.id, l.user_id, u.username, l.event_id, to_char(l.start_date, 'YYYY-MM-DD'), "
    "to_char(l.end_date, 'YYYY-MM-DD'), l.special, l.reason, extract(epoch FROM "
    "l.ended_at)::bigint, "
    "l.status, extract(epoch FROM l.created_at)::bigint, d.username, "
    "extract(epoch FROM l.decided_at)::bigint, l.decision_reason";

constexpr const char* kLeaveFrom =
    " FROM leave_periods l JOIN users u ON u.id = l.user_id LEFT JOIN users d ON d.id = "
    "l.decided_by ";

Result<StoredLeave> leave_from_row(const pqxx::row& row) {
  StoredLeave l;
  l.id = row[0].as<std::int64_t>();
  l.user_id = row[1].as<std::int64_t>();
  l.username = row[2].as<std::string>();
  if (!row[3].is_null()) l.event_id = row[3].as<std::int64_t>();
  TRY_LET(period, leave_period_of(
                      row[4].as<std::string>(), row[5].as<std::string>(), row[6].as<bool>(),
                      row[7].is_null() ? std::nullopt
                                       : std::optional<std::string>(row[7].as<std::string>()),
                      row[8].is_null() ? std::nullopt
                                       : std::optional<std::int64_t>(row[8].as<std::int64_t>())));
  l.period = std::move(*period);
  l.status = row[9].as<std::string>();
  l.created_at = Timestamp(row[10].as<std::int64_t>());
  if (!row[11].is_null()) l.decided_by = row[11].as<std::string>();
  if (!row[12].is_null()) l.decided_at = Timestamp(row[12].as<std::int64_t>());
  if (!row[13].is_null()) l.decision_reason = row[13].as<std::string>();
  return l;
}

std::vector<StoredLeave> leave_rows(const pqxx::result& rows) {
  std::vector<StoredLeave> out;
  for (const auto& row : rows) {
    if (auto l = leave_from_row(row)) out.push_back(std::move(*l));
  }
  return out;
}

}  // namespace

Result<game::LeavePeriod> leave_period_of(const std::string& start_date,
                                          const std::string& end_date, bool special,
                                          std::optional<std::string> reason,
                                          std::optional<std::int64_t> ended_at) {
  auto first = game::parse_date(start_date);
  auto last = game::parse_date(end_date);
  if (!first || !last) return fail(ErrorCode::kInternal, "bad leave dates");
  game::LeavePeriod period;
  period.first_day = *first;
  period.last_day = *last;
  period.special = special;
  if (reason) period.reason = std::move(*reason);
  if (ended_at) period.ended_at = Timestamp(*ended_at);
  return period;
}

constexpr const char* kInsertLeave =
    "INSERT INTO leave_periods (user_id, event_id, start_date, end_date, special, status, "
    "reason, created_at) VALUES ($1, $2, $3::date, $4::date, $5, $6, $7, to_timestamp($8)) "
    "RETURNING id";

std::int64_t insert_leave(pqxx::work& tx, std::int64_t user_id,
                          std::optional<std::int64_t> event_id, const game::LeavePeriod& p,
                          const std::string& status, Timestamp now) {
  return tx
      .exec_params1(kInsertLeave, user_id, event_id, game::format_date(p.first_day),
                    game::format_date(p.last_day), p.special, status,
                    p.reason.empty() ? std::nullopt : std::optional<std::string>(p.reason),
                    now.unix_seconds())[0]
      .as<std::int64_t>();
}

Result<StoredLeave> load_leave(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows = tx.exec_params(std::string("SELECT ") + kLeaveColumns + kLeaveFrom +
                                       "WHERE l.id = $1" + (lock ? " FOR UPDATE OF l" : ""),
                                   id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no leave period " + std::to_string(id));
  return leave_from_row(rows[0]);
}

std::vector<StoredLeave> user_leave(pqxx::work& tx, std::int64_t user_id) {
  return leave_rows(tx.exec_params(std::string("SELECT ") + kLeaveColumns + kLeaveFrom +
                                       "WHERE l.user_id = $1 ORDER BY l.event_id NULLS FIRST, "
                                       "l.start_date, l.id",
                                   user_id));
}

std::vector<StoredLeave> pending_special_leave(pqxx::work& tx) {
  return leave_rows(tx.exec(std::string("SELECT ") + kLeaveColumns + kLeaveFrom +
                            "WHERE l.status = 'pending' ORDER BY l.created_at, l.id"));
}

std::vector<game::LeavePeriod> leave_periods_of(pqxx::work& tx, std::int64_t user_id,
                                                std::optional<std::int64_t> event_id,
                                                const std::vector<std::string>& statuses) {
  std::vector<game::LeavePeriod> out;
  for (const auto& l : leave_rows(tx.exec_params(
           std::string("SELECT ") + kLeaveColumns + kLeaveFrom +
               "WHERE l.user_id = $1 AND l.event_id IS NOT DISTINCT FROM $2 ORDER BY l.start_date",
           user_id, event_id))) {
    for (const auto& s : statuses) {
      if (l.status == s) out.push_back(l.period);
    }
  }
  return out;
}

constexpr const char* kDecideLeave =
    "UPDATE leave_periods SET status = $2, decided_by = $3, decided_at = to_timestamp($4), "
    "decision_reason = $5 WHERE id = $1";

void decide_leave(pqxx::work& tx, std::int64_t id, const std::string& status,
                  std::int64_t director_id, const std::optional<std::string>& reason,
                  Timestamp now) {
  tx.exec_params(kDecideLeave, id, status, director_id, now.unix_seconds(), reason);
}

void cancel_leave(pqxx::work& tx, std::int64_t id) {
  tx.exec_params("UPDATE leave_periods SET status = 'cancelled' WHERE id = $1", id);
}

int cancel_event_leave(pqxx::work& tx, std::int64_t event_id) {
  return static_cast<int>(
      tx.exec_params("UPDATE leave_periods SET status = 'cancelled' WHERE event_id = $1 AND "
                     "status IN ('approved', 'pending')",
                     event_id)
          .affected_rows());
}

constexpr const char* kEndLeave =
    "UPDATE leave_periods SET end_date = $2::date, ended_at = to_timestamp($3) WHERE id = $1";

void end_leave(pqxx::work& tx, std::int64_t id, const game::LeavePeriod& ended) {
  tx.exec_params(
      kEndLeave, id, game::format_date(ended.last_day),
      ended.ended_at ? std::optional<std::int64_t>(ended.ended_at->unix_seconds()) : std::nullopt);
}

void notify_leave_change(pqxx::work& tx, std::int64_t game_id,
                         const std::vector<std::int64_t>& users, const StoredLeave& leave,
                         const std::string& change, game::Timestamp now) {
  const nlohmann::json message = {{"type", "leave"},
                                  {"game_id", std::to_string(game_id)},
                                  {"at", game::format_rfc3339(now)},
                                  {"user", leave.username},
                                  {"leave_id", std::to_string(leave.id)},
                                  {"start_date", game::format_date(leave.period.first_day)},
                                  {"end_date", game::format_date(leave.period.last_day)},
                                  {"special", leave.period.special},
                                  {"status", change}};
  notify_game(tx, game_id, users, nlohmann::json::array({message}));
}

}  // namespace corrchess::db
