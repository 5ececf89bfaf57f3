#include "server/event_feed.h"

#include <nlohmann/json.hpp>

namespace corrchess::server {

std::string with_seq(const std::string& message, std::int64_t seq) {
  auto m = nlohmann::json::parse(message, nullptr, false);
  if (m.is_discarded() || !m.is_object()) m = nlohmann::json{{"type", "unreadable"}};
  m["seq"] = seq;
  return m.dump();
}

void EventFeed::deliver(Step& step, std::int64_t seq, const std::string& message) {
  step.deliver.push_back(with_seq(message, seq));
  last_ = seq;
}

EventFeed::Step EventFeed::on_page(const model::UserEventPage& page, bool full) {
  Step step;
  started_ = true;
  // The store holds a contiguous run of numbers; a page that does not continue from the
  // last delivered number means those in between were pruned meanwhile.
  const bool gone =
      page.missed || (last_ && !page.events.empty() && page.events.front().seq != *last_ + 1);
  if (!last_ || gone) {
    // Nothing asked for, or asked for what is gone: continue after the newest number.
    step.resync = last_.has_value();
    last_ = page.last_seq;
  } else {
    for (const auto& e : page.events) deliver(step, e.seq, e.message);
  }
  if (full && !gone) {
    step.fetch = true;  // more stored: read on (live messages stay held meanwhile)
    return step;
  }
  fetching_ = false;
  drain_held(step);
  if (!fetching_ && reread_) {
    reread_ = false;
    fetching_ = true;
    step.fetch = true;
  }
  return step;
}

void EventFeed::drain_held(Step& step) {
  while (!held_.empty()) {
    auto it = held_.begin();
    if (it->first <= *last_) {
      held_.erase(it);
    } else if (it->first == *last_ + 1) {
      deliver(step, it->first, it->second);
      held_.erase(it);
    } else {
      fetching_ = true;  // a hole before the held ones: read it from the store
      step.fetch = true;
      return;
    }
  }
}

EventFeed::Step EventFeed::on_live(std::int64_t seq, std::string message) {
  Step step;
  if (fetching_) {
    if (held_.size() < kMaxHeld) {
      held_.emplace(seq, std::move(message));
    } else {
      reread_ = true;  // the store has it
    }
    return step;
  }
  if (seq <= *last_) return step;  // delivered already (replayed from the store)
  if (seq == *last_ + 1) {
    deliver(step, seq, message);
    return step;
  }
  held_.emplace(seq, std::move(message));
  fetching_ = true;
  step.fetch = true;
  return step;
}

EventFeed::Step EventFeed::on_possible_loss() {
  Step step;
  if (fetching_) {
    reread_ = true;
  } else {
    fetching_ = true;
    step.fetch = true;
  }
  return step;
}

}  // namespace corrchess::server
