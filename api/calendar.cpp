#include "api/calendar.h"

#include "api/pipeline.h"
#include "app/calendar.h"
#include "core/calendar/ical.h"

namespace corrchess::api {

namespace {

constexpr const char* kFeedPath = "/api/v1/calendar/";

Result<Response> create_feed(GameServiceDeps& deps, const Call& c) {
  TRY_LET(token, app::create_calendar_feed(deps, c.caller()));
  const std::string url = request_base_url(c.request) + kFeedPath + *token + ".ics";
  Response r = json_response(201, {{"url", url}});
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

Result<Response> feed_state(GameServiceDeps& deps, const Call& c) {
  TRY_LET(feed, app::calendar_feed(deps, c.caller()));
  if (!*feed) return json_response(200, {{"active", false}});
  return json_response(
      200, {{"active", true}, {"created_at", game::format_rfc3339((*feed)->created_at)}});
}

Result<Response> serve_feed(GameServiceDeps& deps, const Call& c) {
  TRY_LET(calendar,
          app::deadline_calendar(deps, c.params.at("token"), request_base_url(c.request)));
  Response r = text_response(200, "text/calendar; charset=utf-8", ical::render(*calendar));
  r.headers.emplace_back("Content-Disposition", "inline; filename=\"corrchess.ics\"");
  r.headers.emplace_back("Cache-Control", "private, no-cache");
  return r;
}

}  // namespace

void add_calendar_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "calendar");
  routes.add({"POST", "/api/v1/me/calendar", Access::kUser,
              Doc("Create (or rotate) one's private deadline calendar address", 201,
                  "{url}: the address of the iCalendar feed, shown this once (only its hash "
                  "is stored); an address made before stops working")},
             [&deps](const Call& c) { return create_feed(deps, c); });
  routes.add({"GET", "/api/v1/me/calendar", Access::kUser,
              Doc("Whether one has a deadline calendar address", 200,
                  "{active: false} or {active: true, created_at} (the address itself is not "
                  "kept: rotate to see a new one)")},
             [&deps](const Call& c) { return feed_state(deps, c); });
  routes.add({"DELETE", "/api/v1/me/calendar", Access::kUser,
              Doc("Revoke one's deadline calendar address", 204,
                  "nothing; the address answers 404 from now on (also 204 when there was none)")},
             [&deps](const Call& c) {
               return no_content_after(app::revoke_calendar_feed(deps, c.caller()));
             });
  routes.add({"GET", "/api/v1/calendar/{token}.ics", Access::kNone,
              Doc("The deadline calendar (iCalendar, RFC 5545), by its secret address alone", 200,
                  "text/calendar: one VEVENT per deadline (flag instants of ongoing games, "
                  "adjudication claim windows, event starts and ends, leave periods) with "
                  "stable UIDs; 404 not_found for an unknown or revoked address")
                  .as("text/calendar")},
             [&deps](const Call& c) { return serve_feed(deps, c); });
}

}  // namespace corrchess::api
