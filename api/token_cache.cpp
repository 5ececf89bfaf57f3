#include "api/token_cache.h"

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

namespace corrchess::api {

namespace {

// The caches by pool: few (one per server process in practice), registered for their life.
std::mutex registry_mutex;
std::vector<std::pair<const app::Database*, TokenCache*>>& registry() {
  static std::vector<std::pair<const app::Database*, TokenCache*>> caches;
  return caches;
}

// Bounds the memory of a cache under a flood of distinct tokens.
constexpr std::size_t kMaxEntries = 100'000;

}  // namespace

TokenCache::TokenCache(const app::Database& pool, std::function<bool()> listening,
                       Clock::duration max_age)
    : pool_(pool), listening_(std::move(listening)), max_age_(max_age) {
  std::lock_guard lock(registry_mutex);
  registry().emplace_back(&pool_, this);
}

TokenCache::~TokenCache() {
  std::lock_guard lock(registry_mutex);
  std::erase_if(registry(), [this](const auto& entry) { return entry.second == this; });
}

TokenCache* TokenCache::for_pool(const app::Database& pool) {
  std::lock_guard lock(registry_mutex);
  for (const auto& [p, cache] : registry()) {
    if (p == &pool) return cache;
  }
  return nullptr;
}

std::optional<model::User> TokenCache::find(const std::string& token_hash) {
  const bool live = listening_();
  std::lock_guard lock(mutex_);
  if (!live) {
    entries_.clear();
    ++misses_;
    return std::nullopt;
  }
  const auto it = entries_.find(token_hash);
  if (it == entries_.end() || it->second.valid_until <= Clock::now()) {
    if (it != entries_.end()) entries_.erase(it);
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  return it->second.user;
}

std::uint64_t TokenCache::generation() const {
  std::lock_guard lock(mutex_);
  return generation_;
}

void TokenCache::remember(const std::string& token_hash, const model::User& user,
                          std::int64_t expires_in_seconds, std::uint64_t generation) {
  if (!listening_()) return;
  const auto now = Clock::now();
  const auto until = std::min(now + max_age_, now + std::chrono::seconds(expires_in_seconds));
  std::lock_guard lock(mutex_);
  if (generation != generation_) return;
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[token_hash] = Entry{user, until};
}

void TokenCache::forget_from_note(const std::string& payload) {
  // Game notes are the common case: skip them without parsing.
  if (payload.find("\"revoke\"") == std::string::npos &&
      payload.find("\"user_changed\"") == std::string::npos) {
    return;
  }
  const auto note = nlohmann::json::parse(payload, nullptr, false);
  if (!note.is_object()) return;
  for (const char* key : {"revoke", "user_changed"}) {
    const auto it = note.find(key);
    if (it == note.end() || !it->is_object()) continue;
    const auto user = it->find("user");
    if (user != it->end() && user->is_number_integer()) {
      forget_user(user->get<std::int64_t>());
    } else {
      clear();  // a note we cannot read: forget everything rather than guess
    }
  }
}

void TokenCache::forget_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  ++generation_;
  std::erase_if(entries_, [&](const auto& e) { return e.second.user.id == user_id; });
}

void TokenCache::clear() {
  std::lock_guard lock(mutex_);
  ++generation_;
  entries_.clear();
}

std::uint64_t TokenCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

std::uint64_t TokenCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

void forget_signed_in(const app::Database& pool, std::int64_t user_id) {
  if (auto* cache = TokenCache::for_pool(pool)) cache->forget_user(user_id);
}

}  // namespace corrchess::api
