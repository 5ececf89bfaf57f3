#include "api/events.h"

#include <algorithm>
#include <map>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/problem.h"
#include "api/ratings.h"
#include "api/rule_settings.h"
#include "app/event_workflows.h"
#include "app/events.h"
#include "app/roles.h"
#include "db/codec.h"

namespace corrchess::api {

namespace {

using game::Color;
using game::Timestamp;
using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;
constexpr std::size_t kMaxAnalysis = 100000;

std::string rfc3339(Timestamp t) { return game::format_rfc3339(t); }

json optional_time(const std::optional<Timestamp>& t) { return t ? json(rfc3339(*t)) : json(); }

json settings_json(const db::StoredEvent& e) {
  const auto& s = e.settings;
  json j = {{"variant", game::to_string(s.variant)},
            {"start_position", s.start_position ? json(*s.start_position) : json()},
            {"allow_518", s.allow_518},
            {"time_control", db::time_control_json(s.time_control)},
            {"leave_days_per_year", s.leave_days_per_year},
            {"leave_allowed", game::allows_leave(s.time_control)},
            {"draw_min_moves", s.rules.no_draw_before_move},
            {"ten_moves_rule", s.rules.ten_moves_rule},
            {"silence_rule", s.rules.silence_rule},
            {"messages_allowed", s.rules.messages_allowed},
            {"double_round", s.double_round},
            {"visibility", db::to_string(s.visibility)},
            {"delay_moves", s.delay_moves},
            {"open_for_entry", s.open_for_entry},
            {"max_players", s.max_players ? json(*s.max_players) : json()},
            {"start_at", rfc3339(s.start_at)},
            {"end_at", optional_time(s.end_at)},
            {"adjudication_at", optional_time(e.adjudication_at())},
            {"adjudication_claim_days", app::kAdjudicationClaimWindow / game::kSecondsPerDay}};
  return j;
}

json player_json(const db::EventPlayer& p) {
  json j = {{"seat", p.seat},
            {"username", p.user.username},
            {"display_name", p.user.display_name},
            {"status", p.status},
            {"joined_at", rfc3339(p.joined_at)}};
  if (p.left_at) j["left_at"] = rfc3339(*p.left_at);
  if (p.replaced_by) j["replaced_by"] = *p.replaced_by;
  if (p.reason) j["reason"] = *p.reason;
  return j;
}

}  // namespace

json adjudication_json(const db::EventGame& g, const std::vector<db::AdjudicationClaim>& claims,
                       const db::User& viewer, Timestamp now) {
  const Timestamp due = *g.adjudication_since + app::kAdjudicationClaimWindow;
  json sides = json::object();
  for (Color side : {Color::kWhite, Color::kBlack}) {
    const auto& player = side == Color::kWhite ? g.white : g.black;
    const bool may_read = app::is_director(viewer) || viewer.username == player;
    const auto it = std::ranges::find_if(claims, [&](const db::AdjudicationClaim& c) {
      return c.game_id == g.game_id && c.side == side;
    });
    json j = {{"filed", it != claims.end()}};
    if (it == claims.end()) {
      j["claim"] = "draw";
      j["implied"] = true;  // rules.md §5.4: no claim is taken as a draw claim
    } else if (may_read) {
      j["claim"] = it->claim;
      j["analysis"] = it->analysis;
      j["filed_at"] = rfc3339(it->filed_at);
      j["implied"] = false;
    }
    sides[std::string(game::color_name(side))] = j;
  }
  return {{"pending_since", rfc3339(*g.adjudication_since)},
          {"claims_due", rfc3339(due)},
          {"window_open", now < due && g.status == "adjudication_pending"},
          {"claims", sides}};
}

namespace {

json game_entry_json(const db::EventGame& g, const std::vector<db::AdjudicationClaim>& claims,
                     const db::User& viewer, Timestamp now) {
  json j = {{"id", std::to_string(g.game_id)},
            {"round", g.round},
            {"board", g.board},
            {"white", g.white},
            {"black", g.black},
            {"white_seat", g.white_seat},
            {"black_seat", g.black_seat},
            {"status", g.status}};
  if (g.result) j["result"] = game::to_string(*g.result);
  if (g.termination) j["termination"] = game::to_string(*g.termination);
  if (g.finished_at) j["finished_at"] = rfc3339(*g.finished_at);
  if (g.adjudication_since) j["adjudication"] = adjudication_json(g, claims, viewer, now);
  return j;
}

json summary_json(const db::StoredEvent& e, const std::string& status, int players) {
  return {{"id", std::to_string(e.id)},
          {"name", e.settings.name},
          {"status", status},
          {"variant", game::to_string(e.settings.variant)},
          {"time_control", db::time_control_json(e.settings.time_control)},
          {"open_for_entry", e.settings.open_for_entry},
          {"start_at", rfc3339(e.settings.start_at)},
          {"end_at", optional_time(e.settings.end_at)},
          {"players", players}};
}

// The crosstable with each row's current rating (rounded, null when unrated).
json rated_crosstable_json(const game::Crosstable& table, const app::EventView& v) {
  json out = crosstable_json(table, v.players);
  for (auto& row : out["rows"]) {
    row["rating"] = nullptr;
    for (const auto& p : v.players) {
      if (p.user.username == row["player"]) row["rating"] = rating_value(v.ratings, p.user.id);
    }
  }
  return out;
}

json event_json(const app::EventView& v, const db::User& viewer) {
  json j = summary_json(v.event, app::event_status(v.event, v.games), app::entered(v.players));
  j["settings"] = settings_json(v.event);
  j["settings"].update(event_rating_terms_json(v.rating_terms));
  j["created_at"] = rfc3339(v.event.created_at);
  j["started_at"] = optional_time(v.event.started_at);
  json players = json::array();
  for (const auto& p : v.players) {
    players.push_back(player_json(p));
    players.back()["rating"] = rating_value(v.ratings, p.user.id);
  }
  j["players"] = players;
  json games = json::array();
  for (const auto& g : v.games) games.push_back(game_entry_json(g, v.claims, viewer, v.now));
  j["games"] = games;
  auto table = section_crosstable(v.players, v.games);
  j["crosstable"] = table ? rated_crosstable_json(*table, v) : json();
  j["now"] = rfc3339(v.now);
  return j;
}

using EventHandler = std::function<Response(const Request&, const db::User&, std::int64_t id)>;

// Authenticates and parses the {id} path parameter as an event id.
Handler with_event(GameServiceDeps& deps, EventHandler fn) {
  return [&deps, fn](const Request& request, const PathParams& params) {
    auto user = authenticate(deps.pool, request);
    if (!user) return problem_response(user.error());
    std::int64_t id = 0;
    if (auto it = params.find("id"); it != params.end()) {
      auto parsed = parse_id(it->second, "event");
      if (!parsed) return problem_response(parsed.error());
      id = *parsed;
    }
    return fn(request, *user, id);
  };
}

Result<std::string> reason_field(const json& body, const char* field = "reason") {
  auto reason = required_string(body, field, kMaxReason, Text::kMultiline);
  if (!reason) return reason;
  if (reason->find_first_not_of(" \t\r\n") == std::string::npos) {
    return fail(ErrorCode::kValidationError,
                std::string("field '") + field + "' must not be empty");
  }
  return reason;
}

// The usernames of the optional `players` list (at most 100).
Result<std::vector<std::string>> player_names(const json& body) {
  std::vector<std::string> out;
  if (!body.contains("players") || body["players"].is_null()) return out;
  if (!body["players"].is_array()) {
    return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
  }
  if (body["players"].size() > 100) {
    return fail(ErrorCode::kValidationError, "an event has at most 100 players");
  }
  for (const auto& name : body["players"]) {
    if (!name.is_string()) {
      return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
    }
    out.push_back(name.get<std::string>());
  }
  return out;
}

// The event of POST /admin/events, as far as it can be checked without the database and
// the server's now (app::create_event checks the rest).
Result<app::EventCreation> parse_creation(const json& body) {
  app::EventCreation c;
  auto& s = c.settings;
  auto name = reason_field(body, "name");
  if (!name) return std::unexpected(name.error());
  if (name->size() > 200) return fail(ErrorCode::kValidationError, "field 'name' is too long");
  s.name = *name;
  auto rules = parse_rule_settings(body);
  if (!rules) return std::unexpected(rules.error());
  s.variant = rules->variant;
  s.start_position = rules->start_position;
  s.time_control = rules->time_control;
  s.rules = rules->rules;
  c.start_at = rules->start_at;
  auto leave_days = optional_int_in(body, "leave_days_per_year", 0, 366);
  if (!leave_days) return std::unexpected(leave_days.error());
  if (*leave_days) s.leave_days_per_year = **leave_days;
  for (auto [field, target] :
       {std::pair{"double_round", &s.double_round}, std::pair{"allow_518", &s.allow_518},
        std::pair{"open_for_entry", &s.open_for_entry}}) {
    auto v = optional_bool(body, field);
    if (!v) return std::unexpected(v.error());
    if (*v) *target = **v;
  }
  auto visibility = optional_keyword(body, "visibility", db::parse_visibility);
  if (!visibility) return std::unexpected(visibility.error());
  if (*visibility) s.visibility = **visibility;
  auto delay = optional_int_in(body, "delay_moves", 0, 1000);
  if (!delay) return std::unexpected(delay.error());
  s.delay_moves = delay->value_or(0);
  if (s.visibility == db::Visibility::kDelayed && s.delay_moves < 1) {
    return fail(ErrorCode::kValidationError, "visibility 'delayed' needs delay_moves (plies) >= 1");
  }
  if (s.visibility != db::Visibility::kDelayed && s.delay_moves != 0) {
    return fail(ErrorCode::kValidationError, "delay_moves is only for visibility 'delayed'");
  }
  auto max_players = optional_int_in(body, "max_players", 2, 100);
  if (!max_players) return std::unexpected(max_players.error());
  s.max_players = *max_players;
  auto end_at = optional_instant(body, "end_at");
  if (!end_at) return std::unexpected(end_at.error());
  s.end_at = *end_at;
  auto rating_terms = parse_event_rating_terms(body);
  if (!rating_terms) return std::unexpected(rating_terms.error());
  c.rating_terms = *rating_terms;
  auto players = player_names(body);
  if (!players) return std::unexpected(players.error());
  c.players = std::move(*players);
  return c;
}

Response show_event(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                    int status = 200) {
  auto view = app::read_event(deps, id);
  if (!view) return problem_response(view.error());
  return json_response(status, event_json(*view, user));
}

// The event page after a command that succeeded, or the command's problem.
Response shown_after(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                     const Result<void>& done, int status = 200) {
  if (!done) return problem_response(done.error());
  return show_event(deps, user, id, status);
}

Response create_event(GameServiceDeps& deps, const Request& request, const db::User& user) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto creation = parse_creation(*body);
  if (!creation) return problem_response(creation.error());
  auto id = app::create_event(deps, user, std::move(*creation));
  if (!id) return problem_response(id.error());
  return show_event(deps, user, *id, 201);
}

Response list_events(GameServiceDeps& deps, const Request& request) {
  std::string status;
  if (auto it = request.query.find("status"); it != request.query.end()) status = it->second;
  auto listed = app::list_events(deps, status);
  if (!listed) return problem_response(listed.error());
  json events = json::array();
  for (const auto& e : *listed) events.push_back(summary_json(e.event, e.status, e.players));
  return json_response(200, {{"events", events}});
}

Response add_player(GameServiceDeps& deps, const Request& request, const db::User& user,
                    std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  return shown_after(deps, user, id, app::add_event_player(deps, user, id, *username));
}

Response join(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  std::optional<Timestamp> barred_until;
  auto done = app::join_event(deps, user, id, barred_until);
  if (!done) {
    Error error = done.error();
    if (barred_until) error = std::move(error).with("barred_until", rfc3339(*barred_until));
    return problem_response(error);
  }
  return show_event(deps, user, id, 201);
}

Response leave_entry(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto done = app::leave_event(deps, user, id);
  if (!done) return problem_response(done.error());
  return text_response(204, "application/json", "");
}

Response withdraw(GameServiceDeps& deps, const Request& request, const db::User& user,
                  std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  return shown_after(deps, user, id, app::withdraw_player(deps, user, id, *username, *reason));
}

Response replace(GameServiceDeps& deps, const Request& request, const db::User& user,
                 std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto replacement = required_string(*body, "replacement", 64);
  if (!replacement) return problem_response(replacement.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  return shown_after(deps, user, id,
                     app::replace_player(deps, user, id, *username, *replacement, *reason));
}

Response crosstable(GameServiceDeps& deps, const Request& request, std::int64_t id) {
  std::string format = "json";
  if (auto it = request.query.find("format"); it != request.query.end()) format = it->second;
  if (format != "json" && format != "text" && format != "html") {
    return problem_response(
        Error{ErrorCode::kValidationError, "format must be json, text or html"});
  }
  auto view = app::read_event(deps, id);
  if (!view) return problem_response(view.error());
  auto table = section_crosstable(view->players, view->games);
  if (!table) return problem_response(table.error());
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

Response event_pgn(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto view = app::read_event(deps, id);
  if (!view) return problem_response(view.error());
  std::string text;
  for (const auto& g : view->games) {
    // The same view as GET /games/{id}: games hidden from this user by the event's
    // visibility are left out, delayed ones cut.
    auto shown = app::view_game(deps, user, g.game_id);
    if (!shown) {
      if (shown.error().code == ErrorCode::kForbidden) continue;
      return problem_response(shown.error());
    }
    auto pgn = game_pgn(*shown);
    if (!pgn) return problem_response(pgn.error());
    pgn->set_tag("Event", view->event.settings.name);
    pgn->set_tag("Round", std::to_string(g.round) + "." + std::to_string(g.board));
    pgn->set_tag("EventId", std::to_string(id));
    pgn->set_tag("GameId", std::to_string(g.game_id));
    auto written = chess::write_pgn(*pgn);
    if (!written) return problem_response(written.error());
    if (!text.empty()) text += "\n";
    text += *written;
  }
  Response r = text_response(200, "application/x-chess-pgn", text);
  r.headers.emplace_back("Content-Disposition",
                         "attachment; filename=\"event-" + std::to_string(id) + ".pgn\"");
  return r;
}

Response file_claim(GameServiceDeps& deps, const Request& request, const db::User& user,
                    std::int64_t id) {
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  std::string game_text;
  if (body->contains("game_id") && (*body)["game_id"].is_number_integer()) {
    game_text = std::to_string((*body)["game_id"].get<long long>());
  } else {
    auto g = required_string(*body, "game_id", 32);
    if (!g) return problem_response(g.error());
    game_text = *g;
  }
  auto game_id = parse_id(game_text, "game");
  if (!game_id) return problem_response(Error{ErrorCode::kValidationError, "no game " + game_text});
  auto claim = required_string(*body, "claim", 16);
  if (!claim) return problem_response(claim.error());
  auto analysis = optional_string(*body, "analysis", kMaxAnalysis, Text::kMultiline);
  if (!analysis) return problem_response(analysis.error());
  auto filed =
      app::file_adjudication_claim(deps, user, id, {*game_id, *claim, analysis->value_or("")});
  if (!filed) return problem_response(filed.error());
  const auto& c = filed->claim;
  return json_response(201, {{"game_id", std::to_string(c.game_id)},
                             {"side", game::color_name(c.side)},
                             {"claim", c.claim},
                             {"analysis", c.analysis},
                             {"filed_at", rfc3339(c.filed_at)},
                             {"claims_due", rfc3339(filed->claims_due)}});
}

}  // namespace

Result<game::Crosstable> section_crosstable(const std::vector<db::EventPlayer>& players,
                                            const std::vector<db::EventGame>& games) {
  // Seats in order, each with its current occupant (a replaced player steps aside).
  std::map<int, const db::EventPlayer*> seats;
  for (const auto& p : players) {
    if (p.status != "replaced") seats[p.seat] = &p;
  }
  std::map<int, int> index;  // seat -> seed index
  std::vector<game::CrosstablePlayer> table_players;
  for (const auto& [seat, p] : seats) {
    index[seat] = static_cast<int>(table_players.size());
    table_players.push_back({p->user.username, p->user.display_name});
  }
  std::vector<game::CrosstableGame> table_games;
  for (const auto& g : games) {
    if (!index.contains(g.white_seat) || !index.contains(g.black_seat)) continue;
    game::CrosstableGame cg;
    cg.white = index[g.white_seat];
    cg.black = index[g.black_seat];
    if (g.status == "finished") cg.result = g.result;
    cg.termination = g.termination;
    cg.counts = g.status != "annulled";
    table_games.push_back(cg);
  }
  return game::build_crosstable(table_players, table_games);
}

nlohmann::json crosstable_json(const game::Crosstable& table,
                               const std::vector<db::EventPlayer>& players) {
  json rows = json::array();
  for (const auto& row : table.rows) {
    json results = json::object();
    for (std::size_t opponent = 0; opponent < row.results.size(); ++opponent) {
      if (static_cast<int>(opponent) == row.seed || row.results[opponent].empty()) continue;
      const auto it = std::ranges::find_if(table.rows, [&](const game::CrosstableRow& r) {
        return r.seed == static_cast<int>(opponent);
      });
      if (it != table.rows.end()) results[it->id] = row.results[opponent];
    }
    std::string status = "active";
    for (const auto& p : players) {
      if (p.user.username == row.id && p.status != "replaced") status = p.status;
    }
    rows.push_back({{"seed", row.seed + 1},
                    {"player", row.id},
                    {"display_name", row.name},
                    {"status", status},
                    {"score", row.score()},
                    {"score_text", game::format_points(row.score_halves)},
                    {"wins", row.wins},
                    {"sb", row.sb()},
                    {"sb_text", game::format_sb(row.sb_quarters)},
                    {"place", row.place},
                    {"place_text", game::place_text(row)},
                    {"shared_place", row.place != row.place_last},
                    {"games", row.games},
                    {"unfinished", row.unfinished},
                    {"results", results}});
  }
  return {{"rows", rows}, {"legend", game::legend()}};
}

void add_event_routes(Router& router, GameServiceDeps& deps) {
  router.add("POST", "/api/v1/admin/events",
             with_event(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return create_event(deps, r, u);
             }));
  router.add("POST", "/api/v1/admin/events/{id}/players",
             with_event(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return add_player(deps, r, u, id);
             }));
  router.add("POST", "/api/v1/admin/events/{id}/start",
             with_event(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return shown_after(deps, u, id, app::start_event(deps, u, id));
             }));
  router.add("POST", "/api/v1/admin/events/{id}/withdraw",
             with_event(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return withdraw(deps, r, u, id);
             }));
  router.add("POST", "/api/v1/admin/events/{id}/replace",
             with_event(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return replace(deps, r, u, id);
             }));
  router.add("GET", "/api/v1/events",
             with_event(deps, [&deps](const Request& r, const db::User&, std::int64_t) {
               return list_events(deps, r);
             }));
  router.add("GET", "/api/v1/events/{id}",
             with_event(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return show_event(deps, u, id);
             }));
  router.add("GET", "/api/v1/events/{id}/crosstable",
             with_event(deps, [&deps](const Request& r, const db::User&, std::int64_t id) {
               return crosstable(deps, r, id);
             }));
  router.add("GET", "/api/v1/events/{id}/pgn",
             with_event(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return event_pgn(deps, u, id);
             }));
  router.add("POST", "/api/v1/events/{id}/join",
             with_event(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return join(deps, u, id);
             }));
  router.add("DELETE", "/api/v1/events/{id}/join",
             with_event(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return leave_entry(deps, u, id);
             }));
  router.add("POST", "/api/v1/events/{id}/adjudication-claims",
             with_event(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               return file_claim(deps, r, u, id);
             }));
}

}  // namespace corrchess::api
