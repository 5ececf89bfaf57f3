#include "server/notifier.h"

#include <spdlog/spdlog.h>

namespace corrchess::server {

namespace {
// Retries fall due on database time, so the queue is looked at this often even unpoked.
constexpr auto kPollInterval = std::chrono::seconds(1);
constexpr int kDeliveryBatch = 20;
}  // namespace

std::chrono::milliseconds Notifier::step() {
  std::chrono::milliseconds pause = kPollInterval;
  try {
    auto counts = app::deliver_due(pool_, clock_, settings_, kDeliveryBatch);
    if (!counts) {
      spdlog::error("notifications: {}", counts.error().detail);
      pause = std::chrono::seconds(5);
    } else {
      for (const auto& [channel, c] :
           {std::pair{"email", counts->email}, std::pair{"webhook", counts->webhook},
            std::pair{"push", counts->push}}) {
        const std::string prefix = std::string("corrchess_notifications_") + channel;
        metrics_.add(prefix + "_sent_total", c.sent,
                     std::string("Deliveries by ") + channel + " that succeeded.");
        metrics_.add(prefix + "_retried_total", c.retried,
                     std::string("Deliveries by ") + channel + " that failed and will be retried.");
        metrics_.add(prefix + "_failed_total", c.failed,
                     std::string("Deliveries by ") + channel +
                         " given up (GET /api/v1/admin/notifications/failed).");
        if (c.failed > 0)
          spdlog::warn("notifications: gave up {} {} deliveries", c.failed, channel);
      }
      // A full batch: more may be due right away.
      if (counts->handled() >= kDeliveryBatch) {
        pause = std::chrono::seconds(0);
      }
    }
  } catch (const std::exception& e) {
    spdlog::error("notifications: {}", e.what());
    pause = std::chrono::seconds(5);
  }
  return pause;
}

}  // namespace corrchess::server
