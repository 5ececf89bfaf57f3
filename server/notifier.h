// The notification delivery worker (one per instance): sends what the outbox has due
// (app::deliver_due), then waits a second or until poked (a game changed, the manual clock
// moved). Instances share the work through the outbox's row locks.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

#include "api/metrics.h"
#include "app/notification_delivery.h"

namespace corrchess::server {

class Notifier {
 public:
  Notifier(db::Pool& pool, db::ServerClock& clock, app::DeliverySettings settings,
           api::Metrics& metrics)
      : pool_(pool), clock_(clock), settings_(std::move(settings)), metrics_(metrics) {}
  ~Notifier() { stop(); }
  void start();
  void stop();
  void poke();

 private:
  void run();

  db::Pool& pool_;
  db::ServerClock& clock_;
  app::DeliverySettings settings_;
  api::Metrics& metrics_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = true;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace corrchess::server
