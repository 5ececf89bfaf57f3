#include "api/events.h"

#include <algorithm>
#include <iterator>

#include "api/event_requests.h"
#include "api/event_views.h"
#include "api/json_body.h"
#include "api/paging.h"
#include "api/rule_settings.h"
#include "app/event_changes.h"
#include "app/event_crosstable.h"
#include "app/event_workflows.h"
#include "app/events.h"

namespace corrchess::api {

namespace {

using game::Timestamp;
using nlohmann::json;

Result<Response> show_event(GameServiceDeps& deps, const model::User& user, std::int64_t id,
                            app::EventRead read, int status = 200) {
  TRY_LET(view, app::read_event(deps, id, read));
  return json_response(status, event_json(*view, user));
}

// The event page after a command that succeeded, or the command's error.
Result<Response> shown_after(GameServiceDeps& deps, const Call& call, const Result<void>& done,
                             int status = 200) {
  if (!done) return std::unexpected(done.error());
  return show_event(deps, call.caller(), call.id, app::EventRead::kAfterCommand, status);
}

Result<Response> create_event(GameServiceDeps& deps, const model::User& user, NewEventBody&& body) {
  TRY_LET(id, app::create_event(deps, user, std::move(body.value)));
  return show_event(deps, user, *id, app::EventRead::kAfterCommand, 201);
}

Result<Response> list_events(GameServiceDeps& deps, const Request& request) {
  app::EventListQuery query;
  if (auto it = request.query.find("status"); it != request.query.end()) query.status = it->second;
  // The cursor: the id of the page's last event.
  TRY_LET(page, page_query(request, app::kMaxEventsPerPage, 1));
  query.limit = page->limit.value_or(query.limit);
  if (!page->after.empty()) query.before = page->after[0];
  TRY_LET(listed, app::list_events(deps, query));
  json events = json::array();
  for (const auto& e : listed->events) events.push_back(summary_json(e.event, e.status, e.players));
  std::vector<std::int64_t> next;
  if (listed->next) next.push_back(*listed->next);
  return json_response(
      200, {{"events", events}, {"total", listed->total}, {"next_cursor", next_cursor_json(next)}});
}

std::vector<FieldDoc> events_query_doc() {
  std::vector<FieldDoc> out{
      {"status", "string", false, "registration, running, finished, cancelled or all (default)"}};
  std::ranges::move(page_query_doc("1..500, default 500"), std::back_inserter(out));
  return out;
}

Result<Response> join(GameServiceDeps& deps, const model::User& user, std::int64_t id) {
  std::optional<Timestamp> barred_until;
  auto done = app::join_event(deps, user, id, barred_until);
  if (!done) {
    Error error = done.error();
    if (barred_until)
      error = std::move(error).with("barred_until", game::format_rfc3339(*barred_until));
    return std::unexpected(std::move(error));
  }
  return show_event(deps, user, id, app::EventRead::kAfterCommand, 201);
}

Result<Response> crosstable(GameServiceDeps& deps, const Request& request, std::int64_t id) {
  std::string format = "json";
  if (auto it = request.query.find("format"); it != request.query.end()) format = it->second;
  if (format != "json" && format != "text" && format != "html") {
    return fail(ErrorCode::kValidationError, "format must be json, text or html");
  }
  TRY_LET(view, app::read_event(deps, id, app::EventRead::kPage));
  TRY_LET(table, app::section_crosstable(view->players, view->games));
  if (format == "text") {
    return text_response(200, "text/plain; charset=utf-8",
                         view->event.settings.name + "\n\n" + game::render_crosstable_text(*table));
  }
  if (format == "html") {
    const auto title = game::html_escape(view->event.settings.name);
    return text_response(
        200, "text/html; charset=utf-8",
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title +
            "</title><style>table.crosstable{border-collapse:collapse;font-family:sans-serif}"
            "table.crosstable td,table.crosstable th{border:1px solid #999;padding:2px 6px;"
            "text-align:center}</style></head><body><h1>" +
            title + "</h1>\n" + game::render_crosstable_html(*table) + "<pre>" +
            game::html_escape(game::legend()) + "</pre></body></html>\n");
  }
  return json_response(200, rated_crosstable_json(*table, *view));
}

Result<Response> event_pgn(GameServiceDeps& deps, const model::User& user, std::int64_t id) {
  TRY_LET(view, app::read_event(deps, id, app::EventRead::kPage));
  std::vector<std::int64_t> players;
  for (const auto& p : view->players) players.push_back(p.user.id);
  TRY_LET(titles, app::player_titles(deps, players));
  std::string text;
  for (const auto& g : view->games) {
    // The same view as GET /games/{id}: games hidden from this user by the event's
    // visibility are left out, delayed ones cut.
    auto shown = app::view_game(deps, user, g.game_id);
    if (!shown) {
      if (shown.error().code == ErrorCode::kForbidden) continue;
      return std::unexpected(shown.error());
    }
    TRY_LET(pgn, game_pgn(*shown, *titles));
    pgn->set_tag("Event", view->event.settings.name);
    pgn->set_tag("Round", std::to_string(g.round) + "." + std::to_string(g.board));
    pgn->set_tag("EventId", std::to_string(id));
    pgn->set_tag("GameId", std::to_string(g.game_id));
    TRY_LET(written, chess::write_pgn(*pgn));
    if (!text.empty()) text += "\n";
    text += *written;
  }
  Response r = text_response(200, "application/x-chess-pgn", text);
  r.headers.emplace_back("Content-Disposition",
                         "attachment; filename=\"event-" + std::to_string(id) + ".pgn\"");
  return r;
}

Result<Response> file_claim(GameServiceDeps& deps, const Call& call, ClaimFilingBody&& body) {
  TRY_LET(filed,
          app::file_adjudication_claim(deps, call.caller(), call.id,
                                       {body.game_id, body.claim, body.analysis.value_or("")}));
  const auto& c = filed->claim;
  return json_response(201, {{"game_id", std::to_string(c.game_id)},
                             {"side", game::color_name(c.side)},
                             {"claim", c.claim},
                             {"analysis", c.analysis},
                             {"filed_at", game::format_rfc3339(c.filed_at)},
                             {"claims_due", game::format_rfc3339(filed->claims_due)}});
}

}  // namespace

namespace {

// The director's routes: create an event, add players, start, withdraw, replace.
void add_director_event_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add(
      {"POST", "/api/v1/admin/events", kDirector,
       Doc("Create an event", 201, "the event")
           .in(with_rule_settings(
                   {{"name", "string", true, ""},
                    {"allow_518", "boolean", false, "may the draw give the standard array"},
                    {"leave_days_per_year", "integer", false, "0..366; default 45"},
                    {"double_round", "boolean", false, ""},
                    {"visibility", "string", false, "live (default), delayed or after_end"},
                    {"delay_moves", "integer", false, "plies hidden when delayed"},
                    {"open_for_entry", "boolean", false, "players may join until the start"},
                    {"auto_adjudicate", "boolean", false,
                     "default false: the server decides games that reach the end date in a "
                     "position its evidence proves (a tablebase result, a dead position)"},
                    {"max_players", "integer", false, "2..100"},
                    {"end_at", "string", false, "RFC 3339; adjudication date (not Triple Block)"},
                    {"players", "string[]", false, "usernames, in seed order"},
                    {"rated", "boolean", false, "default true: the games count for ratings"},
                    {"min_rating", "integer", false, "0..4000: lowest rating for self-entry"},
                    {"max_rating", "integer", false, "0..4000: highest rating for self-entry"},
                    {"opening", "string", false,
                     "thematic: SAN moves (\"1. e4 c5\") or a FEN every game starts from"},
                    {"seeding", "string", false,
                     "entry or rating; default entry with players, rating without"}},
                   "default: drawn at start"),
               {{"name", "Championship 1"},
                {"time_control", time_control_example()},
                {"players", {"alice", "bob", "carol"}}})},
      BodyHandler<NewEventBody>([&deps](const Call& c, NewEventBody&& b) {
        return create_event(deps, c.caller(), std::move(b));
      }));
  routes.add(
      {"PATCH", "/api/v1/admin/events/{id}", kDirector, kEvent,
       Doc("Change an event: its name and end date at any time, its start, entry and rating "
           "terms before the start",
           200, "the event")
           .in({{"name", "string", false, "1..200 bytes"},
                {"start_at", "string", false, "RFC 3339; before the start only"},
                {"end_at", "string", false,
                 "RFC 3339 in the future, after start_at; null: none; not once it has passed"},
                {"open_for_entry", "boolean", false, "before the start only"},
                {"max_players", "integer", false,
                 "2..100, not below the players entered; null: none; before the start only"},
                {"rated", "boolean", false, "before the start only"},
                {"min_rating", "integer", false, "0..4000; null: none; before the start only"},
                {"max_rating", "integer", false, "0..4000; null: none; before the start only"},
                {"reason", "string", false, "for the audit log and the players' notice"}},
               {{"end_at", "2033-04-01T00:00:00Z"},
                {"reason", "four months more after the postal strike"}})},
      BodyHandler<EventChangeBody>([&deps](const Call& c, EventChangeBody&& b) {
        return shown_after(deps, c, app::change_event(deps, c.caller(), c.id, b.value));
      }));
  routes.add({"POST", "/api/v1/admin/events/{id}/cancel", kDirector, kEvent,
              Doc("Cancel an event before its start: it never starts, its players are told", 200,
                  "the event, status cancelled")
                  .in({{"reason", "string", true, "non-empty; shown to the players"}},
                      {{"reason", "too few entries"}})},
             BodyHandler<CancelEventBody>([&deps](const Call& c, CancelEventBody&& b) {
               return shown_after(deps, c, app::cancel_event(deps, c.caller(), c.id, b.reason));
             }));
  routes.add({"POST", "/api/v1/admin/events/{id}/players", kDirector, kEvent,
              Doc("Enter a player (before the start)", 200, "the event")
                  .in({{"username", "string", true, ""}}, {{"username", "dave"}})},
             BodyHandler<EventPlayerBody>([&deps](const Call& c, EventPlayerBody&& b) {
               return shown_after(deps, c,
                                  app::add_event_player(deps, c.caller(), c.id, b.username));
             }));
  routes.add({"POST", "/api/v1/admin/events/{id}/start", kDirector, kEvent,
              Doc("Start: every game of the section at once (Berger colours)", 200,
                  "the event with its games")},
             [&deps](const Call& c) {
               return shown_after(deps, c, app::start_event(deps, c.caller(), c.id));
             });
  routes.add({"POST", "/api/v1/admin/events/{id}/withdraw", kDirector, kEvent,
              Doc("Withdraw a player: their unfinished games are lost by default", 200, "the event")
                  .in({{"username", "string", true, ""}, {"reason", "string", true, "non-empty"}},
                      {{"username", "carol"}, {"reason", "no longer replying"}})},
             BodyHandler<WithdrawBody>([&deps](const Call& c, WithdrawBody&& b) {
               return shown_after(
                   deps, c, app::withdraw_player(deps, c.caller(), c.id, b.username, b.reason));
             }));
  routes.add({"POST", "/api/v1/admin/events/{id}/replace", kDirector, kEvent,
              Doc("Replace a player: the replacement takes over the seat and unfinished games", 200,
                  "the event")
                  .in({{"username", "string", true, ""},
                       {"replacement", "string", true, "a user not in the event"},
                       {"reason", "string", true, "non-empty"}},
                      {{"username", "carol"}, {"replacement", "dave"}, {"reason", "illness"}})},
             BodyHandler<ReplaceBody>([&deps](const Call& c, ReplaceBody&& b) {
               return shown_after(deps, c,
                                  app::replace_player(deps, c.caller(), c.id, b.username,
                                                      b.replacement, b.reason));
             }));
}

// What every user sees and does: the lists, an event, its crosstable and PGN, entry and
// adjudication claims.
void add_public_event_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add(
      {"GET", "/api/v1/events", kUser,
       Doc("Events, newest first, one page at a time", 200,
           "{events: [{id, name, status, variant, time_control, open_for_entry, start_at, end_at, "
           "players}], total, next_cursor}; total counts the events of the status on all pages")
           .q(events_query_doc())},
      [&deps](const Call& c) { return list_events(deps, c.request); });
  routes.add(
      {"GET", "/api/v1/events/{id}", kUser, kEvent,
       Doc("An event", 200,
           "{id, name, status, settings, players, games (with adjudication state), crosstable}")},
      [&deps](const Call& c) { return show_event(deps, c.caller(), c.id, app::EventRead::kPage); });
  routes.add({"GET", "/api/v1/events/{id}/crosstable", kUser, kEvent,
              Doc("The crosstable", 200,
                  "{rows: [{seed, player, score, wins, sb, place, place_text, results: {opponent: "
                  "marker}}], legend}; format=text or html for the readable renders")
                  .q({{"format", "string", false, "json (default), text or html"}})},
             [&deps](const Call& c) { return crosstable(deps, c.request, c.id); });
  routes.add({"GET", "/api/v1/events/{id}/pgn", kUser, kEvent,
              Doc("Every game of the event in one PGN file", 200,
                  "PGN text (games hidden by the event's visibility are left out)")
                  .as("application/x-chess-pgn")},
             [&deps](const Call& c) { return event_pgn(deps, c.caller(), c.id); });
  routes.add({"POST", "/api/v1/events/{id}/join", kUser, kEvent,
              Doc("Enter an event open for entry", 201,
                  "the event; 409 conflict with barred_until after a time-forfeit loss")},
             [&deps](const Call& c) { return join(deps, c.caller(), c.id); });
  routes.add({"DELETE", "/api/v1/events/{id}/join", kUser, kEvent,
              Doc("Take back an entry before the start", 204, "no content")},
             no_content_command(deps, app::leave_event));
  routes.add({"POST", "/api/v1/events/{id}/adjudication-claims", kUser, kEvent,
              Doc("File an adjudication claim (within 14 days of the end date)", 201,
                  "{game_id, side, claim, analysis, filed_at, claims_due}")
                  .in({{"game_id", "string", true, "an adjudication-pending game the caller plays"},
                       {"claim", "string", true, "win or draw"},
                       {"analysis", "string", false, "required for a win claim"}},
                      {{"game_id", "7"}, {"claim", "win"}, {"analysis", "1. Rxf7! wins"}})},
             BodyHandler<ClaimFilingBody>([&deps](const Call& c, ClaimFilingBody&& b) {
               return file_claim(deps, c, std::move(b));
             }));
}

}  // namespace

void add_event_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "events");
  add_director_event_routes(routes, deps);
  add_public_event_routes(routes, deps);
}

}  // namespace corrchess::api
