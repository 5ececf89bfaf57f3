#include "db/challenges.h"

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/live_events.h"

namespace corrchess::db {

namespace {

using game::Timestamp;

constexpr const char* kColumns =
    "id, challenger_id, coalesce(opponent_id, CASE WHEN status = 'accepted' THEN decided_by END), "
    "color, variant, start_position, time_control::text, "
    "draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, rated, min_finished_games, "
    "message, rematch_of, status, extract(epoch FROM created_at)::bigint, "
    "extract(epoch FROM expires_at)::bigint, extract(epoch FROM decided_at)::bigint, "
    "(SELECT username FROM users WHERE users.id = decided_by), reason, game_id, "
    "opponent_id IS NULL, min_rating, max_rating";

// A stored challenge from a row of kColumns; kInternal when a stored value no longer reads.
Result<StoredChallenge> decode(pqxx::work& tx, const pqxx::row& row) {
  StoredChallenge c;
  c.id = row[0].as<std::int64_t>();
  auto challenger = find_user_by_id(tx, row[1].as<std::int64_t>());
  if (!challenger) return fail(ErrorCode::kInternal, "challenger missing");
  c.challenger = *challenger;
  if (!row[2].is_null()) {
    c.opponent = find_user_by_id(tx, row[2].as<std::int64_t>());
    if (!c.opponent) return fail(ErrorCode::kInternal, "challenged player missing");
  }
  auto color = game::parse_challenge_color(row[3].as<std::string>());
  auto variant = game::parse_variant(row[4].as<std::string>());
  auto control = time_control_from_json(nlohmann::json::parse(row[6].as<std::string>()));
  auto status = game::parse_challenge_status(row[15].as<std::string>());
  if (!color || !variant || !control || !status) {
    return fail(ErrorCode::kInternal,
                "stored challenge " + std::to_string(c.id) + " is unreadable");
  }
  c.color = *color;
  c.setup.variant = *variant;
  if (!row[5].is_null()) c.setup.start_position = row[5].as<int>();
  c.setup.time_control = *control;
  c.setup.rules.no_draw_before_move = row[7].as<int>();
  c.setup.rules.ten_moves_rule = row[8].as<bool>();
  c.setup.rules.silence_rule = row[9].as<bool>();
  c.setup.rules.messages_allowed = row[10].as<bool>();
  c.rated = row[11].as<bool>();
  c.min_finished_games = row[12].as<int>();
  if (!row[13].is_null()) c.message = row[13].as<std::string>();
  if (!row[14].is_null()) c.rematch_of = row[14].as<std::int64_t>();
  c.status = *status;
  c.created_at = Timestamp(row[16].as<std::int64_t>());
  c.expires_at = Timestamp(row[17].as<std::int64_t>());
  if (!row[18].is_null()) c.decided_at = Timestamp(row[18].as<std::int64_t>());
  if (!row[19].is_null()) c.decided_by = row[19].as<std::string>();
  if (!row[20].is_null()) c.reason = row[20].as<std::string>();
  if (!row[21].is_null()) c.game_id = row[21].as<std::int64_t>();
  c.open_to_anyone = row[22].as<bool>();
  if (!row[23].is_null()) c.min_rating = row[23].as<int>();
  if (!row[24].is_null()) c.max_rating = row[24].as<int>();
  return c;
}

std::vector<StoredChallenge> decode_all(pqxx::work& tx, const pqxx::result& rows) {
  std::vector<StoredChallenge> out;
  out.reserve(rows.size());
  for (const auto& row : rows) {
    // A row that no longer reads is left out of lists (loading it by id reports it).
    if (auto c = decode(tx, row)) out.push_back(std::move(*c));
  }
  return out;
}

// Open, unexpired challenges whose `column` (opponent_id or challenger_id) is `user_id`,
// oldest first.
std::vector<StoredChallenge> open_challenges_by(pqxx::work& tx, const char* column,
                                                std::int64_t user_id, Timestamp now) {
  return decode_all(
      tx, tx.exec_params(std::string("SELECT ") + kColumns + " FROM challenges WHERE " + column +
                             " = $1 AND status = 'open' AND expires_at > "
                             "to_timestamp($2) ORDER BY created_at, id",
                         user_id, now.unix_seconds()));
}

}  // namespace

std::int64_t insert_challenge(pqxx::work& tx, const StoredChallenge& c) {
  const auto& s = c.setup;
  return tx
      .exec_params1(
          "INSERT INTO challenges (challenger_id, opponent_id, color, variant, start_position, "
          "time_control, draw_min_moves, ten_moves_rule, silence_rule, messages_allowed, rated, "
          "min_finished_games, message, rematch_of, created_at, expires_at, min_rating, "
          "max_rating) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, "
          "$14, to_timestamp($15), to_timestamp($16), $17, $18) RETURNING id",
          c.challenger.id,
          c.open_to_anyone || !c.opponent ? std::nullopt
                                          : std::optional<std::int64_t>(c.opponent->id),
          std::string(game::to_string(c.color)), std::string(game::to_string(s.variant)),
          s.start_position, time_control_json(s.time_control).dump(), s.rules.no_draw_before_move,
          s.rules.ten_moves_rule, s.rules.silence_rule, s.rules.messages_allowed, c.rated,
          c.min_finished_games, c.message, c.rematch_of, c.created_at.unix_seconds(),
          c.expires_at.unix_seconds(), c.min_rating, c.max_rating)[0]
      .as<std::int64_t>();
}

Result<StoredChallenge> load_challenge(pqxx::work& tx, std::int64_t id, bool lock) {
  const auto rows =
      tx.exec_params(std::string("SELECT ") + kColumns + " FROM challenges WHERE id = $1" +
                         (lock ? " FOR UPDATE" : ""),
                     id);
  if (rows.empty()) return fail(ErrorCode::kNotFound, "no challenge " + std::to_string(id));
  return decode(tx, rows[0]);
}

void close_challenge(pqxx::work& tx, std::int64_t id, game::ChallengeStatus status, Timestamp at,
                     std::int64_t by_user_id, const std::optional<std::string>& reason,
                     std::optional<std::int64_t> game_id) {
  tx.exec_params(
      "UPDATE challenges SET status = $2, decided_at = to_timestamp($3), decided_by = $4, "
      "reason = $5, game_id = $6 WHERE id = $1 AND status = 'open'",
      id, std::string(game::to_string(status)), at.unix_seconds(), by_user_id, reason, game_id);
}

std::vector<StoredChallenge> incoming_challenges(pqxx::work& tx, std::int64_t user_id,
                                                 Timestamp now) {
  return open_challenges_by(tx, "opponent_id", user_id, now);
}

std::vector<StoredChallenge> outgoing_challenges(pqxx::work& tx, std::int64_t user_id,
                                                 Timestamp now) {
  return open_challenges_by(tx, "challenger_id", user_id, now);
}

std::vector<StoredChallenge> open_seeks(pqxx::work& tx, std::int64_t user_id, Timestamp now,
                                        int limit) {
  return decode_all(
      tx, tx.exec_params(std::string("SELECT ") + kColumns +
                             " FROM challenges WHERE opponent_id IS NULL AND status = 'open' AND "
                             "challenger_id <> $1 AND expires_at > to_timestamp($2) "
                             "AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = "
                             "$1 AND b.blocked_id = challenger_id) OR (b.blocker_id = "
                             "challenger_id AND b.blocked_id = $1)) "
                             "ORDER BY created_at, id LIMIT $3",
                         user_id, now.unix_seconds(), limit));
}

int count_open_challenges(pqxx::work& tx, std::int64_t user_id, Timestamp now) {
  return tx
      .exec_params1(
          "SELECT count(*) FROM challenges WHERE challenger_id = $1 AND status = 'open' AND "
          "expires_at > to_timestamp($2)",
          user_id, now.unix_seconds())[0]
      .as<int>();
}

game::ChallengeHistory challenge_history(pqxx::work& tx, std::int64_t challenger_id,
                                         std::int64_t opponent_id, Timestamp now,
                                         game::Seconds decided_within) {
  // Challenges to the opponent by name only (an open challenge keeps opponent_id NULL even
  // once accepted).
  const auto row = tx.exec_params1(
      "SELECT count(*) FILTER (WHERE created_at > to_timestamp($3) - interval '1 day'), "
      "extract(epoch FROM min(created_at) FILTER (WHERE created_at > to_timestamp($3) - "
      "interval '1 day'))::bigint, "
      "extract(epoch FROM max(decided_at) FILTER (WHERE status = 'declined'))::bigint, "
      "extract(epoch FROM max(decided_at) FILTER (WHERE status = 'cancelled'))::bigint "
      "FROM challenges WHERE challenger_id = $1 AND opponent_id = $2 "
      "AND (created_at > to_timestamp($3) - interval '1 day' OR "
      "decided_at > to_timestamp($3) - make_interval(secs => $4))",
      challenger_id, opponent_id, now.unix_seconds(), decided_within);
  game::ChallengeHistory h;
  h.made_last_day = row[0].as<int>();
  if (!row[1].is_null()) h.oldest_last_day = Timestamp(row[1].as<std::int64_t>());
  if (!row[2].is_null()) h.last_declined_at = Timestamp(row[2].as<std::int64_t>());
  if (!row[3].is_null()) h.last_cancelled_at = Timestamp(row[3].as<std::int64_t>());
  return h;
}

std::vector<StoredChallenge> open_challenges_between(pqxx::work& tx, std::int64_t challenger_id,
                                                     std::int64_t opponent_id, Timestamp now) {
  return decode_all(
      tx, tx.exec_params(std::string("SELECT ") + kColumns +
                             " FROM challenges WHERE challenger_id = $1 AND opponent_id = $2 AND "
                             "status = 'open' AND expires_at > to_timestamp($3) ORDER BY "
                             "created_at, id FOR UPDATE",
                         challenger_id, opponent_id, now.unix_seconds()));
}

void lock_users(pqxx::work& tx, std::int64_t a, std::int64_t b) {
  tx.exec_params("SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id FOR UPDATE", a, b);
}

void notify_challenge(pqxx::work& tx, const std::vector<std::int64_t>& users, const char* type,
                      const StoredChallenge& c, game::ChallengeStatus status, game::Timestamp at,
                      std::optional<std::int64_t> game_id) {
  nlohmann::json m = {
      {"type", type}, {"at", game::format_rfc3339(at)}, {"challenge", challenge_json(c, status)}};
  if (game_id) m["game_id"] = std::to_string(*game_id);
  notify_users(tx, users, nlohmann::json::array({m}));
}

}  // namespace corrchess::db
