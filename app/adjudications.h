// The directors' adjudication queue (docs/api.md "/admin"): every event game awaiting
// adjudication (rules.md §5.4), across all events, with the claims filed in it and what the
// server can prove about each position (core/game/evidence.h, rules.md 6.5). Directors (td
// and admin) direct every event of the server, so the queue is the same for all of them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "app/games.h"
#include "core/error.h"
#include "core/game/evidence.h"
#include "model/events.h"
#include "model/users.h"

namespace corrchess::app {

// The legality of the line given with an adjudication claim, by (game id, side).
using ClaimLines = std::map<std::pair<std::int64_t, game::Color>, game::LineCheck>;

// The most games a page of the queue holds.
inline constexpr int kMaxAdjudicationsPerPage = 200;
// Which games of the queue to read: those after `after` (the cursor of the page before; none:
// from the longest waiting), at most `limit` (1..kMaxAdjudicationsPerPage; none: every game
// to the end, the whole queue as before paging existed).
struct AdjudicationPage {
  std::optional<model::AdjudicationCursor> after;
  std::optional<int> limit;
};

struct AdjudicationQueue {
  std::vector<model::PendingAdjudication> games;  // the page, the longest waiting first
  std::vector<model::AdjudicationClaim> claims;   // filed in those games
  game::Timestamp now;                            // server clock, for ages and claim windows
  std::map<std::int64_t, game::PositionEvidence> evidence;  // by game id, one per game
  ClaimLines lines;                               // for each claim whose analysis holds a line
  std::int64_t total = 0;                         // games in the whole queue, on every page
  std::optional<model::AdjudicationCursor> next;  // of the next page; none: the last page
};

// A page of the queue as of the server's now: due decisions (event end dates passed) are
// settled first, so a game whose end date just passed is in it whether or not the sweep has
// run. The evidence and the claims' lines are those of the page's games alone: a waiting
// game's are computed once and kept in the database (migration 0034): later reads, on any
// instance, read them back while the game stands at the same ply, the server is the same
// version and the claims' analyses are those checked. kForbidden unless `user` is a
// director; kValidationError for a limit out of range.
Result<AdjudicationQueue> adjudication_queue(GameDeps& deps, const model::User& user,
                                             const AdjudicationPage& page = {});

// The evidence on one game's current position (any status), with the lines of the
// adjudication claims filed in it.
struct GameEvidence {
  std::int64_t game_id = 0;
  int ply = 0;
  std::string fen;
  game::PositionEvidence evidence;
  std::vector<model::AdjudicationClaim> claims;
  ClaimLines lines;
};
// kForbidden unless `user` is a director; kNotFound for no such game.
Result<GameEvidence> game_evidence(GameDeps& deps, const model::User& user, std::int64_t game_id);

// Turns the event's automatic adjudication on or off (audited `auto_adjudication_changed`
// with the reason). Turning it on decides at once the event's games already awaiting
// adjudication whose position the evidence proves; returns how many. kForbidden unless
// `director` is one; kNotFound for no such event.
Result<int> set_auto_adjudication(GameDeps& deps, const model::User& director,
                                  std::int64_t event_id, bool enabled, const std::string& reason);

}  // namespace corrchess::app
