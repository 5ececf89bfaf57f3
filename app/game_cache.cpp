#include "app/game_cache.h"

#include <utility>

namespace corrchess::app {

GameCache::GameCache(std::size_t capacity, bool check) : capacity_(capacity), check_(check) {}

std::optional<KeptGame> GameCache::take(std::int64_t id, std::int64_t revision) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(id);
  if (it == entries_.end() || it->second.game.stored.revision != revision) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  std::optional<KeptGame> game(std::move(it->second.game));
  order_.erase(it->second.position);
  entries_.erase(it);
  return game;
}

void GameCache::put(KeptGame game) {
  if (capacity_ == 0) return;
  std::lock_guard lock(mutex_);
  const auto id = game.stored.id;
  if (const auto it = entries_.find(id); it != entries_.end()) {
    it->second.game = std::move(game);
    order_.splice(order_.begin(), order_, it->second.position);
    return;
  }
  if (entries_.size() >= capacity_) {
    entries_.erase(order_.back());
    order_.pop_back();
  }
  order_.push_front(id);
  entries_.emplace(id, Entry{std::move(game), order_.begin()});
}

void GameCache::forget(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(id);
  if (it == entries_.end()) return;
  order_.erase(it->second.position);
  entries_.erase(it);
}

GameCache::Counts GameCache::counts() const {
  std::lock_guard lock(mutex_);
  return {hits_, misses_, entries_.size()};
}

}  // namespace corrchess::app
