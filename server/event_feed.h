// The numbered live messages of one connection (WebSocket or ndjson stream): which have
// been delivered, which arrived live while stored ones were being read, and when to read the
// store. Pure bookkeeping, no I/O; the session runs it on its strand.
//
// Every message addressed to a user carries that user's next number (db/live_events.h). A
// connection starts by reading the store (from `since`, or only the newest number), holds
// the live messages that arrive meanwhile, and then delivers in number order: each number
// exactly once, none skipped. A live number beyond the next one means a message went
// missing on the way (the LISTEN connection dropped): the store is read again from the last
// delivered number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/live_events.h"

namespace corrchess::server {

class EventFeed {
 public:
  // Live messages held while the store is read; beyond that they are dropped and read from
  // the store instead (they are all stored, being committed before they were announced).
  static constexpr std::size_t kMaxHeld = 1024;

  struct Step {
    std::vector<std::string> deliver;  // in this order, each with its "seq" set
    bool fetch = false;   // read the store: user_events_after(fetch_from(), page limit)
    bool resync = false;  // `since` was older than what is kept: tell the client
  };

  // `since`: the last number the client saw, if it said.
  explicit EventFeed(std::optional<std::int64_t> since) : last_(since) {}

  // The number to read the store after (nullopt: only ask for the newest number).
  std::optional<std::int64_t> fetch_from() const { return last_; }
  // The last number delivered (or skipped by a resync); known after the first page.
  std::optional<std::int64_t> last() const { return last_; }
  bool started() const { return started_; }

  // A page read from the store; `full`: it had as many events as asked for.
  Step on_page(const model::UserEventPage& page, bool full);
  // A live message numbered `seq` (the JSON object without its number).
  Step on_live(std::int64_t seq, std::string message);
  // Messages may have been lost on the way (the LISTEN connection was re-established).
  Step on_possible_loss();

 private:
  // Delivers the held messages that continue the sequence; a hole starts a read.
  void drain_held(Step& step);
  void deliver(Step& step, std::int64_t seq, const std::string& message);

  std::optional<std::int64_t> last_;
  bool started_ = false;  // the first page was read
  bool fetching_ = true;  // a read of the store is under way (the first one at once)
  bool reread_ = false;   // read again once the current read is done
  std::map<std::int64_t, std::string> held_;
};

// `message` (a JSON object) with "seq": seq added.
std::string with_seq(const std::string& message, std::int64_t seq);

}  // namespace corrchess::server
