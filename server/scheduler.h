// The flag-fall scheduler: sleeps until the next due deadline of any live game (not fixed
// polling), wakes early when a game changes or the manual clock moves (LISTEN/NOTIFY), and
// decides due games exactly once across instances (SKIP LOCKED). At start it decides
// everything that fell due while no server ran, with verdicts for the deadline instants.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "api/games.h"

namespace corrchess::server {

class Scheduler {
 public:
  explicit Scheduler(api::GameServiceDeps& deps) : deps_(deps) {}
  ~Scheduler() { stop(); }
  void start();
  void stop();
  // Something changed (a move, a new game, the manual clock): re-check deadlines now.
  void poke();
  // Seconds between the deadline the scheduler last slept for and when it decided the games
  // due then (how late flag falls are noticed; the verdicts use the deadline itself).
  double last_lag_seconds() const { return last_lag_.load(); }

 private:
  void run();
  // Adds one sweep's decisions to the metrics.
  void record(const app::SweepResult& swept);

  api::GameServiceDeps& deps_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = true;
  bool stopping_ = false;
  std::atomic<double> last_lag_{0};
  std::thread thread_;
};

}  // namespace corrchess::server
