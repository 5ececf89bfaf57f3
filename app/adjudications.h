// The directors' adjudication queue (docs/api.md "/admin"): every event game awaiting
// adjudication (rules.md §5.4), across all events, with the claims filed in it. Directors
// (td and admin) direct every event of the server, so the queue is the same for all of them.
#pragma once

#include <vector>

#include "app/games.h"
#include "core/error.h"
#include "model/events.h"
#include "model/users.h"

namespace corrchess::app {

struct AdjudicationQueue {
  std::vector<model::PendingAdjudication> games;  // the longest waiting first
  std::vector<model::AdjudicationClaim> claims;   // filed in those games
  game::Timestamp now;                            // server clock, for ages and claim windows
};

// The queue as of the server's now: due decisions (event end dates passed) are settled first,
// so a game whose end date just passed is in it whether or not the sweep has run.
// kForbidden unless `user` is a director.
Result<AdjudicationQueue> adjudication_queue(GameDeps& deps, const model::User& user);

}  // namespace corrchess::app
