#include "core/game/game_change.h"

namespace corrchess::game {

namespace {

ChangeNotice notice(NoticeKind kind, int ply = 0, std::optional<Color> by = std::nullopt) {
  ChangeNotice n;
  n.kind = kind;
  n.ply = ply;
  n.by = by;
  return n;
}

}  // namespace

std::vector<ChangeNotice> describe_change(const GameState& before,
                                          const std::vector<MoveFact>& moves,
                                          const std::vector<GameEvent>& events,
                                          const GameState& after) {
  std::vector<ChangeNotice> notices;
  for (const auto& fact : moves) {
    const MoveView* view = after.view_of(fact.ply);
    if (view == nullptr) continue;
    const auto& m = *view;
    notices.push_back(notice(NoticeKind::kMove, m.ply, m.side));
    if (m.offer_draw) notices.push_back(notice(NoticeKind::kDrawOffer, m.ply, m.side));
  }
  std::optional<std::size_t> clock_event;
  bool ending_event = false;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const auto& e = events[i];
    switch (e.kind) {
      case EventKind::kFlagFall:
      case EventKind::kResultSet:
      case EventKind::kAnnulled:
      case EventKind::kAborted:
      case EventKind::kDrawAccepted:
      case EventKind::kResigned: ending_event = true; break;
      case EventKind::kDrawDeclined: {
        auto n = notice(NoticeKind::kDrawDeclined, 0, e.side);
        n.event_index = i;
        notices.push_back(std::move(n));
        break;
      }
      case EventKind::kClaim: {
        auto n = notice(NoticeKind::kClaim, 0, e.side);
        n.event_index = i;
        n.claim = e.claim_type;
        n.upheld = e.upheld.value_or(false);
        n.reason = e.reason;
        notices.push_back(std::move(n));
      }
        ending_event = ending_event || e.upheld.value_or(false);
        break;
      case EventKind::kClockRefill:
      case EventKind::kClockAdjusted:
      case EventKind::kSuspended:
      case EventKind::kResumed:
        if (!clock_event) clock_event = i;
        break;
      case EventKind::kAdjudicationPending: break;  // told from the status below
    }
  }
  if (clock_event) {
    auto n = notice(NoticeKind::kClock);
    n.event_index = clock_event;
    notices.push_back(std::move(n));
  }
  if (before.status == GameStatus::kNotStarted && after.status == GameStatus::kOngoing) {
    notices.push_back(notice(NoticeKind::kGameStarted));
  }
  if (after.status == GameStatus::kAdjudicationPending &&
      before.status != GameStatus::kAdjudicationPending) {
    notices.push_back(notice(NoticeKind::kAdjudicationPending));
  }
  const bool result_changed = before.result != after.result || before.status != after.status;
  if (is_over(after.status) && (result_changed || ending_event)) {
    notices.push_back(notice(NoticeKind::kGameOver));
  }
  return notices;
}

std::string_view to_string(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::kMove: return "move";
    case NoticeKind::kDrawOffer: return "draw_offer";
    case NoticeKind::kDrawDeclined: return "draw_declined";
    case NoticeKind::kClaim: return "claim";
    case NoticeKind::kClock: return "clock";
    case NoticeKind::kGameStarted: return "game_started";
    case NoticeKind::kAdjudicationPending: return "adjudication_pending";
    case NoticeKind::kGameOver: return "game_over";
  }
  return "unknown";
}

}  // namespace corrchess::game
