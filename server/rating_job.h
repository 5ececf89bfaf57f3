// The rating period job: publishes each finished rating period's lists (app/ratings) once,
// whichever instance gets there first. It runs at start (catching up every period that
// ended while no server ran), then sleeps until the current period ends (at most a minute,
// so wall-clock jumps are noticed), and wakes early when poked: with the manual test clock
// time only moves on request, and every move of it pokes.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

#include "api/metrics.h"
#include "app/ratings.h"

namespace corrchess::server {

class RatingJob {
 public:
  RatingJob(app::RatingDeps& deps, api::Metrics& metrics) : deps_(deps), metrics_(metrics) {}
  ~RatingJob() { stop(); }
  void start();
  void stop();
  // The clock moved or games finished: check for due periods now.
  void poke();

 private:
  void run();

  app::RatingDeps& deps_;
  api::Metrics& metrics_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = true;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace corrchess::server
