#include "server/notifier.h"

#include <spdlog/spdlog.h>

namespace corrchess::server {

namespace {
// Retries fall due on database time, so the queue is looked at this often even unpoked.
constexpr auto kPollInterval = std::chrono::seconds(1);
constexpr int kBatch = 20;
}  // namespace

void Notifier::start() {
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void Notifier::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Notifier::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

void Notifier::run() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      poked_ = false;
    }
    auto pause = kPollInterval;
    try {
      auto counts = app::deliver_due(pool_, clock_, settings_, kBatch);
      if (!counts) {
        spdlog::error("notifications: {}", counts.error().detail);
        pause = std::chrono::seconds(5);
      } else {
        metrics_.add("corrchess_notifications_email_sent_total", counts->sent,
                     "Emails delivered to the SMTP server.");
        metrics_.add("corrchess_notifications_email_retried_total", counts->retried,
                     "Email attempts that failed and will be tried again.");
        metrics_.add("corrchess_notifications_email_failed_total", counts->failed,
                     "Emails given up (see GET /api/v1/admin/notifications/failed).");
        if (counts->failed > 0) spdlog::warn("notifications: gave up {} email(s)", counts->failed);
        // A full batch: more may be due right away.
        if (counts->sent + counts->retried + counts->failed >= kBatch) {
          pause = std::chrono::seconds(0);
        }
      }
    } catch (const std::exception& e) {
      spdlog::error("notifications: {}", e.what());
      pause = std::chrono::seconds(5);
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, pause, [&] { return stopping_ || poked_; });
  }
}

}  // namespace corrchess::server
