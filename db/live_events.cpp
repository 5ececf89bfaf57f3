#include "db/live_events.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/statement.h"

namespace corrchess::db {

void notify_event(pqxx::work& tx, const std::string& payload) {
  tx.exec_params("SELECT pg_notify($1, $2)", std::string(kEventsChannel), payload);
}

namespace {

constexpr NamedStatement kPublish{
    "publish_live_messages",
    "WITH numbered AS ("
    "  INSERT INTO user_event_counters AS c (user_id, last_seq) "
    "  SELECT u, $2 FROM unnest($1::bigint[]) AS u ORDER BY u "
    "  ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + $2 "
    "  RETURNING user_id, last_seq - $2 AS base), "
    "kept AS ("
    "  INSERT INTO user_events (user_id, seq, message) "
    "  SELECT n.user_id, n.base + m.ord, m.message "
    "  FROM numbered n, jsonb_array_elements($3::jsonb -> 'messages') WITH ORDINALITY "
    "    AS m(message, ord)) "
    "SELECT pg_notify($4, ($3::jsonb || jsonb_build_object('seqs', "
    "  (SELECT jsonb_object_agg(user_id::text, base + 1) FROM numbered)))::text)"};

// Numbers one batch for every user, stores each user's copy and announces the batch, in
// one statement. The counters are upserted in id order (the caller sorted the ids), so two
// transactions numbering for overlapping users lock them in the same order.
void publish(pqxx::work& tx, std::optional<std::int64_t> game_id,
             const std::vector<std::int64_t>& users, const nlohmann::json& batch) {
  nlohmann::json note{{"users", users}, {"messages", batch}};
  if (game_id) note["game_id"] = std::to_string(*game_id);
  if (users.empty()) return notify_event(tx, note.dump());  // watchers only: nothing to number
  exec_named(tx, kPublish, id_array_literal(users), static_cast<std::int64_t>(batch.size()),
             note.dump(), std::string(kEventsChannel));
}

// notify_game and notify_users: the payload names the game when there is one.
void notify_messages(pqxx::work& tx, std::optional<std::int64_t> game_id,
                     std::vector<std::int64_t> users, const nlohmann::json& messages) {
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  // NOTIFY payloads are limited to 8000 bytes: split long batches (a move plus many
  // conditional replies) into several notifications, each self-contained.
  constexpr std::size_t kMaxBatchBytes = 6000;
  nlohmann::json batch = nlohmann::json::array();
  auto flush = [&] {
    if (batch.empty()) return;
    publish(tx, game_id, users, batch);
    batch = nlohmann::json::array();
  };
  // One message alone must fit too, whatever a player wrote: a too long one goes out without
  // its text ("message_omitted": clients read it from the game), and if that is not enough,
  // as a bare {type, game_id, version, at, truncated} that tells clients to re-read the game.
  // The size of a notification never fails the change that caused it.
  auto fitted = [&](nlohmann::json m) {
    if (m.dump().size() <= kMaxBatchBytes || !m.is_object()) return m;
    if (m.contains("message")) {
      m.erase("message");
      m["message_omitted"] = true;
      if (m.dump().size() <= kMaxBatchBytes) return m;
    }
    nlohmann::json bare{{"truncated", true}};
    for (const char* key : {"type", "game_id", "version", "at", "ply"}) {
      if (m.contains(key)) bare[key] = m[key];
    }
    return bare;
  };
  std::size_t size = 0;
  for (const auto& original : messages) {
    const auto m = fitted(original);
    const auto length = m.dump().size();
    if (size + length > kMaxBatchBytes) {
      flush();
      size = 0;
    }
    batch.push_back(m);
    size += length;
  }
  flush();
}

}  // namespace

void notify_game(pqxx::work& tx, std::int64_t game_id, const std::vector<std::int64_t>& users,
                 const nlohmann::json& messages) {
  notify_messages(tx, game_id, users, messages);
}

void notify_game_change(pqxx::work& tx, std::int64_t game_id, int version,
                        const std::vector<std::int64_t>& users,
                        const std::vector<game::ChangeNotice>& notices,
                        const game::GameState& after) {
  using game::Color;
  using game::NoticeKind;
  nlohmann::json messages = nlohmann::json::array();
  for (const auto& n : notices) {
    nlohmann::json j = {{"type", game::to_string(n.kind)},
                        {"game_id", std::to_string(game_id)},
                        {"at", game::format_rfc3339(after.now)},
                        {"version", version}};
    if (n.by) j["by"] = game::color_name(*n.by);
    switch (n.kind) {
      case NoticeKind::kMove: {
        const game::MoveView* view = after.view_of(n.ply);
        if (view == nullptr) throw std::out_of_range("no view of the move noticed");
        const auto& m = *view;
        j["ply"] = m.ply;
        j["move"] = {{"san", m.san}, {"uci", m.uci}, {"numeric", m.numeric}};
        j["fen_after"] = m.fen_after;
        j["conditional"] = m.played_as_conditional;
        if (m.message) j["message"] = *m.message;
        break;
      }
      case NoticeKind::kDrawOffer: j["ply"] = n.ply; break;
      case NoticeKind::kClaim:
        if (n.claim) j["claim"] = game::to_string(*n.claim);
        j["upheld"] = n.upheld;
        j["reason"] = n.reason;
        break;
      case NoticeKind::kClock:
        j["clocks"] = {{"white", clock_json(after.clock_of(Color::kWhite))},
                       {"black", clock_json(after.clock_of(Color::kBlack))}};
        j["suspended"] = after.suspended;
        break;
      case NoticeKind::kGameOver:
        j["status"] = game::to_string(after.status);
        if (after.result) j["result"] = game::to_string(*after.result);
        if (after.termination) j["termination"] = game::to_string(*after.termination);
        if (!after.end_reason.empty()) j["reason"] = after.end_reason;
        break;
      case NoticeKind::kDrawDeclined:
      case NoticeKind::kGameStarted:
      case NoticeKind::kAdjudicationPending: break;
    }
    messages.push_back(std::move(j));
  }
  if (!messages.empty()) notify_game(tx, game_id, users, messages);
}

void notify_users(pqxx::work& tx, const std::vector<std::int64_t>& users,
                  const nlohmann::json& messages) {
  notify_messages(tx, std::nullopt, users, messages);
}

UserEventPage user_events_after(pqxx::work& tx, std::int64_t user_id,
                                std::optional<std::int64_t> since, int limit) {
  UserEventPage page;
  const auto bounds = tx.exec_params1(
      "SELECT coalesce((SELECT last_seq FROM user_event_counters WHERE user_id = $1), 0), "
      "(SELECT min(seq) FROM user_events WHERE user_id = $1)",
      user_id);
  page.last_seq = bounds[0].as<std::int64_t>();
  if (!since) return page;
  // Kept are the numbers from the oldest stored one (or, when none is stored, from the next
  // one) to last_seq; a client may resume from one before the oldest kept.
  const std::int64_t oldest_kept =
      bounds[1].is_null() ? page.last_seq + 1 : bounds[1].as<std::int64_t>();
  if (*since > page.last_seq || *since + 1 < oldest_kept) {
    page.missed = true;
    return page;
  }
  for (const auto& row :
       tx.exec_params("SELECT seq, message::text FROM user_events WHERE user_id = $1 AND seq > $2 "
                      "ORDER BY seq LIMIT $3",
                      user_id, *since, limit)) {
    page.events.push_back(UserEvent{row[0].as<std::int64_t>(), row[1].as<std::string>()});
  }
  return page;
}

std::int64_t prune_user_events(pqxx::work& tx, int retention_days) {
  return tx
      .exec_params("DELETE FROM user_events WHERE at < now() - make_interval(days => $1)",
                   retention_days)
      .affected_rows();
}

}  // namespace corrchess::db
