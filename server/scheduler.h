// The flag-fall scheduler: sleeps until the next due deadline of any live game (not fixed
// polling), wakes early when a game changes or the manual clock moves (LISTEN/NOTIFY), and
// decides due games exactly once across instances (SKIP LOCKED). At start it decides
// everything that fell due while no server ran, with verdicts for the deadline instants.
#pragma once

#include <atomic>
#include <chrono>

#include "api/games.h"
#include "server/wake_loop.h"

namespace corrchess::server {

class Scheduler {
 public:
  explicit Scheduler(api::GameServiceDeps& deps) : deps_(deps) {}
  ~Scheduler() { stop(); }
  void start() { loop_.start(); }
  void stop() { loop_.stop(); }
  // Something changed (a move, a new game, the manual clock): re-check deadlines now, or
  // kMinPokeInterval after the last sweep began (every accepted move pokes).
  void poke() { loop_.poke(); }
  // Seconds between the deadline the scheduler last slept for and when it decided the games
  // due then (how late flag falls are noticed; the verdicts use the deadline itself).
  double last_lag_seconds() const { return last_lag_.load(); }

 private:
  // Decides what is due; how long to sleep until the next deadline.
  std::chrono::milliseconds sweep();
  // Adds one sweep's decisions to the metrics.
  void record(const app::SweepResult& swept);

  // Bursts of pokes coalesce into one sweep per interval (the verdicts use the deadline
  // instants, so a short delay changes no result).
  static constexpr std::chrono::milliseconds kMinPokeInterval{100};

  api::GameServiceDeps& deps_;
  // The deadline the last sleep was for (max(): none); only the loop's thread uses it.
  game::Timestamp awaited_ = game::Timestamp::max();
  std::atomic<double> last_lag_{0};
  WakeLoop loop_{[this] { return sweep(); }, kMinPokeInterval};  // last: stops first
};

}  // namespace corrchess::server
