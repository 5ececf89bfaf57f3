#include "db/live_events.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "db/codec.h"
#include "db/statement.h"
#include "model/json_text.h"

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
// transactions numbering for overlapping users lock them in the same order. `batch` holds
// each message's JSON text.
void publish(pqxx::work& tx, std::optional<std::int64_t> game_id,
             const std::vector<std::int64_t>& users, const std::vector<std::string>& batch) {
  model::JsonText note;
  note.begin_object();
  note.key("users").begin_array();
  for (const auto user : users) note.value(user);
  note.end_array();
  note.key("messages").begin_array();
  for (const auto& message : batch) note.raw(message);
  note.end_array();
  if (game_id) note.field("game_id", std::to_string(*game_id));
  note.end_object();
  if (users.empty()) return notify_event(tx, note.take());  // watchers only: nothing to number
  exec_named(tx, kPublish, id_array_literal(users), static_cast<std::int64_t>(batch.size()),
             note.take(), std::string(kEventsChannel));
}

// NOTIFY payloads are limited to 8000 bytes: long batches (a move plus many conditional
// replies) go out in several notifications, each self-contained.
constexpr std::size_t kMaxBatchBytes = 6000;

// One message alone must fit too, whatever a player wrote: a too long one goes out without
// its text ("message_omitted": clients read it from the game), and if that is not enough,
// as a bare {type, game_id, version, at, truncated} that tells clients to re-read the game.
// The size of a notification never fails the change that caused it.
std::string fitted(std::string text) {
  if (text.size() <= kMaxBatchBytes) return text;
  auto m = nlohmann::json::parse(text);
  if (!m.is_object()) return text;
  if (m.contains("message")) {
    m.erase("message");
    m["message_omitted"] = true;
    auto shorter = m.dump();
    if (shorter.size() <= kMaxBatchBytes) return shorter;
  }
  nlohmann::json bare{{"truncated", true}};
  for (const char* key : {"type", "game_id", "version", "at", "ply"}) {
    if (m.contains(key)) bare[key] = m[key];
  }
  return bare.dump();
}

// notify_game and notify_users: the payload names the game when there is one. `messages`
// holds each message's JSON text.
void notify_texts(pqxx::work& tx, std::optional<std::int64_t> game_id,
                  std::vector<std::int64_t> users, std::vector<std::string> messages) {
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  std::vector<std::string> batch;
  std::size_t size = 0;
  for (auto& original : messages) {
    auto m = fitted(std::move(original));
    if (size + m.size() > kMaxBatchBytes && !batch.empty()) {
      publish(tx, game_id, users, batch);
      batch.clear();
      size = 0;
    }
    size += m.size();
    batch.push_back(std::move(m));
  }
  if (!batch.empty()) publish(tx, game_id, users, batch);
}

std::vector<std::string> message_texts(const nlohmann::json& messages) {
  std::vector<std::string> texts;
  texts.reserve(messages.size());
  for (const auto& m : messages) texts.push_back(m.dump());
  return texts;
}

}  // namespace

void notify_game(pqxx::work& tx, std::int64_t game_id, const std::vector<std::int64_t>& users,
                 const nlohmann::json& messages) {
  // Every message about a game carries the game's version (api.md "Live events"): the one
  // this transaction leaves, read here for the messages that do not say it (leave, message,
  // player_replaced).
  auto versioned = messages;
  std::optional<int> version;
  for (auto& m : versioned) {
    if (!m.is_object() || m.contains("version")) continue;
    if (!version) {
      const auto rows = tx.exec_params("SELECT version FROM games WHERE id = $1", game_id);
      version = rows.empty() ? 0 : rows[0][0].as<int>();
    }
    m["version"] = *version;
  }
  notify_texts(tx, game_id, users, message_texts(versioned));
}

void notify_game_change(pqxx::work& tx, std::int64_t game_id, int version,
                        const std::vector<std::int64_t>& users,
                        const std::vector<game::ChangeNotice>& notices,
                        const game::GameState& after) {
  using game::Color;
  using game::NoticeKind;
  std::vector<std::string> messages;
  messages.reserve(notices.size());
  const auto id = std::to_string(game_id);
  const auto at = game::format_rfc3339(after.now);
  for (const auto& n : notices) {
    model::JsonText j;
    j.begin_object();
    j.field("type", game::to_string(n.kind)).field("game_id", id).field("at", at);
    j.field("version", version);
    if (n.by) j.field("by", game::color_name(*n.by));
    switch (n.kind) {
      case NoticeKind::kMove: {
        const game::MoveView* view = after.view_of(n.ply);
        if (view == nullptr) throw std::out_of_range("no view of the move noticed");
        const auto& m = *view;
        j.field("ply", m.ply);
        j.key("move").begin_object();
        j.field("san", m.san).field("uci", m.uci).field("numeric", m.numeric).end_object();
        j.field("fen_after", m.fen_after).field("conditional", m.played_as_conditional);
        j.optional_field("message", m.message);
        break;
      }
      case NoticeKind::kDrawOffer: j.field("ply", n.ply); break;
      case NoticeKind::kClaim:
        if (n.claim) j.field("claim", game::to_string(*n.claim));
        j.field("upheld", n.upheld).field("reason", n.reason);
        break;
      case NoticeKind::kClock:
        j.key("clocks").begin_object();
        model::write_clock(j.key("white"), after.clock_of(Color::kWhite));
        model::write_clock(j.key("black"), after.clock_of(Color::kBlack));
        j.end_object().field("suspended", after.suspended);
        break;
      case NoticeKind::kGameOver:
        j.field("status", game::to_string(after.status));
        if (after.result) j.field("result", game::to_string(*after.result));
        if (after.termination) j.field("termination", game::to_string(*after.termination));
        if (!after.end_reason.empty()) j.field("reason", after.end_reason);
        break;
      case NoticeKind::kDrawDeclined:
      case NoticeKind::kGameStarted:
      case NoticeKind::kAdjudicationPending: break;
    }
    j.end_object();
    messages.push_back(j.take());
  }
  if (!messages.empty()) notify_texts(tx, game_id, users, std::move(messages));
}

void notify_users(pqxx::work& tx, const std::vector<std::int64_t>& users,
                  const nlohmann::json& messages) {
  notify_texts(tx, std::nullopt, users, message_texts(messages));
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
