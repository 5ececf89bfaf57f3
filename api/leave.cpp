#include "api/leave.h"

#include <map>
#include <set>

#include "api/accounts.h"
#include "api/json_body.h"
#include "app/notifications.h"
#include "core/game/leave.h"
#include "db/events.h"
#include "db/leave.h"
#include "db/live_events.h"
#include "db/transaction.h"

namespace corrchess::api {

namespace {

using game::Timestamp;
using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;

std::string event_key(const std::optional<std::int64_t>& event_id) {
  return event_id ? std::to_string(*event_id) : std::string();
}

json event_id_json(const std::optional<std::int64_t>& event_id) {
  return event_id ? json(std::to_string(*event_id)) : json();
}

json leave_json(const db::StoredLeave& l, const game::TimeZone& zone) {
  json j = {{"id", std::to_string(l.id)},
            {"user", l.username},
            {"event_id", event_id_json(l.event_id)},
            {"start_date", game::format_date(l.period.first_day)},
            {"end_date", game::format_date(l.period.last_day)},
            {"special", l.period.special},
            {"status", l.status},
            {"created_at", game::format_rfc3339(l.created_at)}};
  const auto last = game::effective_last_day(l.period, zone);
  j["days"] = last ? game::days_between(l.period.first_day, *last) + 1 : 0;
  if (!l.period.reason.empty()) j["reason"] = l.period.reason;
  if (l.period.ended_at) j["ended_at"] = game::format_rfc3339(*l.period.ended_at);
  if (l.decided_by) j["decided_by"] = *l.decided_by;
  if (l.decided_at) j["decided_at"] = game::format_rfc3339(*l.decided_at);
  if (l.decision_reason) j["decision_reason"] = *l.decision_reason;
  return j;
}

// The rules a leave period in one event (or outside events) is checked against.
struct LeaveContext {
  game::TimeControl control = game::IccfStandard{};
  game::LeavePolicy policy{kDefaultLeaveDaysPerYear};
};

Result<LeaveContext> leave_context(pqxx::work& tx, const db::User& user,
                                   const std::optional<std::int64_t>& event_id) {
  LeaveContext c;
  if (!event_id) return c;
  auto event = db::load_event(tx, *event_id, false);
  if (!event) {  // a body field naming nothing: bad input, not a missing resource
    return fail(ErrorCode::kValidationError, "no event " + std::to_string(*event_id));
  }
  bool plays = false;
  for (const auto& p : db::event_players(tx, *event_id)) {
    if (p.user.id == user.id && p.status == "active") plays = true;
  }
  if (!plays) return fail(ErrorCode::kLeaveNotAllowed, "you do not play in this event");
  c.control = event->settings.time_control;
  c.policy.allowance_days = event->settings.leave_days_per_year;
  return c;
}

// Reads {event_id?, start_date, end_date} (event_id: a string or integer id, or null / absent
// for games outside events).
struct LeaveRequest {
  std::optional<std::int64_t> event_id;
  game::LeavePeriod period;
};

Result<LeaveRequest> leave_request(const json& body) {
  LeaveRequest r;
  if (body.contains("event_id") && !body["event_id"].is_null()) {
    const auto& v = body["event_id"];
    std::string text;
    if (v.is_number_integer()) {
      text = std::to_string(v.get<long long>());
    } else if (v.is_string()) {
      text = v.get<std::string>();
    } else {
      return fail(ErrorCode::kValidationError, "field 'event_id' must be an event id or null");
    }
    auto id = parse_id(text, "event");
    if (!id) return fail(ErrorCode::kValidationError, "field 'event_id' is not an event id");
    r.event_id = *id;
  }
  for (auto [field, target] :
       {std::pair{"start_date", &r.period.first_day}, std::pair{"end_date", &r.period.last_day}}) {
    auto text = required_string(body, field, 16);
    if (!text) return std::unexpected(text.error());
    auto date = game::parse_date(*text);
    if (!date) {
      return fail(ErrorCode::kValidationError,
                  std::string("field '") + field + "' must be a date YYYY-MM-DD");
    }
    *target = *date;
  }
  return r;
}

// After a leave change: re-derives the cached state (deadlines, on_leave) of the taker's
// live games in that event and queues a `leave` message to both players of each (or only to
// the taker when `taker_only`, for decisions that change no game).
Result<void> leave_changed(GameServiceDeps& deps, pqxx::work& tx, const db::StoredLeave& leave,
                           const std::string& change, Timestamp now, bool taker_only = false) {
  for (const auto id : db::live_games_of(tx, leave.user_id, leave.event_id)) {
    auto stored = db::load_game(tx, id, !taker_only);  // locked when its cache changes
    if (!stored) return std::unexpected(stored.error());
    if (!taker_only) {
      auto game = app::replay_game(deps, *stored, now);
      if (!game) return std::unexpected(game.error());
      db::update_cache(tx, id, game->state());
      app::queue_leave_notifications(tx, *stored, game->state(), leave.user_id,
                                     game::format_date(leave.period.first_day),
                                     game::format_date(leave.period.last_day), change, now);
    }
    json message = {{"type", "leave"},
                    {"game_id", std::to_string(id)},
                    {"at", game::format_rfc3339(now)},
                    {"user", leave.username},
                    {"leave_id", std::to_string(leave.id)},
                    {"start_date", game::format_date(leave.period.first_day)},
                    {"end_date", game::format_date(leave.period.last_day)},
                    {"special", leave.period.special},
                    {"status", change}};
    std::vector<std::int64_t> users{leave.user_id};
    if (!taker_only) users = {stored->white.id, stored->black.id};
    db::notify_game(tx, id, users, json::array({message}));
  }
  return {};
}

Response create_leave(GameServiceDeps& deps, const Request& request, const db::User& user,
                      bool special) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto req = leave_request(*body);
  if (!req) return problem_response(req.error());
  if (special) {
    auto reason = required_string(*body, "reason", kMaxReason, Text::kMultiline);
    if (!reason) return problem_response(reason.error());
    req->period.special = true;
    req->period.reason = *reason;
  }
  auto created = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    auto context = leave_context(tx, user, req->event_id);
    if (!context) return std::unexpected(context.error());
    const auto now = deps.clock.now(tx);
    // Pending requests count for overlaps (not for the allowance: they are special).
    const auto existing = db::leave_periods_of(tx, user.id, req->event_id, {"approved", "pending"});
    if (auto ok = game::validate_leave_request(req->period, existing, context->control,
                                               context->policy, now, deps.zone);
        !ok) {
      return std::unexpected(ok.error());
    }
    const auto id = db::insert_leave(tx, user.id, req->event_id, req->period,
                                     special ? "pending" : "approved", now);
    auto stored = db::load_leave(tx, id, false);
    if (!stored) return std::unexpected(stored.error());
    if (!special) {
      if (auto ok = leave_changed(deps, tx, *stored, "approved", now); !ok) {
        return std::unexpected(ok.error());
      }
    }
    return leave_json(*stored, deps.zone);
  });
  if (!created) return problem_response(created.error());
  return json_response(201, *created);
}

Response delete_leave(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
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
  if (!done) return problem_response(done.error());
  return text_response(204, "application/json", "");
}

Response decide(GameServiceDeps& deps, const Request& request, const db::User& user,
                std::int64_t id, bool approve) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request, true);
  if (!body) return problem_response(body.error());
  auto reason = optional_string(*body, "reason", kMaxReason, Text::kMultiline);
  if (!reason) return problem_response(reason.error());
  auto decided = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    auto leave = db::load_leave(tx, id, true);
    if (!leave) return std::unexpected(leave.error());
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
    db::decide_leave(tx, id, status, user.id, *reason, now);
    db::write_audit(tx,
                    {now, user.id, approve ? "special_leave_approved" : "special_leave_rejected",
                     std::nullopt, leave->event_id, leave->user_id, reason->value_or(""),
                     json{{"leave_id", std::to_string(id)},
                          {"start_date", game::format_date(leave->period.first_day)},
                          {"end_date", game::format_date(leave->period.last_day)},
                          {"request_reason", leave->period.reason}}});
    auto stored = db::load_leave(tx, id, false);
    if (!stored) return std::unexpected(stored.error());
    if (auto ok = leave_changed(deps, tx, *stored, status, now, !approve); !ok) {
      return std::unexpected(ok.error());
    }
    return leave_json(*stored, deps.zone);
  });
  if (!decided) return problem_response(decided.error());
  return json_response(200, *decided);
}

Response my_leave(GameServiceDeps& deps, const db::User& user) {
  auto periods = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    json out = json::array();
    for (const auto& l : db::user_leave(tx, user.id)) out.push_back(leave_json(l, deps.zone));
    return out;
  });
  if (!periods) return problem_response(periods.error());
  auto balances = leave_balances(deps, user);
  if (!balances) return problem_response(balances.error());
  return json_response(200, {{"periods", *periods}, {"balances", *balances}});
}

Response pending_requests(GameServiceDeps& deps, const db::User& user) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto pending = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    json out = json::array();
    for (const auto& l : db::pending_special_leave(tx)) out.push_back(leave_json(l, deps.zone));
    return out;
  });
  if (!pending) return problem_response(pending.error());
  return json_response(200, {{"requests", *pending}});
}

Handler with_leave_id(GameServiceDeps& deps, GameHandler fn) {
  return with_user_id(deps.pool, "leave period", std::move(fn));
}

}  // namespace

Result<nlohmann::json> leave_balances(GameServiceDeps& deps, const db::User& user) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
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
    json out = json::array();
    for (const auto& [key, context] : contexts) {
      std::set<int> years{today.year, today.year + 1};
      for (const auto& p : periods[key]) {
        for (int y = p.first_day.year; y <= p.last_day.year; ++y) years.insert(y);
      }
      const game::LeavePolicy policy{context.second};
      for (const int year : years) {
        const auto b = game::leave_balance(periods[key], year, policy, deps.zone);
        out.push_back({{"event_id", event_id_json(context.first)},
                       {"year", year},
                       {"allowance_days", policy.allowance_days},
                       {"used_days", b.used_days},
                       {"special_days", b.special_days},
                       {"remaining_days", b.remaining_days}});
      }
    }
    return out;
  });
}

void add_leave_routes(Router& router, GameServiceDeps& deps) {
  router.add("GET", "/api/v1/me/leave",
             with_leave_id(deps, [&deps](const Request&, const db::User& u, std::int64_t) {
               return my_leave(deps, u);
             }));
  router.add("POST", "/api/v1/me/leave",
             with_leave_id(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return create_leave(deps, r, u, false);
             }));
  router.add("POST", "/api/v1/me/leave/special",
             with_leave_id(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return create_leave(deps, r, u, true);
             }));
  router.add("DELETE", "/api/v1/me/leave/{id}",
             with_leave_id(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return delete_leave(deps, u, id);
             }));
  router.add("GET", "/api/v1/admin/leave",
             with_leave_id(deps, [&deps](const Request&, const db::User& u, std::int64_t) {
               return pending_requests(deps, u);
             }));
  router.add("POST", "/api/v1/admin/leave/{id}/approve",
             with_leave_id(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return decide(deps, r, u, id, true);
             }));
  router.add("POST", "/api/v1/admin/leave/{id}/reject",
             with_leave_id(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return decide(deps, r, u, id, false);
             }));
}

}  // namespace corrchess::api
