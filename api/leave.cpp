#include "api/leave.h"

#include "api/accounts.h"
#include "api/json_body.h"
#include "core/game/leave.h"

namespace corrchess::api {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;

json event_id_json(const std::optional<std::int64_t>& event_id) {
  return event_id ? json(std::to_string(*event_id)) : json();
}

json leave_json(const model::StoredLeave& l, const game::TimeZone& zone) {
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

// Reads {event_id?, start_date, end_date} (event_id: null or absent for games outside events).
Result<app::LeaveRequest> leave_request(const json& body) {
  app::LeaveRequest r;
  TRY_LET(event_id, optional_id(body, "event_id", "event"));
  r.event_id = *event_id;
  for (auto [field, target] :
       {std::pair{"start_date", &r.period.first_day}, std::pair{"end_date", &r.period.last_day}}) {
    TRY_LET(text, required_string(body, field, 16));
    auto date = game::parse_date(*text);
    if (!date) {
      return fail(ErrorCode::kValidationError,
                  std::string("field '") + field + "' must be a date YYYY-MM-DD");
    }
    *target = *date;
  }
  return r;
}

// POST /me/leave: {event_id?, start_date, end_date}.
using LeaveBody = ParsedBody<leave_request>;

// POST /me/leave/special: the same with a reason.
struct SpecialLeaveBody {
  app::LeaveRequest leave;

  static Result<SpecialLeaveBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto leave = in.take(leave_request(body));
    leave.period.special = true;
    leave.period.reason = in.nonblank_text("reason", kMaxReason);
    return in.finish(SpecialLeaveBody{leave});
  }
};

// POST /admin/leave/{id}/approve, /reject: {reason?}.
using DecisionBody = OptionalReasonBody<kMaxReason>;

// The period `leave` with `status`, or its error.
Result<Response> leave_answer(GameServiceDeps& deps, const Result<model::StoredLeave>& leave,
                              int status) {
  return json_after(
      leave, [&deps](const model::StoredLeave& l) { return leave_json(l, deps.zone); }, status);
}

Result<Response> create_leave(GameServiceDeps& deps, const model::User& user,
                              const app::LeaveRequest& request) {
  return leave_answer(deps, app::enter_leave(deps, user, request), 201);
}

Result<Response> decide(GameServiceDeps& deps, const Call& call, const DecisionBody& body,
                        bool approve) {
  return leave_answer(
      deps, app::decide_special_leave(deps, call.caller(), call.id, approve, body.reason), 200);
}

Result<Response> my_leave(GameServiceDeps& deps, const model::User& user) {
  TRY_LET(leave, app::my_leave(deps, user));
  json periods = json::array();
  for (const auto& l : leave->periods) periods.push_back(leave_json(l, deps.zone));
  return json_response(200,
                       {{"periods", periods}, {"balances", leave_balances_json(leave->balances)}});
}

Result<Response> pending_requests(GameServiceDeps& deps, const model::User& user) {
  TRY_LET(pending, app::pending_special_leave(deps, user));
  json requests = json::array();
  for (const auto& l : *pending) requests.push_back(leave_json(l, deps.zone));
  return json_response(200, {{"requests", requests}});
}

}  // namespace

json leave_balances_json(const std::vector<app::LeaveBalance>& balances) {
  json out = json::array();
  for (const auto& b : balances) {
    out.push_back({{"event_id", event_id_json(b.event_id)},
                   {"year", b.year},
                   {"allowance_days", b.allowance_days},
                   {"used_days", b.used_days},
                   {"special_days", b.special_days},
                   {"remaining_days", b.remaining_days}});
  }
  return out;
}

void add_leave_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "leave");
  routes.add({"GET", "/api/v1/me/leave", kUser,
              Doc("The caller's leave periods and balances", 200,
                  "{periods: [LeavePeriod], balances: [{event_id, year, allowance_days, used_days, "
                  "special_days, remaining_days}]}")},
             [&deps](const Call& c) { return my_leave(deps, c.caller()); });
  routes.add(
      {"POST", "/api/v1/me/leave", kUser,
       Doc("Take leave (future whole days, server zone)", 201,
           "the period {id, user, event_id, start_date, end_date, days, special, status, ...}")
           .in({{"event_id", "string", false, "the event; null or absent: games outside events"},
                {"start_date", "string", true, "YYYY-MM-DD, tomorrow or later"},
                {"end_date", "string", true, "YYYY-MM-DD"}},
               {{"event_id", "1"}, {"start_date", "2030-07-01"}, {"end_date", "2030-07-14"}})},
      BodyHandler<LeaveBody>([&deps](const Call& c, LeaveBody&& b) {
        return create_leave(deps, c.caller(), b.value);
      }));
  routes.add({"POST", "/api/v1/me/leave/special", kUser,
              Doc("Ask the director for special leave beyond the allowance", 201,
                  "the request (status pending)")
                  .in({{"event_id", "string", false, "null or absent: games outside events"},
                       {"start_date", "string", true, "YYYY-MM-DD"},
                       {"end_date", "string", true, "YYYY-MM-DD"},
                       {"reason", "string", true, "why"}},
                      {{"event_id", "1"},
                       {"start_date", "2030-07-01"},
                       {"end_date", "2030-08-31"},
                       {"reason", "surgery"}})},
             BodyHandler<SpecialLeaveBody>([&deps](const Call& c, SpecialLeaveBody&& b) {
               return create_leave(deps, c.caller(), b.leave);
             }));
  routes.add(
      {"DELETE", "/api/v1/me/leave/{id}", kUser, kLeave,
       Doc("Cancel the days not yet started (a running period ends today)", 204, "no content")},
      no_content_command(deps, app::cancel_leave));
  routes.add(
      {"GET", "/api/v1/admin/leave", kDirector,
       Doc("Special leave requests waiting for a decision", 200, "{requests: [LeavePeriod]}")},
      [&deps](const Call& c) { return pending_requests(deps, c.caller()); });
  routes.add({"POST", "/api/v1/admin/leave/{id}/approve", kDirector, kLeave,
              Doc("Grant special leave (before its first day)", 200, "the period")
                  .in({{"reason", "string", false, ""}}, json::object())},
             BodyHandler<DecisionBody>(
                 [&deps](const Call& c, DecisionBody&& b) { return decide(deps, c, b, true); }));
  routes.add({"POST", "/api/v1/admin/leave/{id}/reject", kDirector, kLeave,
              Doc("Refuse special leave", 200, "the period")
                  .in({{"reason", "string", false, ""}}, {{"reason", "not covered by the rules"}})},
             BodyHandler<DecisionBody>(
                 [&deps](const Call& c, DecisionBody&& b) { return decide(deps, c, b, false); }));
}

}  // namespace corrchess::api
