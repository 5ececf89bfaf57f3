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

// Reads {event_id?, start_date, end_date} (event_id: a string or integer id, or null / absent
// for games outside events).
Result<app::LeaveRequest> leave_request(const json& body) {
  app::LeaveRequest r;
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
  auto created = app::enter_leave(deps, user, *req);
  if (!created) return problem_response(created.error());
  return json_response(201, leave_json(*created, deps.zone));
}

Response delete_leave(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto done = app::cancel_leave(deps, user, id);
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
  auto decided = app::decide_special_leave(deps, user, id, approve, *reason);
  if (!decided) return problem_response(decided.error());
  return json_response(200, leave_json(*decided, deps.zone));
}

Response my_leave(GameServiceDeps& deps, const db::User& user) {
  auto leave = app::my_leave(deps, user);
  if (!leave) return problem_response(leave.error());
  json periods = json::array();
  for (const auto& l : leave->periods) periods.push_back(leave_json(l, deps.zone));
  return json_response(200,
                       {{"periods", periods}, {"balances", leave_balances_json(leave->balances)}});
}

Response pending_requests(GameServiceDeps& deps, const db::User& user) {
  auto pending = app::pending_special_leave(deps, user);
  if (!pending) return problem_response(pending.error());
  json requests = json::array();
  for (const auto& l : *pending) requests.push_back(leave_json(l, deps.zone));
  return json_response(200, {{"requests", requests}});
}

Handler with_leave_id(GameServiceDeps& deps, GameHandler fn) {
  return with_user_id(deps.pool, "leave period", std::move(fn));
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
