#include "db/pool.h"

#include "db/node_role.h"

namespace corrchess::db {

Pool::Pool(std::string url, std::size_t size) : url_(std::move(url)), size_(size ? size : 1) {}

Pool::Lease::~Lease() {
  if (conn_) pool_->release(std::move(conn_), generation_);
}

void Pool::fall_back_to(Pool& primary, std::chrono::milliseconds max_lag) {
  primary_ = &primary;
  max_lag_ = max_lag;
}

bool Pool::replica_usable() {
  std::unique_lock lock(probe_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return usable_.load();  // another reader is checking
  const auto now = std::chrono::steady_clock::now();
  if (!recheck_.exchange(false) && now < next_probe_) return usable_.load();
  next_probe_ = now + std::chrono::seconds(1);
  try {
    if (!probe_ || !probe_->is_open()) probe_ = std::make_unique<pqxx::connection>(url_);
    const auto lag = replica_lag(*probe_);
    usable_ = lag.has_value() && *lag <= std::chrono::duration<double>(max_lag_).count();
  } catch (const std::exception&) {
    probe_.reset();
    usable_ = false;
  }
  return usable_.load();
}

Pool::Lease Pool::acquire() {
  if (primary_ != nullptr) {
    if (!replica_usable()) {
      fallback_reads_.fetch_add(1);
      return primary_->acquire();
    }
    replica_reads_.fetch_add(1);
  }
  std::unique_lock lock(mutex_);
  ++waiting_;
  available_.wait(lock, [&] { return !idle_.empty() || in_use_ < size_ - idle_.size(); });
  --waiting_;
  ++in_use_;
  const auto generation = generation_;
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    lock.unlock();
    if (conn->is_open()) return Lease(this, std::move(conn), generation);
  } else {
    lock.unlock();
  }
  try {
    auto conn = std::make_unique<pqxx::connection>(url_);
    opened_.fetch_add(1);
    return Lease(this, std::move(conn), generation);
  } catch (...) {
    std::lock_guard relock(mutex_);
    --in_use_;
    available_.notify_one();
    throw;
  }
}

void Pool::release(std::unique_ptr<pqxx::connection> conn, std::uint64_t generation) {
  std::unique_lock lock(mutex_);
  --in_use_;
  if (conn->is_open() && generation == generation_) idle_.push_back(std::move(conn));
  available_.notify_one();
  lock.unlock();  // a dropped connection closes outside the lock
}

void Pool::flush() {
  std::vector<std::unique_ptr<pqxx::connection>> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(idle_);
    ++generation_;
    available_.notify_all();
  }
  flushes_.fetch_add(1);
  recheck_ = true;  // a replica pool looks at its replica again before the next read
}

std::size_t Pool::in_use() const {
  std::lock_guard lock(mutex_);
  return in_use_;
}

std::size_t Pool::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_;
}

}  // namespace corrchess::db
