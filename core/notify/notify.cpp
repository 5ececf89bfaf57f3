#include "core/notify/notify.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/game/game_change.h"
#include "core/game/time_control.h"

namespace corrchess::notify {

namespace {

constexpr std::array<std::pair<Kind, std::string_view>, 12> kKindNames = {{
    {Kind::kOpponentMoved, "opponent_moved"},
    {Kind::kDrawDeclined, "draw_declined"},
    {Kind::kClaimDecided, "claim_decided"},
    {Kind::kGameOver, "game_over"},
    {Kind::kGameStarted, "game_started"},
    {Kind::kChallengeReceived, "challenge_received"},
    {Kind::kDeadlineReminder, "deadline_reminder"},
    {Kind::kSilenceReminder, "silence_reminder"},
    {Kind::kDirectorDecision, "director_decision"},
    {Kind::kAdjudicationPending, "adjudication_pending"},
    {Kind::kOpponentLeave, "opponent_leave"},
    {Kind::kCompetition, "competition"},
}};

}  // namespace

std::string_view to_string(Kind k) {
  for (const auto& [kind, name] : kKindNames) {
    if (kind == k) return name;
  }
  return "unknown";
}

std::string_view to_string(Channel c) {
  switch (c) {
    case Channel::kEmail: return "email";
    case Channel::kWebhook: return "webhook";
    case Channel::kPush: return "push";
  }
  return "email";
}

std::optional<Kind> parse_kind(std::string_view text) {
  for (const auto& [kind, name] : kKindNames) {
    if (name == text) return kind;
  }
  return std::nullopt;
}

std::optional<Channel> parse_channel(std::string_view text) {
  if (text == "email") return Channel::kEmail;
  if (text == "webhook") return Channel::kWebhook;
  if (text == "push") return Channel::kPush;
  return std::nullopt;
}

bool wants(const Preferences& prefs, Kind kind, Channel channel) {
  return std::ranges::find(prefs.disabled, std::pair{kind, channel}) == prefs.disabled.end();
}

Result<std::vector<game::Seconds>> checked_reminder_offsets(std::vector<game::Seconds> offsets) {
  if (offsets.size() > kMaxReminderOffsets) {
    return fail(ErrorCode::kValidationError,
                "at most " + std::to_string(kMaxReminderOffsets) + " reminder times");
  }
  for (const auto o : offsets) {
    if (o < kMinReminderOffset || o > kMaxReminderOffset) {
      return fail(ErrorCode::kValidationError,
                  "reminder times must be between 1 hour and 60 days before the deadline");
    }
  }
  std::ranges::sort(offsets, std::greater<>());
  if (std::ranges::adjacent_find(offsets) != offsets.end()) {
    return fail(ErrorCode::kValidationError, "reminder times must differ");
  }
  return offsets;
}

std::vector<Notice> game_notices(const game::GameState& before,
                                 const std::vector<game::MoveFact>& moves,
                                 const std::vector<game::GameEvent>& events,
                                 const game::GameState& after) {
  using game::NoticeKind;
  std::vector<Notice> out;
  auto both = [&](Kind kind, std::size_t event_index = 0) {
    for (const auto c : {game::Color::kWhite, game::Color::kBlack}) {
      out.push_back({kind, c, 0, event_index});
    }
  };
  // The same reading of the change as the live messages (game::describe_change), so that
  // whatever a player sees live, by whatever path the change came, is also what is mailed.
  for (const auto& n : game::describe_change(before, moves, events, after)) {
    switch (n.kind) {
      case NoticeKind::kMove:
        if (n.by) out.push_back({Kind::kOpponentMoved, ~*n.by, n.ply, 0});
        break;
      case NoticeKind::kDrawOffer: break;  // told with the move that carries it
      case NoticeKind::kDrawDeclined:
        if (n.by) out.push_back({Kind::kDrawDeclined, ~*n.by, 0, n.event_index.value_or(0)});
        break;
      case NoticeKind::kClaim: both(Kind::kClaimDecided, n.event_index.value_or(0)); break;
      case NoticeKind::kClock: {
        // A director's adjustment, suspension or resumption; a player's own refill is not news.
        const auto i = n.event_index.value_or(events.size());
        if (i < events.size() && events[i].kind != game::EventKind::kClockRefill) {
          both(Kind::kDirectorDecision, i);
        }
        break;
      }
      case NoticeKind::kGameStarted: both(Kind::kGameStarted); break;
      case NoticeKind::kAdjudicationPending: both(Kind::kAdjudicationPending); break;
      case NoticeKind::kGameOver: both(Kind::kGameOver); break;
    }
  }
  return out;
}

std::vector<Reminder> reminders_after(std::int64_t game_id, const game::GameSetup& setup,
                                      const game::GameState& after, game::Timestamp now,
                                      const std::vector<game::Seconds>& offsets) {
  std::vector<Reminder> out;
  if (after.status != game::GameStatus::kOngoing || after.suspended) return out;
  const auto to = after.to_move;
  const auto& clock = after.clock_of(to);
  const std::string prefix = std::to_string(game_id) + ":" + std::string(game::color_name(to)) +
                             ":" + std::to_string(after.ply) + ":";
  if (clock.deadline) {
    for (const auto before : offsets) {
      const auto due = *clock.deadline - before;
      if (due <= now) continue;
      Reminder r;
      r.kind = Kind::kDeadlineReminder;
      r.to = to;
      r.due = due;
      r.deadline = *clock.deadline;
      r.before = before;
      r.dedupe_key = "deadline:" + prefix + std::to_string(due.unix_seconds());
      out.push_back(std::move(r));
    }
  }
  if (setup.rules.silence_rule && game::silence_rule_applies(setup.time_control)) {
    const auto turn_start = after.last_move_at().value_or(setup.start_at);
    for (const int d : kSilenceReminderDays) {
      const auto due = turn_start + game::days(d);
      if (due <= now) continue;
      // A reminder after the flag has fallen would be pointless.
      if (clock.deadline && due >= *clock.deadline) continue;
      Reminder r;
      r.kind = Kind::kSilenceReminder;
      r.to = to;
      r.due = due;
      r.silent_days = d;
      r.copy_director = d == kSilenceDirectorCopyDays;
      r.dedupe_key = "silence:" + prefix + std::to_string(d);
      out.push_back(std::move(r));
    }
  }
  return out;
}

bool digested(Kind kind) {
  return std::ranges::find(kDigestedKinds, kind) != std::end(kDigestedKinds);
}

game::Timestamp next_digest_at(game::Timestamp now, const game::TimeZone& zone, int hour) {
  auto date = zone.local_date(now);
  for (int i = 0; i < 3; ++i) {
    // The clocks of the zone at that hour (not local midnight plus `hour` hours, which is an
    // hour off on the days the clocks change).
    const auto at = zone.local_hour(date, hour);
    if (at > now) return at;
    date = game::add_days(date, 1);
  }
  return now + game::kSecondsPerDay;
}

game::Seconds retry_delay(const RetryPolicy& policy, int attempt, double random_unit) {
  const int doublings = std::clamp(attempt - 1, 0, 30);
  double delay = static_cast<double>(policy.base) * std::ldexp(1.0, doublings);
  delay = std::min(delay, static_cast<double>(policy.cap));
  const double jitter = delay / 4 * std::clamp(random_unit, 0.0, 1.0);
  return std::max<game::Seconds>(1, static_cast<game::Seconds>(delay + jitter));
}

}  // namespace corrchess::notify
