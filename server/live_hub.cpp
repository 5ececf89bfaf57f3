#include "server/live_hub.h"

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "server/live_session.h"

namespace corrchess::server {

using nlohmann::json;

// ---- Outbox ----

bool Outbox::push(std::shared_ptr<const std::string> message) {
  if (queue_.size() + 1 > limits_.max_queued_messages ||
      bytes_ + message->size() > limits_.max_queued_bytes) {
    return false;
  }
  bytes_ += message->size();
  queue_.push_back(std::move(message));
  return true;
}

void Outbox::pop() {
  bytes_ -= queue_.front()->size();
  queue_.pop_front();
}

// ---- hub ----

void LiveHub::prune(Index& index, std::int64_t key, const LiveSession* gone) {
  auto it = index.find(key);
  if (it == index.end()) return;
  std::erase_if(it->second, [gone](const std::weak_ptr<LiveSession>& w) {
    auto s = w.lock();
    return !s || s.get() == gone;
  });
  if (it->second.empty()) index.erase(it);
}

void LiveHub::unlink(const LiveSession* session, const Entry& entry) {
  prune(by_user_, entry.user_id, session);
  for (const auto game_id : entry.games) prune(by_game_, game_id, session);
}

void LiveHub::add(const std::shared_ptr<LiveSession>& session) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = all_.try_emplace(session.get());
  if (!inserted) {
    if (it->second.session.lock() == session) return;  // already registered
    // Left by a connection destroyed without remove() whose address was reused: forget it.
    unlink(session.get(), it->second);
    it->second = Entry{};
  }
  it->second.session = session;
  it->second.user_id = session->user().id;
  by_user_[it->second.user_id].push_back(session);
}

void LiveHub::remove(const LiveSession* session) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session);
  if (it == all_.end()) return;
  unlink(session, it->second);
  all_.erase(it);
}

bool LiveHub::subscribe(const std::shared_ptr<LiveSession>& session, std::int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session.get());
  if (it == all_.end() || it->second.session.lock() != session) return false;
  auto& games = it->second.games;
  if (games.contains(game_id)) return true;  // already watching
  if (games.size() >= limits_.max_subscriptions) return false;
  games.insert(game_id);
  by_game_[game_id].push_back(session);
  return true;
}

void LiveHub::unsubscribe(const LiveSession* session, std::int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = all_.find(session);
  if (it == all_.end() || it->second.games.erase(game_id) == 0) return;
  prune(by_game_, game_id, session);
}

void LiveHub::revoke(const json& revocation) {
  if (!revocation.is_object() || !revocation.contains("user") ||
      !revocation["user"].is_number_integer()) {
    return;
  }
  const auto user_id = revocation["user"].get<std::int64_t>();
  const std::string token = revocation.value("token_hash", "");
  std::vector<std::shared_ptr<LiveSession>> targets;
  {
    std::lock_guard lock(mutex_);
    if (auto it = by_user_.find(user_id); it != by_user_.end()) {
      for (const auto& w : it->second) {
        auto session = w.lock();
        if (session && (token.empty() || session->user().token_hash == token)) {
          targets.push_back(std::move(session));
        }
      }
    }
  }
  for (const auto& session : targets) session->revoke();
}

ConnectionLease LiveHub::reserve(std::int64_t user_id, std::size_t max) {
  std::lock_guard lock(mutex_);
  auto& taken = reserved_[user_id];
  if (taken >= max) {
    if (taken == 0) reserved_.erase(user_id);
    return nullptr;
  }
  ++taken;
  return ConnectionLease(static_cast<const void*>(this), [this, user_id](const void*) {
    std::lock_guard lock(mutex_);
    auto it = reserved_.find(user_id);
    if (it == reserved_.end()) return;
    if (--it->second == 0) reserved_.erase(it);
  });
}

void LiveHub::deliver(const std::string& payload) {
  const json note = json::parse(payload, nullptr, false);
  if (note.is_discarded() || !note.is_object()) return;
  if (note.contains("revoke")) return revoke(note["revoke"]);
  if (!note.contains("messages") || !note["messages"].is_array()) return;
  // Messages about a game also reach the game's watchers; others (challenges) only `users`.
  std::optional<std::int64_t> game_id;
  if (note.contains("game_id") && !note["game_id"].is_null()) {
    if (!note["game_id"].is_string()) return;
    try {
      game_id = std::stoll(note["game_id"].get<std::string>());
    } catch (const std::exception&) {
      return;
    }
  }
  // The users' connections, each with the first number of its user's copy (none when the
  // notification carries no numbers), then the watchers'.
  struct Addressed {
    std::shared_ptr<LiveSession> session;
    std::optional<std::int64_t> first_seq;
  };
  std::vector<Addressed> addressed;
  std::vector<std::shared_ptr<LiveSession>> watchers;
  const json seqs =
      note.contains("seqs") && note["seqs"].is_object() ? note["seqs"] : json::object();
  {
    std::lock_guard lock(mutex_);
    std::unordered_set<const LiveSession*> seen;
    if (note.contains("users") && note["users"].is_array()) {
      for (const auto& u : note["users"]) {
        if (!u.is_number_integer()) continue;
        const auto user_id = u.get<std::int64_t>();
        auto it = by_user_.find(user_id);
        if (it == by_user_.end()) continue;
        std::optional<std::int64_t> first;
        if (auto s = seqs.find(std::to_string(user_id));
            s != seqs.end() && s->is_number_integer()) {
          first = s->get<std::int64_t>();
        }
        for (const auto& w : it->second) {
          if (auto s = w.lock(); s && seen.insert(s.get()).second)
            addressed.push_back({std::move(s), first});
        }
      }
    }
    if (game_id) {
      if (auto it = by_game_.find(*game_id); it != by_game_.end()) {
        for (const auto& w : it->second) {
          if (auto s = w.lock(); s && seen.insert(s.get()).second) watchers.push_back(std::move(s));
        }
      }
    }
  }
  if (addressed.empty() && watchers.empty()) return;
  const auto& messages = note["messages"];
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto& m = messages[i];
    const std::string text = m.dump();
    for (const auto& a : addressed) {
      if (a.first_seq) {
        a.session->send_numbered(*a.first_seq + static_cast<std::int64_t>(i), text);
      } else {
        a.session->send(std::make_shared<const std::string>(text));
      }
    }
    if (watchers.empty()) continue;
    // Watchers see the moves, not what the players write each other.
    json without = m;
    if (without.is_object()) without.erase("message");
    auto watched = std::make_shared<const std::string>(without.dump());
    for (const auto& s : watchers) s->send(watched);
  }
}

void LiveHub::recover_after_loss() {
  std::vector<std::pair<std::shared_ptr<LiveSession>, std::vector<std::int64_t>>> sessions;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [_, entry] : all_) {
      if (auto s = entry.session.lock()) {
        sessions.emplace_back(std::move(s),
                              std::vector<std::int64_t>(entry.games.begin(), entry.games.end()));
      }
    }
  }
  for (auto& [session, games] : sessions) {
    std::sort(games.begin(), games.end());
    session->recover(std::move(games));
  }
}

void LiveHub::close_all() {
  std::vector<std::shared_ptr<LiveSession>> sessions;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [_, entry] : all_) {
      if (auto s = entry.session.lock()) sessions.push_back(std::move(s));
    }
  }
  for (const auto& s : sessions) s->shut_down();
}

std::size_t LiveHub::connections() const {
  std::lock_guard lock(mutex_);
  return all_.size();
}

}  // namespace corrchess::server
