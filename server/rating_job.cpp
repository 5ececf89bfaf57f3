#include "server/rating_job.h"
#include "db/server_clock.h"

#include <algorithm>

#include <spdlog/spdlog.h>

namespace corrchess::server {

std::chrono::milliseconds RatingJob::step() {
  constexpr std::chrono::milliseconds kMaxSleep = std::chrono::seconds(60);
  try {
    auto published = app::publish_due_rating_lists(deps_);
    if (!published) {
      spdlog::error("ratings: {}", published.error().detail);
      return std::chrono::seconds(5);
    }
    metrics_.add("corrchess_rating_lists_published_total", *published,
                 "Rating lists published by the period job of this instance.");
    if (*published > 0) spdlog::info("ratings: published {} rating list(s)", *published);
    // With the manual clock, time moves only on request (which pokes).
    auto next = app::next_rating_publication(deps_);
    if (next && *next && !deps_.clock.is_manual()) {
      const auto wait = std::max<game::Seconds>(0, **next - deps_.clock.now());
      return std::min<std::chrono::milliseconds>(
          kMaxSleep, std::chrono::seconds(wait) + std::chrono::milliseconds(500));
    }
    return kMaxSleep;
  } catch (const std::exception& e) {
    spdlog::error("ratings: {}", e.what());
    return std::chrono::seconds(5);
  }
}

}  // namespace corrchess::server
