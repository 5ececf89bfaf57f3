#include "server/rating_job.h"

#include <spdlog/spdlog.h>

namespace corrchess::server {

namespace {
constexpr auto kMaxSleep = std::chrono::seconds(60);
}  // namespace

void RatingJob::start() {
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void RatingJob::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void RatingJob::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

void RatingJob::run() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      poked_ = false;
    }
    std::chrono::milliseconds sleep = kMaxSleep;
    try {
      auto published = app::publish_due_rating_lists(deps_);
      if (!published) {
        spdlog::error("ratings: {}", published.error().detail);
        sleep = std::chrono::seconds(5);
      } else {
        metrics_.add("corrchess_rating_lists_published_total", *published,
                     "Rating lists published by the period job of this instance.");
        if (*published > 0) spdlog::info("ratings: published {} rating list(s)", *published);
        auto next = app::next_rating_publication(deps_);
        if (next && *next && !deps_.clock.is_manual()) {
          const auto wait = std::max<game::Seconds>(0, **next - deps_.clock.now());
          sleep = std::min<std::chrono::milliseconds>(
              kMaxSleep, std::chrono::seconds(wait) + std::chrono::milliseconds(500));
        }
      }
    } catch (const std::exception& e) {
      spdlog::error("ratings: {}", e.what());
      sleep = std::chrono::seconds(5);
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, sleep, [&] { return stopping_ || poked_; });
  }
}

}  // namespace corrchess::server
