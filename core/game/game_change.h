// What one committed change of a game means to the people in it: the pure decision behind
// the live messages (docs/api.md "Live events") and, later, the notifications. Every
// transport and job that changes a game reports it through the same list, so a move made
// over REST, Xfcc or by a conditional reply, and a flag fall stored by the scheduler, tell
// the players the same things.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game/facts.h"
#include "core/game/game.h"

namespace corrchess::game {

enum class NoticeKind {
  kMove,                 // a move was played (ply; by)
  kDrawOffer,            // the move of `ply` carried a draw offer (by)
  kDrawDeclined,         // the standing offer was declined (by)
  kClaim,                // a claim was decided (by, claim, upheld, reason)
  kClock,                // a clock changed outside a move (refill, adjustment, suspension)
  kGameStarted,          // the game went from not started to ongoing
  kAdjudicationPending,  // the event's end date stopped play
  kGameOver,             // the game is over (status, result and termination in the state)
};

struct ChangeNotice {
  NoticeKind kind = NoticeKind::kMove;
  int ply = 0;                     // kMove, kDrawOffer: the ply of the move
  std::optional<Color> by;         // who moved, offered, declined or claimed
  std::optional<ClaimType> claim;  // kClaim
  bool upheld = false;             // kClaim
  std::string reason;              // kClaim
  // kDrawDeclined, kClaim, kClock: the index in the change's `events` of the fact told (for
  // kClock the first clock fact of the change).
  std::optional<std::size_t> event_index;
};

// The notices of one change, in the order they happened: the new `moves` (each followed by
// its draw offer), then what the new `events` mean, then the status transitions from
// `before` to `after` (game started, adjudication pending, game over). A game over is told
// when the status or result changed, or when an ending event was stored (a replay past a
// deadline already shows the flag fall the scheduler is storing). Moves that `after` does
// not contain are skipped. Empty when nothing worth telling happened.
std::vector<ChangeNotice> describe_change(const GameState& before,
                                          const std::vector<MoveFact>& moves,
                                          const std::vector<GameEvent>& events,
                                          const GameState& after);

std::string_view to_string(NoticeKind kind);  // the live message type: "move", "draw_offer", ...

}  // namespace corrchess::game
