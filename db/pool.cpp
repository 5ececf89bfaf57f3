#include "db/pool.h"

namespace corrchess::db {

Pool::Pool(std::string url, std::size_t size) : url_(std::move(url)), size_(size ? size : 1) {}

Pool::Lease::~Lease() {
  if (conn_) pool_->release(std::move(conn_));
}

Pool::Lease Pool::acquire() {
  std::unique_lock lock(mutex_);
  ++waiting_;
  available_.wait(lock, [&] { return !idle_.empty() || in_use_ < size_ - idle_.size(); });
  --waiting_;
  ++in_use_;
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    lock.unlock();
    if (conn->is_open()) return Lease(this, std::move(conn));
  } else {
    lock.unlock();
  }
  try {
    return Lease(this, std::make_unique<pqxx::connection>(url_));
  } catch (...) {
    std::lock_guard relock(mutex_);
    --in_use_;
    available_.notify_one();
    throw;
  }
}

void Pool::release(std::unique_ptr<pqxx::connection> conn) {
  std::lock_guard lock(mutex_);
  --in_use_;
  if (conn->is_open()) idle_.push_back(std::move(conn));
  available_.notify_one();
}

void Pool::discard_idle() {
  std::vector<std::unique_ptr<pqxx::connection>> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(idle_);
    available_.notify_all();
  }
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
