// The rating period job: publishes each finished rating period's lists (app/ratings) once,
// whichever instance gets there first. It runs at start (catching up every period that
// ended while no server ran), then sleeps until the current period ends (at most a minute,
// so wall-clock jumps are noticed), and wakes early when poked: with the manual test clock
// time only moves on request, and every move of it pokes.
#pragma once

#include <chrono>

#include "api/metrics.h"
#include "app/ratings.h"
#include "server/wake_loop.h"

namespace corrchess::server {

class RatingJob {
 public:
  RatingJob(app::RatingDeps& deps, api::Metrics& metrics)
      : deps_(deps), metrics_(metrics), loop_([this] { return step(); }) {}
  void start() { loop_.start(); }
  void stop() { loop_.stop(); }
  // The clock moved: check for due periods now.
  void poke() { loop_.poke(); }

 private:
  // Publishes what is due; how long to sleep.
  std::chrono::milliseconds step();

  app::RatingDeps& deps_;
  api::Metrics& metrics_;
  WakeLoop loop_;  // last: its thread stops before the members it uses go
};

}  // namespace corrchess::server
