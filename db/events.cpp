#include "db/events.h"

#include "db/codec.h"
#include "db/rows.h"
#include "db/rule_sets.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

std::optional<std::int64_t> epoch_of(const std::optional<Timestamp>& t) {
  if (!t) return std::nullopt;
  return t->unix_seconds();
}

// The columns of an event game (event_game_of reads them; 13 and 14 are its event's id and
// name), to be followed by a WHERE clause.
constexpr const char* kEventGameSelect =
    "SELECT eg.game_id, eg.round, eg.board, eg.white_seat, eg.black_seat, w.username, "
    "b.username, g.status, g.result, g.termination, "
    "extract(epoch FROM g.finished_at)::bigint, g.ply, "
    "(SELECT extract(epoch FROM min(e.at))::bigint FROM game_events e "
    " WHERE e.game_id = g.id AND e.kind = 'adjudication_pending'), eg.event_id, ev.name "
    "FROM event_games eg JOIN games g ON g.id = eg.game_id JOIN events ev ON ev.id = eg.event_id "
    "JOIN users w ON w.id = g.white_id JOIN users b ON b.id = g.black_id ";

EventGame event_game_of(const pqxx::row& row) {
  EventGame g;
  g.game_id = row[0].as<std::int64_t>();
  g.round = row[1].as<int>();
  g.board = row[2].as<int>();
  g.white_seat = row[3].as<int>();
  g.black_seat = row[4].as<int>();
  g.white = row[5].as<std::string>();
  g.black = row[6].as<std::string>();
  g.status = row[7].as<std::string>();
  if (!row[8].is_null()) {
    if (auto r = game::parse_game_result(row[8].as<std::string>())) g.result = *r;
  }
  if (!row[9].is_null()) {
    if (auto t = game::parse_termination(row[9].as<std::string>())) g.termination = *t;
  }
  g.finished_at = optional_instant(row[10]);
  g.ply = row[11].as<int>();
  g.adjudication_since = optional_instant(row[12]);
  return g;
}

// The columns of a claim (claim_of reads them), to be followed by a WHERE clause.
constexpr const char* kClaimSelect =
    "SELECT c.game_id, c.side, c.user_id, c.claim, c.analysis, "
    "extract(epoch FROM c.filed_at)::bigint FROM adjudication_claims c "
    "JOIN games g ON g.id = c.game_id ";

AdjudicationClaim claim_of(const pqxx::row& row) {
  AdjudicationClaim c;
  c.game_id = row[0].as<std::int64_t>();
  c.side = row[1].as<std::string>() == "black" ? game::Color::kBlack : game::Color::kWhite;
  c.user_id = row[2].as<std::int64_t>();
  c.claim = row[3].as<std::string>();
  c.analysis = row[4].as<std::string>();
  c.filed_at = Timestamp(row[5].as<std::int64_t>());
  return c;
}

constexpr const char* kEventColumns =
    "id, name, variant, start_position, allow_518, time_control::text, leave_days_per_year, "
    "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, double_round, visibility, "
    "delay_moves, open_for_entry, max_players, extract(epoch FROM start_at)::bigint, "
    "extract(epoch FROM end_at)::bigint, status, extract(epoch FROM started_at)::bigint, "
    "created_by, extract(epoch FROM created_at)::bigint, initial_fen, auto_adjudicate, "
    "extract(epoch FROM cancelled_at)::bigint, cancel_reason";

Result<StoredEvent> event_from_row(const pqxx::row& row) {
  StoredEvent e;
  e.id = row[0].as<std::int64_t>();
  auto& s = e.settings;
  s.name = row[1].as<std::string>();
  TRY_LET(variant, game::parse_variant(row[2].as<std::string>()));
  s.variant = *variant;
  if (!row[3].is_null()) s.start_position = row[3].as<int>();
  s.allow_518 = row[4].as<bool>();
  TRY_LET(control, time_control_from_json(nlohmann::json::parse(row[5].as<std::string>())));
  s.time_control = *control;
  s.leave_days_per_year = row[6].as<int>();
  s.rules.no_draw_before_move = row[7].as<int>();
  s.rules.ten_moves_rule = row[8].as<bool>();
  s.rules.silence_rule = row[9].as<bool>();
  s.rules.messages_allowed = row[10].as<bool>();
  s.double_round = row[11].as<bool>();
  TRY_LET(visibility, parse_visibility(row[12].as<std::string>()));
  s.visibility = *visibility;
  s.delay_moves = row[13].as<int>();
  s.open_for_entry = row[14].as<bool>();
  if (!row[15].is_null()) s.max_players = row[15].as<int>();
  s.start_at = Timestamp(row[16].as<std::int64_t>());
  s.end_at = optional_instant(row[17]);
  e.status = row[18].as<std::string>();
  e.started_at = optional_instant(row[19]);
  if (!row[20].is_null()) e.created_by = row[20].as<std::int64_t>();
  e.created_at = Timestamp(row[21].as<std::int64_t>());
  s.initial_fen = optional_text(row[22]).value_or("");
  s.auto_adjudicate = row[23].as<bool>();
  e.cancelled_at = optional_instant(row[24]);
  e.cancel_reason = optional_text(row[25]);
  return e;
}

}  // namespace

constexpr const char* kInsertEvent =
    "INSERT INTO events (name, variant, start_position, allow_518, time_control, "
    "leave_days_per_year, draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, "
    "double_round, visibility, delay_moves, open_for_entry, max_players, start_at, end_at, "
    "created_by, created_at, initial_fen, auto_adjudicate) VALUES ($1, $2, $3, $4, $5::jsonb, $6, "
    "$7, $8, $9, $10, $11, $12, $13, $14, $15, to_timestamp($16), to_timestamp($17), $18, "
    "to_timestamp($19), $20, $21) RETURNING id";

std::int64_t insert_event(pqxx::work& tx, const EventSettings& s,
                          std::optional<std::int64_t> created_by, Timestamp now) {
  return tx
      .exec_params1(
          kInsertEvent, s.name, std::string(game::to_string(s.variant)), s.start_position,
          s.allow_518, time_control_json(s.time_control).dump(), s.leave_days_per_year,
          s.rules.no_draw_before_move, s.rules.ten_moves_rule, s.rules.silence_rule,
          s.rules.messages_allowed, s.double_round, std::string(to_string(s.visibility)),
          s.delay_moves, s.open_for_entry, s.max_players, s.start_at.unix_seconds(),
          epoch_of(s.end_at), created_by, now.unix_seconds(),
          s.initial_fen.empty() ? std::nullopt : std::optional<std::string>(s.initial_fen),
          s.auto_adjudicate)[0]
      .as<std::int64_t>();
}

Result<StoredEvent> load_event(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows = tx.exec_params(std::string("SELECT ") + kEventColumns +
                                       " FROM events WHERE id = $1" + (lock ? " FOR UPDATE" : ""),
                                   id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no event " + std::to_string(id));
  return event_from_row(rows[0]);
}

namespace {

// The condition on an event `e` of a listing. Whether it has a game at all is one probe of
// games_event_status_idx (event_id, status), and whether it has one not over one probe of
// games_open_event_idx (migration 0035), whose condition is the list below written out as the
// index has it. OFFSET 0 keeps each a probe per event: without it the planner may hash the
// games of a status it takes for rare, a walk through the whole index.
std::string listing_condition(EventListing listing) {
  const std::string any_game = "EXISTS (SELECT 1 FROM games g WHERE g.event_id = e.id OFFSET 0)";
  std::string statuses;
  for (const auto status : game::kGameStatuses) {
    if (game::is_over(status)) continue;
    statuses +=
        std::string(statuses.empty() ? "'" : ", '") + std::string(game::to_string(status)) + "'";
  }
  const std::string open_game =
      "EXISTS (SELECT 1 FROM games g WHERE g.event_id = e.id AND "
      "g.status IN (" +
      statuses + ") AND g.event_id IS NOT NULL OFFSET 0)";
  switch (listing) {
    case EventListing::kAll: return "TRUE";
    case EventListing::kRegistration: return "e.status = 'registration'";
    case EventListing::kCancelled: return "e.status = 'cancelled'";
    case EventListing::kRunning:
      return "e.status = 'running' AND (NOT " + any_game + " OR " + open_game + ")";
    case EventListing::kFinished:
      return "e.status = 'running' AND " + any_game + " AND NOT (" + open_game + ")";
  }
  return "FALSE";
}

}  // namespace

std::vector<StoredEvent> list_events(pqxx::work& tx, EventListing listing,
                                     std::optional<std::int64_t> before, int limit) {
  std::vector<StoredEvent> out;
  for (const auto& row : tx.exec_params(std::string("SELECT ") + kEventColumns +
                                            " FROM events e WHERE " + listing_condition(listing) +
                                            " AND ($1::bigint IS NULL OR e.id < $1) ORDER BY e.id "
                                            "DESC LIMIT $2",
                                        before, limit)) {
    auto e = event_from_row(row);
    if (e) out.push_back(std::move(*e));
  }
  return out;
}

std::int64_t count_events(pqxx::work& tx, EventListing listing) {
  return tx.exec1("SELECT count(*) FROM events e WHERE " + listing_condition(listing))[0]
      .as<std::int64_t>();
}

std::vector<std::pair<std::int64_t, int>> player_counts(pqxx::work& tx,
                                                        const std::vector<std::int64_t>& ids) {
  std::vector<std::pair<std::int64_t, int>> out;
  if (ids.empty()) return out;
  for (const auto& row : tx.exec_params(
           "SELECT event_id, count(*)::int FROM event_players WHERE event_id = ANY($1::bigint[]) "
           "AND status <> 'replaced' GROUP BY event_id",
           id_array_literal(ids))) {
    out.emplace_back(row[0].as<std::int64_t>(), row[1].as<int>());
  }
  return out;
}

// $2: the statuses of games over.
constexpr const char* kEventGameCounts =
    "SELECT event_id, count(*)::int, count(*) FILTER (WHERE status <> ALL($2::text[]))::int FROM "
    "games WHERE event_id = ANY($1::bigint[]) GROUP BY event_id";

std::vector<std::pair<std::int64_t, GameCounts>> event_game_counts(
    pqxx::work& tx, const std::vector<std::int64_t>& ids) {
  std::vector<std::pair<std::int64_t, GameCounts>> out;
  if (ids.empty()) return out;
  for (const auto& row : tx.exec_params(kEventGameCounts, id_array_literal(ids), over_statuses())) {
    out.emplace_back(row[0].as<std::int64_t>(), GameCounts{row[1].as<int>(), row[2].as<int>()});
  }
  return out;
}

Result<void> add_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id, int seat,
                              Timestamp now) {
  const auto r = tx.exec_params(
      "INSERT INTO event_players (event_id, user_id, seat, joined_at) VALUES ($1, $2, $3, "
      "to_timestamp($4)) ON CONFLICT DO NOTHING",
      event_id, user_id, seat, now.unix_seconds());
  if (r.affected_rows() == 0) {
    return fail(ErrorCode::kConflict, "the player is already entered in this event");
  }
  return {};
}

constexpr const char* kEventPlayers =
    "SELECT p.user_id, p.seat, p.status, extract(epoch FROM p.joined_at)::bigint, "
    "extract(epoch FROM p.left_at)::bigint, r.username, p.reason, p.start_rating, "
    "u.ladies_titles FROM event_players p JOIN users u ON u.id = p.user_id "
    "LEFT JOIN "
    "users r ON r.id = p.replaced_by WHERE p.event_id = $1 ORDER BY p.seat, p.joined_at, "
    "p.user_id";

std::vector<EventPlayer> event_players(pqxx::work& tx, std::int64_t event_id) {
  std::vector<EventPlayer> out;
  const auto rows = tx.exec_params(kEventPlayers, event_id);
  std::vector<std::int64_t> ids;
  for (const auto& row : rows) ids.push_back(row[0].as<std::int64_t>());
  const auto users = find_users_by_id(tx, ids);  // one statement, not one a player
  for (const auto& row : rows) {
    const auto user = users.find(row[0].as<std::int64_t>());
    if (user == users.end()) continue;
    EventPlayer p;
    p.user = user->second;
    p.seat = row[1].as<int>();
    p.status = row[2].as<std::string>();
    p.joined_at = Timestamp(row[3].as<std::int64_t>());
    p.left_at = optional_instant(row[4]);
    p.replaced_by = optional_text(row[5]);
    p.reason = optional_text(row[6]);
    p.start_rating = optional_int(row[7]);
    p.ladies = row[8].as<bool>();
    out.push_back(std::move(p));
  }
  return out;
}

int next_seat(pqxx::work& tx, std::int64_t event_id) {
  return tx
      .exec_params1("SELECT coalesce(max(seat), 0) + 1 FROM event_players WHERE event_id = $1",
                    event_id)[0]
      .as<int>();
}

void withdraw_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id,
                           const std::string& reason, Timestamp now) {
  tx.exec_params(
      "UPDATE event_players SET status = 'withdrawn', left_at = to_timestamp($3), reason = $4 "
      "WHERE event_id = $1 AND user_id = $2 AND status = 'active'",
      event_id, user_id, now.unix_seconds(), reason);
}

Result<void> replace_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id,
                                  std::int64_t replacement_id, const std::string& reason,
                                  Timestamp now) {
  const auto seat = tx.exec_params(
      "UPDATE event_players SET status = 'replaced', left_at = to_timestamp($4), replaced_by = $3, "
      "reason = $5 WHERE event_id = $1 AND user_id = $2 AND status = 'active' RETURNING seat",
      event_id, user_id, replacement_id, now.unix_seconds(), reason);
  if (seat.empty()) return fail(ErrorCode::kConflict, "the player is not active in this event");
  return add_event_player(tx, event_id, replacement_id, seat[0][0].as<int>(), now);
}

bool is_event_player(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id) {
  return !tx.exec_params("SELECT 1 FROM event_players WHERE event_id = $1 AND user_id = $2",
                         event_id, user_id)
              .empty();
}

void update_event_settings(pqxx::work& tx, std::int64_t event_id, const EventSettings& s,
                           bool dates_changed, Timestamp now) {
  tx.exec_params(
      "UPDATE events SET name = $2, open_for_entry = $3, max_players = $4, start_at = "
      "to_timestamp($5), end_at = to_timestamp($6), changed_at = to_timestamp($7), "
      "dates_revision = dates_revision + CASE WHEN $8 THEN 1 ELSE 0 END WHERE id = $1",
      event_id, s.name, s.open_for_entry, s.max_players, s.start_at.unix_seconds(),
      epoch_of(s.end_at), now.unix_seconds(), dates_changed);
}

void mark_event_cancelled(pqxx::work& tx, std::int64_t event_id, const std::string& reason,
                          Timestamp now) {
  tx.exec_params(
      "UPDATE events SET status = 'cancelled', cancelled_at = to_timestamp($2), cancel_reason = "
      "$3 WHERE id = $1 AND status = 'registration'",
      event_id, now.unix_seconds(), reason);
}

void mark_event_started(pqxx::work& tx, std::int64_t event_id, std::optional<int> start_position,
                        Timestamp now) {
  tx.exec_params(
      "UPDATE events SET status = 'running', started_at = to_timestamp($2), start_position = $3 "
      "WHERE id = $1",
      event_id, now.unix_seconds(), start_position);
}

void insert_event_game(pqxx::work& tx, std::int64_t event_id, std::int64_t game_id, int round,
                       int board, int white_seat, int black_seat) {
  tx.exec_params(
      "INSERT INTO event_games (game_id, event_id, round, board, white_seat, black_seat) VALUES "
      "($1, $2, $3, $4, $5, $6)",
      game_id, event_id, round, board, white_seat, black_seat);
}

std::vector<EventGame> event_games(pqxx::work& tx, std::int64_t event_id) {
  std::vector<EventGame> out;
  for (const auto& row : tx.exec_params(
           std::string(kEventGameSelect) + "WHERE eg.event_id = $1 ORDER BY eg.round, eg.board",
           event_id)) {
    out.push_back(event_game_of(row));
  }
  return out;
}

std::vector<PendingAdjudication> pending_adjudications(
    pqxx::work& tx, const std::optional<model::AdjudicationCursor>& after,
    std::optional<int> limit) {
  std::optional<std::int64_t> since, game_id;
  if (after) since = after->since, game_id = after->game_id;
  std::vector<PendingAdjudication> out;
  // The page's places first, from the games alone: the waiting games are few among all
  // games (the partial index games_adjudication_pending_idx, migration 0033, finds them) and
  // only their places are sorted (top-N); the event, players and names are then read for the
  // page's games alone, each by its key. (As one join, a page after a cursor read the whole
  // of event_games.) Every waiting game is an event game: only an end date makes one wait.
  // LIMIT NULL is no limit.
  for (const auto& row : tx.exec_params(
           std::string(kEventGameSelect) +
               "JOIN (SELECT q.id, s.since FROM games q CROSS JOIN LATERAL (SELECT extract(epoch "
               "FROM min(e.at))::bigint AS since FROM game_events e WHERE e.game_id = q.id AND "
               "e.kind = 'adjudication_pending') s WHERE q.status = 'adjudication_pending' AND "
               "($1::bigint IS NULL OR (s.since, q.id) > ($1::bigint, $2::bigint)) ORDER BY "
               "s.since, q.id LIMIT $3) waiting ON waiting.id = g.id ORDER BY waiting.since, "
               "waiting.id",
           since, game_id, limit)) {
    PendingAdjudication p;
    p.game = event_game_of(row);
    p.event_id = row[13].as<std::int64_t>();
    p.event_name = row[14].as<std::string>();
    out.push_back(std::move(p));
  }
  return out;
}

std::int64_t count_pending_adjudications(pqxx::work& tx) {
  // The games pending_adjudications pages, from the partial index alone.
  return tx.exec1("SELECT count(*) FROM games WHERE status = 'adjudication_pending'")[0]
      .as<std::int64_t>();
}

std::vector<AdjudicationClaim> adjudication_claims_in(pqxx::work& tx,
                                                      const std::vector<std::int64_t>& game_ids) {
  std::vector<AdjudicationClaim> out;
  if (game_ids.empty()) return out;
  for (const auto& row :
       tx.exec_params(std::string(kClaimSelect) + "WHERE c.game_id = ANY($1::bigint[]) "
                                                  "ORDER BY c.game_id, c.side DESC",
                      id_array_literal(game_ids))) {
    out.push_back(claim_of(row));
  }
  return out;
}

std::optional<std::pair<int, int>> event_game_round(pqxx::work& tx, std::int64_t game_id) {
  const auto r = tx.exec_params("SELECT round, board FROM event_games WHERE game_id = $1", game_id);
  if (r.empty()) return std::nullopt;
  return std::pair{r[0][0].as<int>(), r[0][1].as<int>()};
}

// $3: the statuses of games not over.
constexpr const char* kUnfinishedGamesOf =
    "SELECT id FROM games WHERE event_id = $1 AND (white_id = $2 OR black_id = $2) AND status = "
    "ANY($3::text[]) ORDER BY id";

std::vector<std::int64_t> unfinished_games_of(pqxx::work& tx, std::int64_t event_id,
                                              std::int64_t user_id) {
  return ids_of(tx.exec_params(kUnfinishedGamesOf, event_id, user_id, not_over_statuses()));
}

constexpr const char* kSaveAdjudicationClaim =
    "INSERT INTO adjudication_claims (game_id, side, user_id, claim, analysis, filed_at) VALUES "
    "($1, $2, $3, $4, $5, to_timestamp($6)) ON CONFLICT (game_id, side) DO UPDATE SET user_id = "
    "EXCLUDED.user_id, claim = EXCLUDED.claim, analysis = EXCLUDED.analysis, filed_at = "
    "EXCLUDED.filed_at";

void save_adjudication_claim(pqxx::work& tx, const AdjudicationClaim& c) {
  tx.exec_params(kSaveAdjudicationClaim, c.game_id, std::string(game::color_name(c.side)),
                 c.user_id, c.claim, c.analysis, c.filed_at.unix_seconds());
}

std::vector<AdjudicationClaim> adjudication_claims(pqxx::work& tx, std::int64_t event_id,
                                                   std::optional<std::int64_t> game_id) {
  std::vector<AdjudicationClaim> out;
  for (const auto& row :
       tx.exec_params(std::string(kClaimSelect) +
                          "WHERE g.event_id = $1 AND ($2::bigint IS NULL OR c.game_id = $2) "
                          "ORDER BY c.game_id, c.side DESC",
                      event_id, game_id)) {
    out.push_back(claim_of(row));
  }
  return out;
}

constexpr const char* kTimeForfeitLosses =
    "SELECT extract(epoch FROM finished_at)::bigint FROM games WHERE termination = "
    "'time_forfeit' AND finished_at IS NOT NULL AND ((white_id = $1 AND result = '0-1') OR "
    "(black_id = $1 AND result = '1-0')) ORDER BY finished_at";

std::vector<Timestamp> time_forfeit_losses(pqxx::work& tx, std::int64_t user_id) {
  std::vector<Timestamp> out;
  for (const auto& row : tx.exec_params(kTimeForfeitLosses, user_id)) {
    out.emplace_back(row[0].as<std::int64_t>());
  }
  return out;
}

GameVisibility event_visibility(pqxx::work& tx, std::int64_t event_id) {
  const auto r =
      tx.exec_params("SELECT visibility, delay_moves FROM events WHERE id = $1", event_id);
  GameVisibility v;
  if (r.empty()) return v;
  v.mode = parse_visibility(r[0][0].as<std::string>()).value_or(Visibility::kLive);
  v.delay_moves = r[0][1].as<int>();
  return v;
}

// $2: the time-control types that adjudicate at the end date.
constexpr const char* kEventAdjudicationAt =
    "SELECT extract(epoch FROM end_at)::bigint FROM events WHERE id = $1 AND end_at IS NOT NULL "
    "AND time_control ->> 'type' = ANY($2::text[])";

std::optional<Timestamp> event_adjudication_at(pqxx::work& tx, std::int64_t event_id) {
  const auto r = tx.exec_params(kEventAdjudicationAt, event_id, end_date_types());
  if (r.empty()) return std::nullopt;
  return Timestamp(r[0][0].as<std::int64_t>());
}

bool event_auto_adjudicates(pqxx::work& tx, std::int64_t event_id) {
  const auto r = tx.exec_params("SELECT auto_adjudicate FROM events WHERE id = $1", event_id);
  return !r.empty() && r[0][0].as<bool>();
}

void set_event_auto_adjudicate(pqxx::work& tx, std::int64_t event_id, bool enabled) {
  tx.exec_params("UPDATE events SET auto_adjudicate = $2 WHERE id = $1", event_id, enabled);
}

std::vector<std::int64_t> lock_pending_event_games(pqxx::work& tx, std::int64_t event_id) {
  std::vector<std::int64_t> ids;
  for (const auto& row :
       tx.exec_params("SELECT g.id FROM games g JOIN event_games eg ON eg.game_id = g.id "
                      "WHERE eg.event_id = $1 AND g.status = 'adjudication_pending' "
                      "ORDER BY g.id FOR UPDATE OF g",
                      event_id)) {
    ids.push_back(row[0].as<std::int64_t>());
  }
  return ids;
}

constexpr const char* kWriteAudit =
    "INSERT INTO audit_log (at, actor_id, action, game_id, event_id, target_user, reason, detail) "
    "VALUES (to_timestamp($1), $2, $3, $4, $5, $6, $7, $8::jsonb)";

void write_audit(pqxx::work& tx, const AuditEntry& a) {
  tx.exec_params(kWriteAudit, a.at.unix_seconds(), a.actor_id, a.action, a.game_id, a.event_id,
                 a.target_user,
                 a.reason.empty() ? std::nullopt : std::optional<std::string>(a.reason),
                 fields_json(a.detail).dump());
}

constexpr const char* kAuditRecords =
    "SELECT to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "actor.username, a.action, target.username, a.detail::text, a.reason, a.game_id, "
    "a.event_id FROM audit_log a "
    "LEFT JOIN users actor ON actor.id = a.actor_id "
    "LEFT JOIN users target ON target.id = a.target_user "
    "WHERE ($1::bigint IS NULL OR a.game_id = $1) "
    "AND ($2::bigint IS NULL OR a.event_id = $2) "
    "AND ($3::bigint IS NULL OR a.actor_id = $3 OR a.target_user = $3) "
    "ORDER BY a.id DESC LIMIT $4";

std::vector<AuditRecord> audit_records(pqxx::work& tx, std::optional<std::int64_t> game_id,
                                       std::optional<std::int64_t> event_id,
                                       std::optional<std::int64_t> user_id, std::int64_t limit) {
  std::vector<AuditRecord> out;
  for (const auto& row : tx.exec_params(kAuditRecords, game_id, event_id, user_id, limit)) {
    AuditRecord r;
    r.at = row[0].as<std::string>();
    if (!row[1].is_null()) r.actor = row[1].as<std::string>();
    r.action = row[2].as<std::string>();
    if (!row[3].is_null()) r.target = row[3].as<std::string>();
    r.detail = nlohmann::json::parse(row[4].as<std::string>(), nullptr, false);
    if (!row[5].is_null()) r.reason = row[5].as<std::string>();
    if (!row[6].is_null()) r.game_id = row[6].as<std::int64_t>();
    if (!row[7].is_null()) r.event_id = row[7].as<std::int64_t>();
    out.push_back(std::move(r));
  }
  return out;
}

bool remove_entry(pqxx::work& tx, std::int64_t event_id, std::int64_t user_id) {
  const auto r = tx.exec_params("DELETE FROM event_players WHERE event_id = $1 AND user_id = $2",
                                event_id, user_id);
  if (r.affected_rows() == 0) return false;
  compact_seats(tx, event_id);
  return true;
}

// Two steps: a single renumbering could collide with the seat index midway.
constexpr const char* kMoveSeatsAside =
    "UPDATE event_players SET seat = seat + 100000 WHERE event_id = $1 AND status <> 'replaced'";
constexpr const char* kRenumberSeats =
    "UPDATE event_players p SET seat = n.rank FROM (SELECT user_id, row_number() OVER (ORDER BY "
    "seat) AS rank FROM event_players WHERE event_id = $1 AND status <> 'replaced') n WHERE "
    "p.event_id = $1 AND p.user_id = n.user_id";

void compact_seats(pqxx::work& tx, std::int64_t event_id) {
  tx.exec_params(kMoveSeatsAside, event_id);
  tx.exec_params(kRenumberSeats, event_id);
}

// $2: the time-control types that allow leave. The player's events are found from the
// player (event_players_user_idx, leave_periods_user_idx): as EXISTS ... OR EXISTS on each
// event, every event of the server was read for each GET /api/v1/me. A cancelled event has
// no balance: it never starts, and its leave was cancelled with it.
constexpr const char* kLeaveAllowanceEvents =
    "SELECT e.id, e.leave_days_per_year FROM events e WHERE e.time_control ->> 'type' = "
    "ANY($2::text[]) AND e.status <> 'cancelled' AND e.id IN (SELECT p.event_id FROM "
    "event_players p WHERE p.user_id = $1 AND p.status = 'active' UNION SELECT l.event_id FROM "
    "leave_periods l WHERE l.user_id = $1) ORDER BY e.id";

std::vector<std::pair<std::int64_t, int>> leave_allowance_events(pqxx::work& tx,
                                                                 std::int64_t user_id) {
  std::vector<std::pair<std::int64_t, int>> out;
  for (const auto& row : tx.exec_params(kLeaveAllowanceEvents, user_id, leave_types())) {
    out.emplace_back(row[0].as<std::int64_t>(), row[1].as<int>());
  }
  return out;
}

}  // namespace corrchess::db
