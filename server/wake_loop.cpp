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
      const auto sleep = step_();
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, sleep, [&] { return stopping_ || poked_; });
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
    poked_ = true;
  }
  wake_.notify_all();
}

}  // namespace corrchess::server
