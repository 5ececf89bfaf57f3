// The notification delivery worker (one per instance): sends what the outbox has due
// (app::deliver_due), then waits a second or until poked (a game changed, the manual clock
// moved; at most one poked round per kMinPokeInterval, as every accepted move pokes).
// Instances share the work through the outbox's row locks.
#pragma once

#include <chrono>

#include "api/metrics.h"
#include "app/notification_delivery.h"
#include "server/wake_loop.h"

namespace corrchess::server {

class Notifier {
 public:
  Notifier(db::Pool& pool, db::ServerClock& clock, app::DeliverySettings settings,
           api::Metrics& metrics)
      : pool_(pool), clock_(clock), settings_(std::move(settings)), metrics_(metrics) {}
  ~Notifier() { stop(); }
  void start() { loop_.start(); }
  void stop() { loop_.stop(); }
  void poke() { loop_.poke(); }

 private:
  // One round of deliveries; how long to wait before the next one.
  std::chrono::milliseconds step();

  db::Pool& pool_;
  db::ServerClock& clock_;
  app::DeliverySettings settings_;
  api::Metrics& metrics_;
  static constexpr std::chrono::milliseconds kMinPokeInterval{100};
  WakeLoop loop_{[this] { return step(); }, kMinPokeInterval};
};

}  // namespace corrchess::server
