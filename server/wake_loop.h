// A background thread that runs one step, then sleeps for as long as the step asks or
// until poked, until stopped. The loop of the flag-fall scheduler, the rating period job and
// the notification worker.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace corrchess::server {

class WakeLoop {
 public:
  // `step` runs on the thread and returns how long to sleep before the next step. A poke runs
  // the next step at once, or `min_poke_interval` after the step before at the earliest: a
  // loop poked by every accepted move then runs once per interval under load, not once per
  // move.
  explicit WakeLoop(std::function<std::chrono::milliseconds()> step,
                    std::chrono::milliseconds min_poke_interval = std::chrono::milliseconds(0))
      : step_(std::move(step)), min_poke_interval_(min_poke_interval) {}
  ~WakeLoop() { stop(); }
  WakeLoop(const WakeLoop&) = delete;
  WakeLoop& operator=(const WakeLoop&) = delete;

  // Starts the thread; the first step runs at once.
  void start();
  // Stops after the current step (joins the thread).
  void stop();
  // Ends the current sleep: the next step runs now (see min_poke_interval). Cheap when the
  // loop is already poked: the thread is not woken again.
  void poke();

 private:
  std::function<std::chrono::milliseconds()> step_;
  const std::chrono::milliseconds min_poke_interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = true;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace corrchess::server
