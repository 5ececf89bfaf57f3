#include "server/scheduler.h"

#include <spdlog/spdlog.h>

namespace corrchess::server {

namespace {
// Upper bound of one sleep: bounds the effect of wall-clock jumps and lost notifications.
constexpr auto kMaxSleep = std::chrono::seconds(60);
constexpr int kBatch = 50;
constexpr auto kMinPokeInterval = std::chrono::milliseconds(100);
}  // namespace

void Scheduler::start() {
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void Scheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Scheduler::record(const app::SweepResult& swept) {
  deps_.metrics.add("corrchess_flag_falls_total", swept.flag_falls,
                    "Flag falls decided by the scheduler.");
  deps_.metrics.add("corrchess_adjudication_pending_total", swept.adjudications_pending,
                    "Games that reached their event's end date unfinished.");
  deps_.metrics.add("corrchess_scheduler_decisions_total", swept.processed,
                    "Games the flag-fall scheduler processed.");
}

void Scheduler::poke() {
  {
    std::lock_guard lock(mutex_);
    if (poked_) return;  // already woken, or waiting out kMinPokeInterval
    poked_ = true;
  }
  wake_.notify_all();
}

void Scheduler::run() {
  // The deadline the last sleep was for (max(): none).
  game::Timestamp awaited = game::Timestamp::max();
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      poked_ = false;
    }
    std::chrono::milliseconds sleep = kMaxSleep;
    try {
      deps_.metrics.add("corrchess_scheduler_sweeps_total", 1, "Flag-fall scheduler sweeps.");
      if (awaited != game::Timestamp::max() && !deps_.clock.is_manual()) {
        const auto now = deps_.clock.now();
        if (awaited <= now) last_lag_ = static_cast<double>(now - awaited);
      }
      awaited = game::Timestamp::max();
      // Decide everything due now (in batches), then sleep until the next deadline.
      while (true) {
        auto swept = app::decide_due_games(deps_, kBatch);
        if (!swept) {
          spdlog::error("scheduler: {}", swept.error().detail);
          sleep = std::chrono::seconds(5);
          break;
        }
        record(*swept);
        if (swept->processed > 0) {
          spdlog::info("scheduler: processed {} due game(s)", swept->processed);
        }
        if (swept->processed < kBatch) break;
      }
      if (sleep == kMaxSleep) {
        auto next = app::next_due(deps_);
        if (next && *next) {
          awaited = **next;
          const auto now = deps_.clock.now();
          const auto wait = std::max<game::Seconds>(0, **next - now);
          // With the manual clock, time only moves on request: wait for a poke instead.
          if (!deps_.clock.is_manual()) {
            sleep = std::min<std::chrono::milliseconds>(
                kMaxSleep, std::chrono::seconds(wait) + std::chrono::milliseconds(50));
          }
          if (wait == 0) sleep = std::chrono::milliseconds(0);
        }
      }
    } catch (const std::exception& e) {
      spdlog::error("scheduler: {}", e.what());
      sleep = std::chrono::seconds(5);
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, sleep, [&] { return stopping_ || poked_; });
    // Every accepted move pokes: coalesce bursts into one sweep per kMinPokeInterval (the
    // verdicts use the deadline instants, so a short delay changes no result).
    if (poked_ && !stopping_) {
      wake_.wait_for(lock, kMinPokeInterval, [&] { return stopping_; });
    }
  }
}

}  // namespace corrchess::server
