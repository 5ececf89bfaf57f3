#include "db/games.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <iterator>
#include <stdexcept>
#include <string_view>

#include "db/codec.h"
#include "db/game_log.h"
#include "db/leave.h"
#include "db/rows.h"
#include "db/rule_sets.h"
#include "db/statement.h"

namespace corrchess::db {

namespace {

using game::Color;
using game::Timestamp;

Color color_of(const std::string& text) { return text == "black" ? Color::kBlack : Color::kWhite; }

std::string status_text(const game::GameState& s) { return std::string(game::to_string(s.status)); }

// Deadline the scheduler must act on: the flag of the player to move, or the start of a
// game that has not started yet (so it shows as ongoing without anyone looking).
std::optional<Timestamp> schedule_instant(const game::GameState& s, Timestamp start_at) {
  if (s.status == game::GameStatus::kNotStarted) return start_at;
  if (s.status != game::GameStatus::kOngoing) return std::nullopt;
  if (s.flag_fall_pending) return s.now;
  return s.clock_of(s.to_move).deadline;
}

}  // namespace

constexpr const char* kInsertGame =
    "INSERT INTO games (event_id, white_id, black_id, variant, start_position, initial_fen, "
    "time_control, start_at, draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, "
    "status, fen, ply, to_move, next_deadline, friendly) VALUES ($1, $2, $3, $4, $5, $6, "
    "$7::jsonb, to_timestamp($8), $9, $10, $11, $12, $13, $14, $15, $16, to_timestamp($17), "
    "$18) RETURNING id";

std::int64_t insert_game(pqxx::work& tx, std::int64_t white_id, std::int64_t black_id,
                         std::optional<std::int64_t> event_id, const game::GameSetup& setup,
                         const game::GameState& state) {
  const auto deadline = schedule_instant(state, setup.start_at);
  const auto r = tx.exec_params1(
      kInsertGame, event_id, white_id, black_id, std::string(game::to_string(setup.variant)),
      setup.start_position, state.initial.fen(), time_control_json(setup.time_control).dump(),
      setup.start_at.unix_seconds(), setup.rules.no_draw_before_move, setup.rules.ten_moves_rule,
      setup.rules.silence_rule, setup.rules.messages_allowed, status_text(state),
      state.position.fen(), state.ply, std::string(game::color_name(state.to_move)),
      deadline ? std::optional<std::int64_t>(deadline->unix_seconds()) : std::nullopt,
      setup.friendly);
  return r[0].as<std::int64_t>();
}

namespace {

// One game with everything replay needs, in ONE statement (one round trip): the game row,
// both players, and each child table aggregated as a JSON array of arrays (fixed positions,
// so nothing depends on key names).
constexpr NamedStatement kLoadGame{"load_game", R"sql(
SELECT g.event_id, g.variant, g.start_position, g.initial_fen, g.time_control::text,
  extract(epoch FROM g.start_at)::bigint, g.draw_min_moves, g.ten_moves_rule, g.silence_rule,
  g.messages_allowed, g.version, g.use_40_plus_days_ply,
  (SELECT json_build_array(u.id, u.username, u.display_name, u.email, u.role,
     to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
   FROM users u WHERE u.id = g.white_id)::text,
  (SELECT json_build_array(u.id, u.username, u.display_name, u.email, u.role,
     to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
   FROM users u WHERE u.id = g.black_id)::text,
  (SELECT coalesce(json_agg(json_build_array(m.ply, m.uci, extract(epoch FROM m.accepted_at)::bigint,
     m.offer_draw, m.message, m.conditional, m.use_40_plus_days) ORDER BY m.ply), '[]')
   FROM moves m WHERE m.game_id = g.id AND m.ply > CASE WHEN $2 THEN g.snapshot_ply ELSE 0 END)::text,
  (SELECT coalesce(json_agg(json_build_array(e.kind, extract(epoch FROM e.at)::bigint, e.side,
     e.ply, e.detail) ORDER BY e.seq), '[]')
   FROM game_events e WHERE e.game_id = g.id)::text,
  (SELECT json_build_array(p.side, p.ply, p.uci, p.san, p.numeric, p.fen_after, p.offer_draw,
     p.message, p.use_40_plus_days, extract(epoch FROM p.submitted_at)::bigint)
   FROM pending_moves p WHERE p.game_id = g.id)::text,
  (SELECT coalesce(json_agg(json_build_array(c.side, c.lines)), '[]')
   FROM conditional_lines c WHERE c.game_id = g.id)::text,
  (SELECT coalesce(json_agg(json_build_array(l.user_id, to_char(l.start_date, 'YYYY-MM-DD'),
     to_char(l.end_date, 'YYYY-MM-DD'), l.special, l.reason,
     extract(epoch FROM l.ended_at)::bigint) ORDER BY l.start_date), '[]')
   FROM leave_periods l WHERE l.status = 'approved' AND l.user_id IN (g.white_id, g.black_id)
     AND l.event_id IS NOT DISTINCT FROM g.event_id)::text,
  g.snapshot_ply, g.snapshot_fen, CASE WHEN $2 AND g.snapshot_ply > 0 THEN g.move_log END,
  g.revision, g.snapshot_clocks, g.friendly
FROM games g WHERE g.id = $1)sql"};
// $2: end_date_types(). The event's end date comes from the statement's snapshot, the row
// from the lock (an end date changed meanwhile is not a change of the game).
constexpr NamedStatement kLockGame{
    "lock_game",
    "SELECT g.revision, (SELECT extract(epoch FROM e.end_at)::bigint FROM events e WHERE e.id = "
    "g.event_id AND e.end_at IS NOT NULL AND e.time_control ->> 'type' = ANY($2::text[])) FROM "
    "games g WHERE g.id = $1 FOR UPDATE OF g"};
constexpr NamedStatement kInsertMove{
    "insert_move",
    "INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, accepted_at, offer_draw, "
    "message, conditional, use_40_plus_days, elapsed_seconds, stopped_seconds, "
    "charged_seconds, increment_seconds, bank_change_seconds, clock_after_seconds, "
    "bank_after_seconds) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7), $8, $9, $10, $11, "
    "$12, $13, $14, $15, $16, $17, $18)"};
constexpr NamedStatement kUpdateCache{
    "update_game_cache",
    "UPDATE games SET status = $2, result = $3, termination = $4, finished_at = "
    "to_timestamp($5), fen = $6, ply = $7, to_move = $8, next_deadline = CASE WHEN $2 = "
    "'not_started' THEN start_at ELSE to_timestamp($9) END, draw_offer_by = $10, "
    "snapshot_ply = $11, snapshot_fen = $12, move_log = CASE WHEN $13 = '' THEN move_log "
    "WHEN move_log = '' THEN $13 ELSE move_log || ' ' || $13 END, snapshot_clocks = $14, "
    "version = version + 1, revision = revision + 1 WHERE id = $1 RETURNING revision"};
// The statements that write a pending move or conditional lines update the game row in the
// same statement: its revision (migrations/0018_game_revision.sql) must change with them.
constexpr NamedStatement kSavePending{
    "save_pending_move",
    "WITH bumped AS (UPDATE games SET revision = revision + 1, use_40_plus_days_ply = CASE "
    "WHEN $10 THEN $3 ELSE use_40_plus_days_ply END WHERE id = $1 RETURNING revision), saved AS "
    "(INSERT INTO pending_moves (game_id, side, ply, uci, san, numeric, fen_after, offer_draw, "
    "message, use_40_plus_days, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
    "to_timestamp($11)) ON CONFLICT (game_id) DO UPDATE SET side = EXCLUDED.side, ply = "
    "EXCLUDED.ply, uci = EXCLUDED.uci, san = EXCLUDED.san, numeric = EXCLUDED.numeric, "
    "fen_after = EXCLUDED.fen_after, offer_draw = EXCLUDED.offer_draw, message = "
    "EXCLUDED.message, use_40_plus_days = EXCLUDED.use_40_plus_days, submitted_at = "
    "EXCLUDED.submitted_at) SELECT revision FROM bumped"};
constexpr NamedStatement kDeletePending{
    "delete_pending_move",
    "WITH bumped AS (UPDATE games SET revision = revision + 1 WHERE id = $1 RETURNING revision), "
    "cleared AS (DELETE FROM pending_moves WHERE game_id = $1) SELECT revision FROM bumped"};

// The revision in the one-row answer of a statement that bumped it.
std::int64_t revision_of(const pqxx::result& r) {
  if (r.size() != 1) throw std::logic_error("the game row to update is missing");
  return r[0][0].as<std::int64_t>();
}

std::optional<std::string> opt_json_text(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<std::string>();
}

User user_from_json(const nlohmann::json& j) {
  User u;
  u.id = j[0].get<std::int64_t>();
  u.username = j[1].get<std::string>();
  u.display_name = j[2].get<std::string>();
  u.email = opt_json_text(j[3]);
  u.role = j[4].get<std::string>();
  u.created_at = j[5].get<std::string>();
  return u;
}

Result<void> read_facts(const pqxx::row& row, StoredGame& g) {
  const auto white = nlohmann::json::parse(row[12].c_str());
  const auto black = nlohmann::json::parse(row[13].c_str());
  if (white.is_null() || black.is_null()) return fail(ErrorCode::kInternal, "game players missing");
  g.white = user_from_json(white);
  g.black = user_from_json(black);
  for (const auto& m : nlohmann::json::parse(row[14].c_str())) {
    game::MoveFact f;
    f.ply = m[0].get<int>();
    f.uci = m[1].get<std::string>();
    f.at = Timestamp(m[2].get<std::int64_t>());
    f.offer_draw = m[3].get<bool>();
    f.message = opt_json_text(m[4]);
    f.played_as_conditional = m[5].get<bool>();
    f.use_40_plus_days = m[6].get<bool>();
    g.facts.moves.push_back(std::move(f));
  }
  for (const auto& e : nlohmann::json::parse(row[15].c_str())) {
    game::GameEvent ev;
    TRY_LET(kind, game::parse_event_kind(e[0].get<std::string>()));
    ev.kind = *kind;
    ev.at = Timestamp(e[1].get<std::int64_t>());
    if (!e[2].is_null()) ev.side = color_of(e[2].get<std::string>());
    ev.ply = e[3].get<int>();
    TRY(event_detail_from_json(e[4], ev));
    g.facts.events.push_back(std::move(ev));
  }
  if (!row[16].is_null()) {
    const auto p = nlohmann::json::parse(row[16].c_str());
    game::PendingMove pm;
    pm.side = color_of(p[0].get<std::string>());
    pm.ply = p[1].get<int>();
    pm.uci = p[2].get<std::string>();
    pm.san = p[3].get<std::string>();
    pm.numeric = p[4].get<std::string>();
    pm.fen_after = p[5].get<std::string>();
    pm.offer_draw = p[6].get<bool>();
    pm.message = opt_json_text(p[7]);
    pm.use_40_plus_days = p[8].get<bool>();
    pm.submitted_at = Timestamp(p[9].get<std::int64_t>());
    // A tick given earlier for this move stays when the move was replaced without it.
    if (g.use_40_plus_days_ply == pm.ply) pm.use_40_plus_days = true;
    g.pending = std::move(pm);
  }
  for (const auto& c : nlohmann::json::parse(row[17].c_str())) {
    g.conditional[chess::index(color_of(c[0].get<std::string>()))] =
        c[1].get<std::vector<game::ConditionalLine>>();
  }
  for (const auto& l : nlohmann::json::parse(row[18].c_str())) {
    TRY_LET(
        period,
        leave_period_of(
            l[1].get<std::string>(), l[2].get<std::string>(), l[3].get<bool>(), opt_json_text(l[4]),
            l[5].is_null() ? std::nullopt : std::optional<std::int64_t>(l[5].get<std::int64_t>())));
    const Color side = l[0].get<std::int64_t>() == g.white.id ? Color::kWhite : Color::kBlack;
    g.leave[chess::index(side)].push_back(std::move(*period));
  }
  return {};
}

}  // namespace

std::optional<GameLock> lock_game(pqxx::work& tx, std::int64_t id) {
  const auto r = exec_named(tx, kLockGame, id, end_date_types());
  if (r.empty()) return std::nullopt;
  GameLock lock{r[0][0].as<std::int64_t>(), std::nullopt};
  if (!r[0][1].is_null()) lock.end_of_play = game::Timestamp(r[0][1].as<std::int64_t>());
  return lock;
}

Result<StoredGame> load_game(pqxx::work& tx, std::int64_t id, bool lock, FactsRead read) {
  // The lock comes first, in a statement of its own: a statement that waited for the row
  // lock re-reads the locked row but computes its subqueries from the snapshot it started
  // with, so one statement could pair the new game row with the moves and pending move from
  // before the transaction it waited for (a second accept of the same move). The load after
  // the lock sees everything committed up to then.
  if (lock && !lock_game(tx, id))
    return fail(ErrorCode::kNotFound, "no game " + std::to_string(id));
  const bool windowed = read == FactsRead::kFromSnapshot;
  const auto rows = exec_named(tx, kLoadGame, id, windowed);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no game " + std::to_string(id));
  const auto& row = rows[0];
  StoredGame g;
  g.id = id;
  if (!row[0].is_null()) g.event_id = row[0].as<std::int64_t>();
  auto& setup = g.facts.setup;
  TRY_LET(variant, game::parse_variant(row[1].as<std::string>()));
  setup.variant = *variant;
  if (!row[2].is_null()) setup.start_position = row[2].as<int>();
  setup.initial_fen = row[3].as<std::string>();
  TRY_LET(control, time_control_from_json(nlohmann::json::parse(row[4].as<std::string>())));
  setup.time_control = *control;
  setup.start_at = Timestamp(row[5].as<std::int64_t>());
  setup.rules.no_draw_before_move = row[6].as<int>();
  setup.rules.ten_moves_rule = row[7].as<bool>();
  setup.rules.silence_rule = row[8].as<bool>();
  setup.rules.messages_allowed = row[9].as<bool>();
  setup.friendly = row[24].as<bool>();
  g.version = row[10].as<int>();
  g.revision = row[22].as<std::int64_t>();
  if (!row[11].is_null()) g.use_40_plus_days_ply = row[11].as<int>();
  TRY(read_facts(row, g));
  const int window = row[19].as<int>();
  if (!windowed || window == 0) return g;
  auto before = moves_from_log(row[21].as<std::string>(), window);
  if (!before) {
    return fail(ErrorCode::kInternal, "the move log does not hold the " + std::to_string(window) +
                                          " moves of the game's snapshot");
  }
  before->insert(before->end(), std::make_move_iterator(g.facts.moves.begin()),
                 std::make_move_iterator(g.facts.moves.end()));
  g.facts.moves = std::move(*before);
  g.facts.window = game::ReplayWindow{window, row[20].as<std::string>(),
                                      snapshot_clocks_of(row[23].as<std::string>(), window)};
  return g;
}

constexpr const char* kInsertGameEvent =
    "INSERT INTO game_events (game_id, seq, at, kind, side, ply, detail) VALUES ($1, $2, "
    "to_timestamp($3), $4, $5, $6, $7::jsonb)";
constexpr const char* kInsertClaim =
    "INSERT INTO claims (game_id, side, ply, type, move_uci, expect, upheld, reason, evidence, "
    "at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, to_timestamp($10))";

void append_facts(pqxx::work& tx, std::int64_t id, const std::vector<game::MoveFact>& moves,
                  const std::vector<game::GameEvent>& events, std::size_t existing_events,
                  const game::GameState& state) {
  for (const auto& m : moves) {
    const game::MoveView* shown = state.view_of(m.ply);
    if (shown == nullptr) throw std::out_of_range("no view of an appended move");
    const auto& view = *shown;
    game::MoveClockRecord rec;
    if (const auto* record = state.clock.record_of(m.ply)) rec = *record;
    exec_named(tx, kInsertMove, id, m.ply, m.uci, view.san, view.numeric, view.fen_after,
               m.at.unix_seconds(), m.offer_draw, m.message, m.played_as_conditional,
               m.use_40_plus_days, rec.elapsed, rec.stopped, rec.charged, rec.increment,
               rec.bank_change, rec.clock_after, rec.bank_after);
  }
  std::size_t seq = existing_events;
  for (const auto& e : events) {
    tx.exec_params(
        kInsertGameEvent, id, static_cast<int>(seq++), e.at.unix_seconds(),
        std::string(game::to_string(e.kind)),
        e.side ? std::optional<std::string>(std::string(game::color_name(*e.side))) : std::nullopt,
        e.ply, event_detail_json(e).dump());
    if (e.kind == game::EventKind::kClaim && e.claim_type && e.side) {
      tx.exec_params(kInsertClaim, id, std::string(game::color_name(*e.side)), e.ply,
                     std::string(game::to_string(*e.claim_type)), e.intended_move,
                     e.expect ? std::optional<std::string>(std::string(game::to_string(*e.expect)))
                              : std::nullopt,
                     e.upheld.value_or(false), e.reason,
                     nlohmann::json{{"text", e.evidence.value_or("")}}.dump(), e.at.unix_seconds());
    }
  }
}

CachedColumns cached_columns(const game::GameState& state, Timestamp start_at) {
  const auto text = [](auto value) { return std::optional<std::string>(std::string(value)); };
  const auto seconds = [](const std::optional<Timestamp>& t) {
    return t ? std::optional<std::int64_t>(t->unix_seconds()) : std::nullopt;
  };
  CachedColumns c;
  c.status = status_text(state);
  if (state.result) c.result = text(game::to_string(*state.result));
  if (state.termination) c.termination = text(game::to_string(*state.termination));
  c.finished_at = seconds(state.finished_at);
  c.fen = state.position.fen();
  c.ply = state.ply;
  c.to_move = std::string(game::color_name(state.to_move));
  c.next_deadline = seconds(schedule_instant(state, start_at));
  if (state.draw_offer) c.draw_offer_by = text(game::color_name(state.draw_offer->by));
  return c;
}

namespace {

// A finished cache without its flag-fall fact would never be swept again (no deadline): the
// loss would stay unstored, untold and unrated. The caller stores the fact first.
void refuse_unrecorded_flag_fall(std::int64_t id, const game::GameState& state) {
  if (state.flag_fall_pending) {
    throw std::logic_error("game " + std::to_string(id) +
                           ": cached state shows a flag fall that no fact records");
  }
}

// The change of an accept, one move and no event, in one statement (one round trip instead
// of three): the move inserted as kInsertMove does ($1 and $15-$31), the pending move
// cleared, the cached columns and the snapshot rewritten as kUpdateCache does ($1-$14). The
// three touch different tables, so reading the same snapshot changes nothing.
const NamedStatement& store_one_move_statement() {
  static const std::string sql =
      std::string(
          "WITH appended AS (INSERT INTO moves (game_id, ply, uci, san, numeric, fen_after, "
          "accepted_at, offer_draw, message, conditional, use_40_plus_days, elapsed_seconds, "
          "stopped_seconds, charged_seconds, increment_seconds, bank_change_seconds, "
          "clock_after_seconds, bank_after_seconds) VALUES ($1, $15, $16, $17, $18, $19, "
          "to_timestamp($20), $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)), "
          "cleared AS (DELETE FROM pending_moves WHERE game_id = $1) ") +
      kUpdateCache.sql;
  static const NamedStatement statement{"store_one_move", sql.c_str()};
  return statement;
}

}  // namespace

std::int64_t update_cache(pqxx::work& tx, std::int64_t id, const game::GameState& state,
                          const game::ReplayWindow& window,
                          const std::vector<game::MoveFact>& appended) {
  refuse_unrecorded_flag_fall(id, state);
  // A not-started game is scheduled at its start instant (taken from the row itself).
  const auto c = cached_columns(state, Timestamp(0));
  return revision_of(exec_named(tx, kUpdateCache, id, c.status, c.result, c.termination,
                                c.finished_at, c.fen, c.ply, c.to_move, c.next_deadline,
                                c.draw_offer_by, window.ply, window.fen, move_log_entries(appended),
                                snapshot_clocks_text(window)));
}

std::int64_t store_change(pqxx::work& tx, std::int64_t id, const std::vector<game::MoveFact>& moves,
                          const std::vector<game::GameEvent>& events, std::size_t existing_events,
                          const game::GameState& state, const game::ReplayWindow& window) {
  refuse_unrecorded_flag_fall(id, state);
  if (moves.size() != 1 || !events.empty()) {
    append_facts(tx, id, moves, events, existing_events, state);
    if (!moves.empty()) delete_pending(tx, id);
    return update_cache(tx, id, state, window, moves);
  }
  const auto& m = moves.front();
  const game::MoveView* shown = state.view_of(m.ply);
  if (shown == nullptr) throw std::out_of_range("no view of the appended move");
  const auto& view = *shown;
  game::MoveClockRecord rec;
  if (const auto* record = state.clock.record_of(m.ply)) rec = *record;
  const auto c = cached_columns(state, Timestamp(0));
  return revision_of(exec_named(
      tx, store_one_move_statement(), id, c.status, c.result, c.termination, c.finished_at, c.fen,
      c.ply, c.to_move, c.next_deadline, c.draw_offer_by, window.ply, window.fen,
      move_log_entries(moves), snapshot_clocks_text(window), m.ply, m.uci, view.san, view.numeric,
      view.fen_after, m.at.unix_seconds(), m.offer_draw, m.message, m.played_as_conditional,
      m.use_40_plus_days, rec.elapsed, rec.stopped, rec.charged, rec.increment, rec.bank_change,
      rec.clock_after, rec.bank_after));
}

constexpr const char* kLoadCachedColumns =
    "SELECT status, result, termination, extract(epoch FROM finished_at)::bigint, fen, ply, "
    "to_move, extract(epoch FROM next_deadline)::bigint, draw_offer_by FROM games WHERE id = $1";

std::optional<CachedColumns> load_cached_columns(pqxx::work& tx, std::int64_t id) {
  const auto r = tx.exec_params(kLoadCachedColumns, id);
  if (r.empty()) return std::nullopt;
  const auto& row = r[0];
  const auto opt_int = [](const pqxx::field& f) {
    return f.is_null() ? std::nullopt : std::optional<std::int64_t>(f.as<std::int64_t>());
  };
  CachedColumns c;
  c.status = row[0].as<std::string>();
  c.result = optional_text(row[1]);
  c.termination = optional_text(row[2]);
  c.finished_at = opt_int(row[3]);
  c.fen = row[4].as<std::string>();
  c.ply = row[5].as<int>();
  c.to_move = row[6].as<std::string>();
  c.next_deadline = opt_int(row[7]);
  c.draw_offer_by = optional_text(row[8]);
  return c;
}

std::vector<std::int64_t> game_ids_after(pqxx::work& tx, std::int64_t after, int limit) {
  return ids_of(
      tx.exec_params("SELECT id FROM games WHERE id > $1 ORDER BY id LIMIT $2", after, limit));
}

bool game_exists(pqxx::work& tx, std::int64_t id) {
  return !tx.exec_params("SELECT 1 FROM games WHERE id = $1", id).empty();
}

bool game_is_over(pqxx::work& tx, std::int64_t id) {
  return !tx.exec_params("SELECT 1 FROM games WHERE id = $1 AND status = ANY($2::text[])", id,
                         over_statuses())
              .empty();
}

std::int64_t save_pending(pqxx::work& tx, std::int64_t id, const game::PendingMove& p) {
  return revision_of(exec_named(tx, kSavePending, id, std::string(game::color_name(p.side)), p.ply,
                                p.uci, p.san, p.numeric, p.fen_after, p.offer_draw, p.message,
                                p.use_40_plus_days, p.submitted_at.unix_seconds()));
}

std::int64_t delete_pending(pqxx::work& tx, std::int64_t id) {
  return revision_of(exec_named(tx, kDeletePending, id));
}

constexpr const char* kDeleteConditional =
    "WITH bumped AS (UPDATE games SET revision = revision + 1 WHERE id = $1 RETURNING revision), "
    "cleared AS (DELETE FROM conditional_lines WHERE game_id = $1 AND side = $2) "
    "SELECT revision FROM bumped";
constexpr const char* kSaveConditional =
    "WITH bumped AS (UPDATE games SET revision = revision + 1 WHERE id = $1 RETURNING revision), "
    "saved AS (INSERT INTO conditional_lines (game_id, side, lines, updated_at) VALUES ($1, $2, "
    "$3::jsonb, to_timestamp($4)) ON CONFLICT (game_id, side) DO UPDATE SET lines = "
    "EXCLUDED.lines, updated_at = EXCLUDED.updated_at) SELECT revision FROM bumped";

std::int64_t save_conditional(pqxx::work& tx, std::int64_t id, Color side,
                              const std::vector<game::ConditionalLine>& lines, Timestamp at) {
  if (lines.empty()) {
    return revision_of(tx.exec_params(kDeleteConditional, id, std::string(game::color_name(side))));
  }
  return revision_of(tx.exec_params(kSaveConditional, id, std::string(game::color_name(side)),
                                    nlohmann::json(lines).dump(), at.unix_seconds()));
}

void set_player(pqxx::work& tx, std::int64_t game_id, game::Color side, std::int64_t user_id) {
  tx.exec_params(side == game::Color::kWhite ? "UPDATE games SET white_id = $2 WHERE id = $1"
                                             : "UPDATE games SET black_id = $2 WHERE id = $1",
                 game_id, user_id);
}

}  // namespace corrchess::db
