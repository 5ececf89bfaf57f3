#include "api/events.h"

#include <algorithm>
#include <map>
#include <set>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/problem.h"
#include "api/ratings.h"
#include "api/rule_settings.h"
#include "app/game_start.h"
#include "app/notifications.h"
#include "app/ratings.h"
#include "core/game/entry_bar.h"
#include "core/game/tournament.h"
#include "db/codec.h"
#include "db/live_events.h"
#include "db/transaction.h"

namespace corrchess::api {

namespace {

using game::Color;
using game::Timestamp;
using nlohmann::json;

constexpr std::size_t kMaxReason = 2000;
constexpr std::size_t kMaxAnalysis = 100000;

bool is_director(const db::User& user) { return require_director(user).has_value(); }

std::string rfc3339(Timestamp t) { return game::format_rfc3339(t); }

json optional_time(const std::optional<Timestamp>& t) { return t ? json(rfc3339(*t)) : json(); }

bool game_over(const std::string& status) { return status == "finished" || status == "annulled"; }

// Players holding a seat (a replaced player gave theirs up).
int entered(const std::vector<db::EventPlayer>& players) {
  return static_cast<int>(std::ranges::count_if(
      players, [](const db::EventPlayer& p) { return p.status != "replaced"; }));
}

// "registration" before the start, "finished" once every game is over, else "running".
std::string event_status(const db::StoredEvent& e, const std::vector<db::EventGame>& games) {
  if (!e.started()) return "registration";
  if (!games.empty() &&
      std::ranges::all_of(games, [](const db::EventGame& g) { return game_over(g.status); })) {
    return "finished";
  }
  return "running";
}

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
            {"adjudication_claim_days", kAdjudicationClaimWindow / game::kSecondsPerDay}};
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
  const Timestamp due = *g.adjudication_since + kAdjudicationClaimWindow;
  json sides = json::object();
  for (Color side : {Color::kWhite, Color::kBlack}) {
    const auto& player = side == Color::kWhite ? g.white : g.black;
    const bool may_read = is_director(viewer) || viewer.username == player;
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

// Everything GET /events/{id} shows, read in one transaction.
struct EventView {
  db::StoredEvent event;
  std::vector<db::EventPlayer> players;
  std::vector<db::EventGame> games;
  std::vector<db::AdjudicationClaim> claims;
  Timestamp now;
  db::EventRatingTerms rating_terms;
  std::map<std::int64_t, db::RatingEntry> ratings;  // current ratings of the players
};

Result<EventView> load_view(GameServiceDeps& deps, pqxx::work& tx, std::int64_t id) {
  auto event = db::load_event(tx, id, false);
  if (!event) return std::unexpected(event.error());
  // Results already due count in crosstables and lists, whether or not the sweep ran.
  if (auto settled = app::settle_due_games(deps, tx, {std::nullopt, id}); !settled) {
    return std::unexpected(settled.error());
  }
  EventView v{*event,
              db::event_players(tx, id),
              db::event_games(tx, id),
              db::adjudication_claims(tx, id),
              deps.clock.now(tx),
              db::event_rating_terms(tx, id),
              {}};
  std::vector<std::int64_t> ids;
  for (const auto& p : v.players) ids.push_back(p.user.id);
  v.ratings = db::current_ratings(tx, app::rating_pool_of(event->settings.variant), ids);
  return v;
}

Result<EventView> read_view(GameServiceDeps& deps, std::int64_t id) {
  return db::in_transaction(
      deps.pool, [&](pqxx::work& tx) -> Result<EventView> { return load_view(deps, tx, id); });
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
json rated_crosstable_json(const game::Crosstable& table, const EventView& v) {
  json out = crosstable_json(table, v.players);
  for (auto& row : out["rows"]) {
    row["rating"] = nullptr;
    for (const auto& p : v.players) {
      if (p.user.username == row["player"]) row["rating"] = rating_value(v.ratings, p.user.id);
    }
  }
  return out;
}

json event_json(const EventView& v, const db::User& viewer) {
  json j = summary_json(v.event, event_status(v.event, v.games), entered(v.players));
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

// The settings of POST /admin/events, validated (start_at defaults to now).
Result<db::EventSettings> parse_settings(const json& body, Timestamp now) {
  db::EventSettings s;
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
  s.start_at = rules->start_at.value_or(now);
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
  if (s.end_at && *s.end_at <= s.start_at) {
    return fail(ErrorCode::kValidationError, "end_at must be after start_at");
  }
  if (s.end_at && *s.end_at <= now) {
    return fail(ErrorCode::kValidationError, "end_at must be in the future");
  }
  // The games' setup must be valid (time control numbers, Chess960 position).
  if (auto ok = game::validate_setup(rules->game_setup(now)); !ok) {
    return std::unexpected(ok.error());
  }
  return s;
}

// The usernames of a `players` list, resolved to users (unique, existing).
Result<std::vector<db::User>> resolve_players(pqxx::work& tx, const json& body) {
  std::vector<db::User> out;
  if (!body.contains("players") || body["players"].is_null()) return out;
  if (!body["players"].is_array()) {
    return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
  }
  if (body["players"].size() > 100) {
    return fail(ErrorCode::kValidationError, "an event has at most 100 players");
  }
  std::set<std::int64_t> seen;
  for (const auto& name : body["players"]) {
    if (!name.is_string()) {
      return fail(ErrorCode::kValidationError, "field 'players' must be a list of usernames");
    }
    auto user = db::find_user(tx, name.get<std::string>());
    if (!user) {
      return fail(ErrorCode::kValidationError, "no user '" + name.get<std::string>() + "'");
    }
    if (!seen.insert(user->id).second) {
      return fail(ErrorCode::kValidationError, "player '" + user->username + "' is listed twice");
    }
    out.push_back(*user);
  }
  return out;
}

Response show_event(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                    int status = 200) {
  auto view = read_view(deps, id);
  if (!view) return problem_response(view.error());
  return json_response(status, event_json(*view, user));
}

Response create_event(GameServiceDeps& deps, const Request& request, const db::User& user) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto id = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::int64_t> {
    const auto now = deps.clock.now(tx);
    auto settings = parse_settings(*body, now);
    if (!settings) return std::unexpected(settings.error());
    auto rating_terms = parse_event_rating_terms(*body);
    if (!rating_terms) return std::unexpected(rating_terms.error());
    auto players = resolve_players(tx, *body);
    if (!players) return std::unexpected(players.error());
    if (settings->max_players && static_cast<int>(players->size()) > *settings->max_players) {
      return fail(ErrorCode::kValidationError, "more players than max_players");
    }
    const auto id = db::insert_event(tx, *settings, user.id, now);
    db::save_event_rating_terms(tx, id, *rating_terms);
    json names = json::array();
    int seat = 0;
    for (const auto& p : *players) {
      if (auto ok = db::add_event_player(tx, id, p.id, ++seat, now); !ok) {
        return std::unexpected(ok.error());
      }
      names.push_back(p.username);
    }
    db::write_audit(tx, {now, user.id, "event_created", std::nullopt, id, std::nullopt, "",
                         json{{"name", settings->name}, {"players", names}}});
    return id;
  });
  if (!id) return problem_response(id.error());
  return show_event(deps, user, *id, 201);
}

Response list_events(GameServiceDeps& deps, const Request& request) {
  std::string status;
  if (auto it = request.query.find("status"); it != request.query.end()) status = it->second;
  if (!status.empty() && status != "registration" && status != "running" && status != "finished" &&
      status != "all") {
    return problem_response(Error{ErrorCode::kValidationError,
                                  "status must be registration, running, finished or all"});
  }
  auto listed = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    const std::string stored_status = status == "registration"                        ? status
                                      : (status == "running" || status == "finished") ? "running"
                                                                                      : "";
    const auto events = db::list_events(tx, stored_status, 500);
    std::vector<std::int64_t> ids;
    for (const auto& e : events) ids.push_back(e.id);
    std::map<std::int64_t, int> counts;
    for (const auto& [id, n] : db::player_counts(tx, ids)) counts[id] = n;
    std::map<std::int64_t, db::GameCounts> games;
    for (const auto& [id, n] : db::event_game_counts(tx, ids)) games[id] = n;
    json out = json::array();
    for (const auto& e : events) {
      std::string derived = "registration";
      if (e.started()) {
        const auto& n = games[e.id];
        derived = n.total > 0 && n.open == 0 ? "finished" : "running";
      }
      if ((status == "running" || status == "finished") && derived != status) continue;
      out.push_back(summary_json(e, derived, counts[e.id]));
    }
    return out;
  });
  if (!listed) return problem_response(listed.error());
  return json_response(200, {{"events", *listed}});
}

Response add_player(GameServiceDeps& deps, const Request& request, const db::User& user,
                    std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    if (event->started()) {
      return fail(ErrorCode::kConflict,
                  "the event has started: replace a player instead of adding one");
    }
    auto player = db::find_user(tx, *username);
    if (!player) return fail(ErrorCode::kValidationError, "no user '" + *username + "'");
    const auto count = entered(db::event_players(tx, id));
    if (event->settings.max_players && count >= *event->settings.max_players) {
      return fail(ErrorCode::kConflict, "the event is full");
    }
    const auto now = deps.clock.now(tx);
    if (auto ok = db::add_event_player(tx, id, player->id, db::next_seat(tx, id), now); !ok) {
      return ok;
    }
    db::write_audit(tx, {now, user.id, "player_added", std::nullopt, id, player->id, "",
                         json{{"username", player->username}}});
    return {};
  });
  if (!done) return problem_response(done.error());
  return show_event(deps, user, id);
}

// Players who lost on time are barred from entering new events (rules.md §5.6).
Result<void> check_entry_bar(pqxx::work& tx, const db::User& user, Timestamp now) {
  const auto losses = db::time_forfeit_losses(tx, user.id);
  const auto until = game::entry_barred_until(losses);
  if (until && now < *until) {
    return fail(ErrorCode::kConflict,
                "you lost a game on time and may not enter new events until " + rfc3339(*until) +
                    " (30 days after a time-forfeit loss, 90 if it came while already barred)");
  }
  return {};
}

Response join(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  // Time losses already due count, whether or not the sweep has stored them yet (stored in
  // a transaction of their own: a refused entry must not undo them).
  if (auto settled = app::settle_due_games(deps, {user.id, std::nullopt}); !settled) {
    return problem_response(settled.error());
  }
  std::optional<Timestamp> barred_until;
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    if (!event->settings.open_for_entry) {
      return fail(ErrorCode::kForbidden,
                  "this event takes no entries: its director enters the players");
    }
    if (event->started()) return fail(ErrorCode::kConflict, "the event has already started");
    if (db::is_event_player(tx, id, user.id)) {
      return fail(ErrorCode::kConflict, "you are already entered in this event");
    }
    const auto players = db::event_players(tx, id);
    if (event->settings.max_players && entered(players) >= *event->settings.max_players) {
      return fail(ErrorCode::kConflict, "the event is full");
    }
    const auto now = deps.clock.now(tx);
    if (auto ok = check_entry_bar(tx, user, now); !ok) {
      barred_until = game::entry_barred_until(db::time_forfeit_losses(tx, user.id));
      return ok;
    }
    const auto terms = db::event_rating_terms(tx, id);
    if (auto ok = app::check_rating_range(tx, app::rating_pool_of(event->settings.variant), user.id,
                                          {terms.min_rating, terms.max_rating}, "this event");
        !ok) {
      return ok;
    }
    return db::add_event_player(tx, id, user.id, db::next_seat(tx, id), now);
  });
  if (!done) {
    Response r = problem_response(done.error());
    if (barred_until) {
      auto body = problem_json(done.error());
      body["barred_until"] = rfc3339(*barred_until);
      r.body = body.dump();
    }
    return r;
  }
  return show_event(deps, user, id, 201);
}

Response leave_entry(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    if (event->started()) {
      return fail(ErrorCode::kConflict, "the event has started: ask the director to withdraw you");
    }
    if (!db::remove_entry(tx, id, user.id)) {
      return fail(ErrorCode::kConflict, "you are not entered in this event");
    }
    return {};
  });
  if (!done) return problem_response(done.error());
  return text_response(204, "application/json", "");
}

Response start(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    if (event->started()) return fail(ErrorCode::kConflict, "the event has already started");
    const auto now = deps.clock.now(tx);
    const auto& s = event->settings;
    if (s.end_at && *s.end_at <= now) {
      return fail(ErrorCode::kConflict, "the event's end date has passed");
    }
    if (db::event_rating_terms(tx, id).seeding == "rating") {
      db::seed_event_by_rating(tx, id, app::rating_pool_of(s.variant));
    }
    db::compact_seats(tx, id);
    auto players = db::event_players(tx, id);
    std::erase_if(players, [](const db::EventPlayer& p) { return p.status != "active"; });
    if (players.size() < 2) return fail(ErrorCode::kConflict, "an event needs at least 2 players");
    std::ranges::sort(players, {}, &db::EventPlayer::seat);

    game::GameSetup setup;
    setup.variant = s.variant;
    setup.start_position = s.start_position;
    if (s.variant == game::Variant::kChess960 && !setup.start_position) {
      setup.start_position = app::random_chess960_position(s.allow_518);
    }
    setup.time_control = s.time_control;
    setup.start_at = std::max(s.start_at, now);
    setup.rules = s.rules;
    game::GameContext rules;
    rules.zone = deps.zone;
    rules.oracles = deps.oracles;
    auto fresh = app::prepare_game(std::move(setup), rules, now);
    if (!fresh) return std::unexpected(fresh.error());

    const auto pairings = game::berger_pairings(static_cast<int>(players.size()), s.double_round);
    for (const auto& p : pairings) {
      const auto& white = players[static_cast<std::size_t>(p.white)];
      const auto& black = players[static_cast<std::size_t>(p.black)];
      const auto game_id =
          db::insert_game(tx, white.user.id, black.user.id, id, fresh->setup, fresh->state);
      db::insert_event_game(tx, id, game_id, p.round, p.board, p.white + 1, p.black + 1);
      app::queue_new_game_notifications(tx, game_id, white.user.id, black.user.id, id, fresh->setup,
                                        fresh->state, now);
    }
    db::mark_event_started(tx, id, fresh->setup.start_position, now);
    db::write_audit(
        tx, {now, user.id, "event_started", std::nullopt, id, std::nullopt, "",
             json{{"games", pairings.size()},
                  {"players", players.size()},
                  {"start_at", rfc3339(fresh->setup.start_at)},
                  {"start_position",
                   fresh->setup.start_position ? json(*fresh->setup.start_position) : json()}}});
    return {};
  });
  if (!done) return problem_response(done.error());
  return show_event(deps, user, id);
}

// The active player of an event with this username, from a locked event.
Result<db::EventPlayer> active_player(pqxx::work& tx, std::int64_t event_id,
                                      const std::string& username) {
  const auto user = db::find_user(tx, username);
  if (!user) return fail(ErrorCode::kValidationError, "no user '" + username + "'");
  for (auto& p : db::event_players(tx, event_id)) {
    if (p.user.id != user->id) continue;
    if (p.status != "active") {
      return fail(ErrorCode::kConflict, "'" + p.user.username + "' is " + p.status);
    }
    return p;
  }
  return fail(ErrorCode::kValidationError, "'" + user->username + "' does not play in this event");
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

  // 1. Check, and before the start simply take the player off the entry list.
  struct Plan {
    db::EventPlayer player;
    std::vector<std::int64_t> games;
  };
  auto plan = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<std::optional<Plan>> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    auto player = active_player(tx, id, *username);
    if (!player) return std::unexpected(player.error());
    if (!event->started()) {
      db::remove_entry(tx, id, player->user.id);
      db::write_audit(tx, {deps.clock.now(tx), user.id, "player_withdrawn", std::nullopt, id,
                           player->user.id, *reason, json{{"before_start", true}}});
      return std::optional<Plan>{};
    }
    return std::optional<Plan>{Plan{*player, db::unfinished_games_of(tx, id, player->user.id)}};
  });
  if (!plan) return problem_response(plan.error());
  if (!*plan) return show_event(deps, user, id);

  // 2. The director decides each unfinished game: the opponent wins by default (rules.md §5.5).
  //    One transaction per game (app::default_for_withdrawal); a repeated withdrawal after a
  //    failure carries on with the games still unfinished.
  const auto withdrawn_id = (*plan)->player.user.id;
  json decided = json::array();
  for (const auto game_id : (*plan)->games) {
    auto applied = app::default_for_withdrawal(deps, user, game_id, id, withdrawn_id, *reason);
    if (!applied) return problem_response(applied.error());
    decided.push_back(std::to_string(game_id));
  }

  // 3. Mark the player withdrawn.
  auto marked = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    const auto now = deps.clock.now(tx);
    db::withdraw_event_player(tx, id, withdrawn_id, *reason, now);
    db::write_audit(tx, {now, user.id, "player_withdrawn", std::nullopt, id, withdrawn_id, *reason,
                         json{{"games_defaulted", decided}}});
    return {};
  });
  if (!marked) return problem_response(marked.error());
  return show_event(deps, user, id);
}

Response replace(GameServiceDeps& deps, const Request& request, const db::User& user,
                 std::int64_t id) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto username = required_string(*body, "username", 64);
  if (!username) return problem_response(username.error());
  auto replacement_name = required_string(*body, "replacement", 64);
  if (!replacement_name) return problem_response(replacement_name.error());
  auto reason = reason_field(*body);
  if (!reason) return problem_response(reason.error());
  auto done = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<void> {
    auto event = db::load_event(tx, id, true);
    if (!event) return std::unexpected(event.error());
    auto player = active_player(tx, id, *username);
    if (!player) return std::unexpected(player.error());
    auto replacement = db::find_user(tx, *replacement_name);
    if (!replacement) {
      return fail(ErrorCode::kValidationError, "no user '" + *replacement_name + "'");
    }
    if (db::is_event_player(tx, id, replacement->id)) {
      return fail(ErrorCode::kConflict,
                  "'" + replacement->username + "' already plays (or played) in this event");
    }
    const auto now = deps.clock.now(tx);
    if (auto ok = db::replace_event_player(tx, id, player->user.id, replacement->id, *reason, now);
        !ok) {
      return ok;
    }
    // The replacement takes over the unfinished games as they stand; the replaced player's
    // private pending move and conditional lines go with them.
    json games = json::array();
    for (const auto game_id : db::unfinished_games_of(tx, id, player->user.id)) {
      auto stored = db::load_game(tx, game_id, true);
      if (!stored) return std::unexpected(stored.error());
      const Color side = stored->white.id == player->user.id ? Color::kWhite : Color::kBlack;
      db::set_player(tx, game_id, side, replacement->id);
      if (stored->pending && stored->pending->side == side) db::delete_pending(tx, game_id);
      db::save_conditional(tx, game_id, side, {}, now);
      auto reloaded = db::load_game(tx, game_id, true);
      if (!reloaded) return std::unexpected(reloaded.error());
      auto game = app::replay_game(deps, *reloaded, now);
      if (!game) return std::unexpected(game.error());
      db::update_cache(tx, game_id, game->state());
      const auto opponent = side == Color::kWhite ? stored->black.id : stored->white.id;
      const json message = {{"type", "player_replaced"},
                            {"game_id", std::to_string(game_id)},
                            {"at", rfc3339(now)},
                            {"event_id", std::to_string(id)},
                            {"side", game::color_name(side)},
                            {"player", player->user.username},
                            {"replacement", replacement->username},
                            {"reason", *reason}};
      db::notify_game(tx, game_id, {player->user.id, replacement->id, opponent},
                      json::array({message}));
      games.push_back(std::to_string(game_id));
    }
    db::write_audit(tx,
                    {now, user.id, "player_replaced", std::nullopt, id, player->user.id, *reason,
                     json{{"player", player->user.username},
                          {"replacement", replacement->username},
                          {"games", games}}});
    return {};
  });
  if (!done) return problem_response(done.error());
  return show_event(deps, user, id);
}

Response crosstable(GameServiceDeps& deps, const Request& request, std::int64_t id) {
  std::string format = "json";
  if (auto it = request.query.find("format"); it != request.query.end()) format = it->second;
  if (format != "json" && format != "text" && format != "html") {
    return problem_response(
        Error{ErrorCode::kValidationError, "format must be json, text or html"});
  }
  auto view = read_view(deps, id);
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
  auto view = read_view(deps, id);
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
  if (*claim != "win" && *claim != "draw") {
    return problem_response(Error{ErrorCode::kValidationError, "claim must be win or draw"});
  }
  auto analysis = optional_string(*body, "analysis", kMaxAnalysis, Text::kMultiline);
  if (!analysis) return problem_response(analysis.error());
  const std::string text = analysis->value_or("");
  if (*claim == "win" && text.find_first_not_of(" \t\r\n") == std::string::npos) {
    return problem_response(
        Error{ErrorCode::kValidationError, "a win claim needs the analysis that proves it"});
  }
  auto filed = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    auto stored = db::load_game(tx, *game_id, true);  // serialises with the director's decision
    if (!stored || stored->event_id != id) {
      return fail(ErrorCode::kValidationError,
                  "game " + game_text + " is not a game of event " + std::to_string(id));
    }
    std::optional<Color> side;
    if (stored->white.id == user.id) side = Color::kWhite;
    if (stored->black.id == user.id) side = Color::kBlack;
    if (!side) return fail(ErrorCode::kForbidden, "you do not play in this game");
    const auto now = deps.clock.now(tx);
    auto game = app::replay_game(deps, *stored, now);
    if (!game) return std::unexpected(game.error());
    if (game->state().status != game::GameStatus::kAdjudicationPending) {
      return fail(ErrorCode::kConflict, "the game is not awaiting adjudication");
    }
    std::optional<Timestamp> since;
    for (const auto& e : stored->facts.events) {
      if (e.kind == game::EventKind::kAdjudicationPending) since = e.at;
    }
    if (!since) return fail(ErrorCode::kConflict, "the game is not awaiting adjudication");
    const Timestamp due = *since + kAdjudicationClaimWindow;
    if (now >= due) {
      return fail(ErrorCode::kConflict, "the claim window closed at " + rfc3339(due) +
                                            "; without a claim a draw is taken as claimed");
    }
    db::AdjudicationClaim c{*game_id, *side, user.id, *claim, text, now};
    db::save_adjudication_claim(tx, c);
    return json{{"game_id", std::to_string(*game_id)},
                {"side", game::color_name(*side)},
                {"claim", *claim},
                {"analysis", text},
                {"filed_at", rfc3339(now)},
                {"claims_due", rfc3339(due)}};
  });
  if (!filed) return problem_response(filed.error());
  return json_response(201, *filed);
}

}  // namespace

Result<void> may_watch_live(GameServiceDeps& deps, const db::User& user, std::int64_t game_id) {
  auto shown = app::view_game(deps, user, game_id);
  if (!shown) return std::unexpected(shown.error());
  const auto status = shown->state.status;
  if (!shown->stored.event_id || shown->viewer || is_director(user) ||
      status == game::GameStatus::kFinished || status == game::GameStatus::kAnnulled) {
    return {};
  }
  auto visibility = db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<db::GameVisibility>(db::event_visibility(tx, *shown->stored.event_id));
  });
  if (!visibility) return std::unexpected(visibility.error());
  if (visibility->mode == db::Visibility::kDelayed) {
    return fail(ErrorCode::kForbidden,
                "the games of this event are shown to others with a delay, not live");
  }
  return {};
}

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
               return start(deps, u, id);
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
