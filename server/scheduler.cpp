#include "server/scheduler.h"

#include <spdlog/spdlog.h>

#include "app/competitions.h"
#include "db/server_clock.h"

namespace corrchess::server {

namespace {
// Upper bound of one sleep: bounds the effect of wall-clock jumps and lost notifications.
constexpr auto kMaxSleep = std::chrono::seconds(60);
constexpr int kDecisionBatch = 50;
}  // namespace

void Scheduler::record(const app::SweepResult& swept) {
  deps_.metrics.add("corrchess_flag_falls_total", swept.flag_falls,
                    "Flag falls decided by the scheduler.");
  deps_.metrics.add("corrchess_adjudication_pending_total", swept.adjudications_pending,
                    "Games that reached their event's end date unfinished.");
  deps_.metrics.add("corrchess_scheduler_decisions_total", swept.processed,
                    "Games the flag-fall scheduler processed.");
}

std::chrono::milliseconds Scheduler::sweep() {
  std::chrono::milliseconds sleep = kMaxSleep;
  try {
    deps_.metrics.add("corrchess_scheduler_sweeps_total", 1, "Flag-fall scheduler sweeps.");
    if (awaited_ != game::Timestamp::max() && !deps_.clock.is_manual()) {
      const auto now = deps_.clock.now();
      if (awaited_ <= now) last_lag_ = static_cast<double>(now - awaited_);
    }
    awaited_ = game::Timestamp::max();
    // Decide everything due now (in batches), then sleep until the next deadline.
    while (true) {
      auto swept = app::decide_due_games(deps_, kDecisionBatch);
      if (!swept) {
        spdlog::error("scheduler: {}", swept.error().detail);
        return std::chrono::seconds(5);
      }
      record(*swept);
      if (swept->processed > 0) {
        spdlog::info("scheduler: processed {} due game(s)", swept->processed);
      }
      if (swept->processed < kDecisionBatch) break;
    }
    // Competitions: full waiting lists start their sections, entries past the maximum wait
    // expire, finished sections close with their promotion credits, cup matches move on
    // (rules.md 6.8-6.10).
    if (auto run = app::run_competitions(deps_); !run) {
      spdlog::error("competition starter: {}", run.error().detail);
    } else {
      deps_.metrics.add("corrchess_competition_items_failed_total", run->failed(),
                        "Competition starter items that failed and were skipped; each waits to "
                        "be tried again (GET /api/v1/admin/competitions/failures).");
      if (run->any()) {
        spdlog::info(
            "competition starter: {} section(s) started, {} entr(y/ies) expired, {} section(s) "
            "closed, {} promotion credit(s), {} stage(s) finished, {} stage(s) started, {} cup "
            "match(es) decided, {} cup game(s) started, {} item(s) failed and skipped",
            run->series.sections_started, run->series.entries_expired, run->series.sections_closed,
            run->series.credits, run->championships.stages_finished,
            run->championships.stages_started, run->cups.matches_decided, run->cups.games_started,
            run->failed());
      }
    }
    auto next = app::next_due(deps_);
    if (auto entry_deadline = app::next_competition_deadline(deps_);
        entry_deadline && *entry_deadline) {
      if (next && (!*next || **entry_deadline < **next)) next = *entry_deadline;
    }
    if (next && *next) {
      awaited_ = **next;
      const auto now = deps_.clock.now();
      const auto wait = std::max<game::Seconds>(0, **next - now);
      // With the manual clock, time only moves on request: wait for a poke instead.
      if (!deps_.clock.is_manual()) {
        sleep = std::min<std::chrono::milliseconds>(
            kMaxSleep, std::chrono::seconds(wait) + std::chrono::milliseconds(50));
      }
      if (wait == 0) sleep = std::chrono::milliseconds(0);
    }
  } catch (const std::exception& e) {
    spdlog::error("scheduler: {}", e.what());
    sleep = std::chrono::seconds(5);
  }
  return sleep;
}

}  // namespace corrchess::server
