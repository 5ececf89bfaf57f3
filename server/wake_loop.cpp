#include "server/wake_loop.h"

namespace corrchess::server {

void WakeLoop::start() {
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] {
    while (true) {
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        poked_ = false;
      }
      const auto stepped = std::chrono::steady_clock::now();
      const auto sleep = step_();
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, sleep, [&] { return stopping_ || poked_; });
      // Poked: not before the interval since the last step began (later pokes find poked_
      // set and do not wake the thread).
      if (poked_ && min_poke_interval_.count() > 0) {
        wake_.wait_until(lock, stepped + min_poke_interval_, [&] { return stopping_; });
      }
    }
  });
}

void WakeLoop::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void WakeLoop::poke() {
  {
    std::lock_guard lock(mutex_);
    if (poked_) return;
    poked_ = true;
  }
  wake_.notify_all();
}

}  // namespace corrchess::server
