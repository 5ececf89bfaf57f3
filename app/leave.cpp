#include "app/leave.h"

#include <map>
#include <set>

#include "app/game_store.h"
#include "app/notifications.h"
#include "app/roles.h"
#include "app/section_start.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/leave.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

using game::Timestamp;

// The rules a leave period in one event (or outside events) is checked against.
struct LeaveContext {
  game::TimeControl control = game::IccfStandard{};
  game::LeavePolicy policy{kDefaultLeaveDaysPerYear};
};

Result<LeaveContext> leave_context(pqxx::work& tx, const model::User& user,
                                   const std::optional<std::int64_t>& event_id) {
  LeaveContext c;
  if (!event_id) return c;
  // Locked: a cancellation committed meanwhile is seen (it cancels the event's leave).
  auto event = db::load_event(tx, *event_id, true);
  if (!event) {  // a body field naming nothing: bad input, not a missing resource
    return fail(ErrorCode::kValidationError, "no event " + std::to_string(*event_id));
  }
  TRY(require_not_cancelled(*event));  // it never starts: no leave in it
  bool plays = false;
  for (const auto& p : db::event_players(tx, *event_id)) {
    if (p.user.id == user.id && p.status == "active") plays = true;
  }
  if (!plays) return fail(ErrorCode::kLeaveNotAllowed, "you do not play in this event");
  c.control = event->settings.time_control;
  c.policy.allowance_days = event->settings.leave_days_per_year;
  return c;
}

// After a leave change: stores the decisions already due in the taker's games, then
// re-derives through the one commit path (refresh_game) the cached state (deadlines,
// on_leave) of the taker's live games in that event and queues a `leave` message to both
// players of each (or only to the taker when `taker_only`, for decisions that change no game).
Result<void> leave_changed(const GameDeps& deps, pqxx::work& tx, const model::StoredLeave& leave,
                           const std::string& change, Timestamp now, bool taker_only = false) {
  // A game already lost on time is over, not re-derived: the decisions due are stored first
  // (with their game-over messages), so no refresh writes a loss without its fact.
  TRY(settle_due_games(deps, tx, {leave.user_id, leave.event_id}));
  for (const auto id : db::live_games_of(tx, leave.user_id, leave.event_id)) {
    auto stored = db::load_game(tx, id, !taker_only);  // locked when its cache changes
    if (!stored) return std::unexpected(stored.error());
    std::vector<std::int64_t> users{leave.user_id};
    if (!taker_only) {
      users = {stored->white.id, stored->black.id};
      TRY_LET(refreshed, refresh_game(deps, tx, std::move(*stored), now));
      queue_leave_notifications(tx, refreshed->stored, refreshed->state, leave.user_id,
                                game::format_date(leave.period.first_day),
                                game::format_date(leave.period.last_day), change, now);
    }
    db::notify_leave_change(tx, id, users, leave, change, now);
  }
  return {};
}

std::string event_key(const std::optional<std::int64_t>& event_id) {
  return event_id ? std::to_string(*event_id) : std::string();
}

std::vector<LeaveBalance> balances_in(const GameDeps& deps, pqxx::work& tx,
                                      const model::User& user) {
  const auto today = deps.zone.local_date(deps.clock.now(tx));
  // Every context the user has leave in or plays in: games outside events, their events.
  std::map<std::string, std::pair<std::optional<std::int64_t>, int>>
      contexts;  // key -> (id, allowance)
  contexts[""] = {std::nullopt, kDefaultLeaveDaysPerYear};
  for (const auto& [id, days] : db::leave_allowance_events(tx, user.id)) {
    contexts[std::to_string(id)] = {id, days};
  }
  std::map<std::string, std::vector<game::LeavePeriod>> periods;
  for (const auto& l : db::user_leave(tx, user.id)) {
    if (l.status == "approved") periods[event_key(l.event_id)].push_back(l.period);
  }
  std::vector<LeaveBalance> out;
  for (const auto& [key, context] : contexts) {
    std::set<int> years{today.year, today.year + 1};
    for (const auto& p : periods[key]) {
      for (int y = p.first_day.year; y <= p.last_day.year; ++y) years.insert(y);
    }
    const game::LeavePolicy policy{context.second};
    for (const int year : years) {
      const auto b = game::leave_balance(periods[key], year, policy, deps.zone);
      out.push_back({context.first, year, policy.allowance_days, b.used_days, b.special_days,
                     b.remaining_days});
    }
  }
  return out;
}

}  // namespace

Result<model::StoredLeave> enter_leave(GameDeps& deps, const model::User& user,
                                       const LeaveRequest& request) {
  const bool special = request.period.special;
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::StoredLeave> {
    TRY_LET(context, leave_context(tx, user, request.event_id));
    const auto now = deps.clock.now(tx);
    // Pending requests count for overlaps (not for the allowance: they are special).
    const auto existing =
        db::leave_periods_of(tx, user.id, request.event_id, {"approved", "pending"});
    TRY(game::validate_leave_request(request.period, existing, context->control, context->policy,
                                     now, deps.zone));
    const auto id = db::insert_leave(tx, user.id, request.event_id, request.period,
                                     special ? "pending" : "approved", now);
    TRY_LET(stored, db::load_leave(tx, id, false));
    if (!special) {
      TRY(leave_changed(deps, tx, *stored, "approved", now));
    }
    return stored;
  });
}

Result<void> cancel_leave(GameDeps& deps, const model::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto leave = db::load_leave(tx, id, true);
    if (!leave || leave->user_id != user.id) {
      return fail(ErrorCode::kNotFound, "no leave period " + std::to_string(id));
    }
    const auto now = deps.clock.now(tx);
    if (leave->status == "pending") {  // a request not decided yet is simply withdrawn
      db::cancel_leave(tx, id);
      return {};
    }
    if (leave->status != "approved") {
      return fail(ErrorCode::kConflict, "the leave period is " + leave->status);
    }
    if (game::validate_leave_cancellation(leave->period, now, deps.zone)) {
      db::cancel_leave(tx, id);
      return leave_changed(deps, tx, *leave, "cancelled", now);
    }
    // Started: only the days not yet started go; today still counts (rules.md §4.5).
    auto ended = game::end_leave_early(leave->period, now, deps.zone);
    if (!ended) {
      return fail(ErrorCode::kConflict, "the leave period is over; past days cannot be cancelled");
    }
    db::end_leave(tx, id, *ended);
    leave->period = *ended;
    return leave_changed(deps, tx, *leave, "ended", now);
  });
}

Result<model::StoredLeave> decide_special_leave(GameDeps& deps, const model::User& director,
                                                std::int64_t id, bool approve,
                                                const std::optional<std::string>& reason) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<model::StoredLeave> {
    TRY_LET(leave, db::load_leave(tx, id, true));
    if (leave->status != "pending") {
      return fail(ErrorCode::kConflict, "the request is " + leave->status + ", not pending");
    }
    const auto now = deps.clock.now(tx);
    if (approve && now >= deps.zone.start_of_day(leave->period.first_day)) {
      // Leave never stops clocks retroactively: a late approval would change past verdicts.
      return fail(ErrorCode::kConflict,
                  "the requested leave has already begun; it can only be rejected (the player "
                  "may ask again for future days)");
    }
    const std::string status = approve ? "approved" : "rejected";
    db::decide_leave(tx, id, status, director.id, reason, now);
    db::write_audit(
        tx, {now, director.id, approve ? "special_leave_approved" : "special_leave_rejected",
             std::nullopt, leave->event_id, leave->user_id, reason.value_or(""),
             model::Fields{{"leave_id", std::to_string(id)},
                           {"start_date", game::format_date(leave->period.first_day)},
                           {"end_date", game::format_date(leave->period.last_day)},
                           {"request_reason", leave->period.reason}}});
    TRY_LET(stored, db::load_leave(tx, id, false));
    TRY(leave_changed(deps, tx, *stored, status, now, !approve));
    return stored;
  });
}

Result<std::vector<LeaveBalance>> leave_balances(GameDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::vector<LeaveBalance>> {
    return balances_in(deps, tx, user);
  });
}

Result<LeaveOverview> my_leave(GameDeps& deps, const model::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<LeaveOverview> {
    return LeaveOverview{db::user_leave(tx, user.id), balances_in(deps, tx, user)};
  });
}

Result<std::vector<model::StoredLeave>> pending_special_leave(GameDeps& deps,
                                                              const model::User& director) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool,
                            [&](pqxx::work& tx) -> Result<std::vector<model::StoredLeave>> {
                              return db::pending_special_leave(tx);
                            });
}

}  // namespace corrchess::app
