#include "api/games.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/rule_settings.h"
#include "app/game_start.h"
#include "app/notifications.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "db/codec.h"
#include "db/events.h"
#include "db/live_events.h"
#include "db/transaction.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

std::optional<Color> side_of(const db::StoredGame& g, const db::User& user) {
  if (user.id == g.white.id) return Color::kWhite;
  if (user.id == g.black.id) return Color::kBlack;
  return std::nullopt;
}

json clock_json(const game::ClockView& c) {
  json j = {{"remaining_seconds", c.remaining}, {"running", c.running}, {"on_leave", c.on_leave}};
  if (c.deadline) j["deadline"] = game::format_rfc3339(*c.deadline);
  if (c.bank) j["bank_seconds"] = *c.bank;
  return j;
}

json pending_json(const game::PendingMove& p) {
  json j = {{"move", {{"san", p.san}, {"uci", p.uci}, {"numeric", p.numeric}}},
            {"fen_after", p.fen_after},
            {"offer_draw", p.offer_draw},
            {"submitted_at", game::format_rfc3339(p.submitted_at)},
            {"ply", p.ply}};
  if (p.message) j["message"] = *p.message;
  return j;
}

game::GameContext context_for(const GameServiceDeps& deps, const db::StoredGame& g) {
  game::GameContext ctx;
  ctx.zone = deps.zone;
  ctx.leave = g.leave;
  ctx.oracles = deps.oracles;
  ctx.running_use_40_plus_days = g.running_use_40_plus_days();
  return ctx;
}

Result<game::Game> replay(const GameServiceDeps& deps, const db::StoredGame& g,
                          game::Timestamp now) {
  auto result = game::Game::replay(g.facts, context_for(deps, g), now);
  if (!result) {
    db::log_database_error("game " + std::to_string(g.id) +
                           " cannot be replayed: " + result.error().detail);
    return fail(ErrorCode::kInternal, "stored game is inconsistent");
  }
  return result;
}

// The live messages of one state change (api.md "Live events"), queued with NOTIFY so they
// reach the players' sockets on every instance after the commit.
void notify_players(pqxx::work& tx, const db::StoredGame& stored, const game::GameState& before,
                    const std::vector<game::MoveFact>& moves,
                    const std::vector<game::GameEvent>& events, const game::GameState& after) {
  const auto game_id = std::to_string(stored.id);
  const auto at = game::format_rfc3339(after.now);
  json messages = json::array();
  auto message = [&](const char* type) {
    return json{{"type", type}, {"game_id", game_id}, {"at", at}, {"version", stored.version + 1}};
  };
  for (const auto& fact : moves) {
    const auto index = static_cast<std::size_t>(fact.ply - 1);
    if (index >= after.moves.size()) continue;
    const auto& m = after.moves[index];
    json j = message("move");
    j["ply"] = m.ply;
    j["by"] = game::color_name(m.side);
    j["move"] = {{"san", m.san}, {"uci", m.uci}, {"numeric", m.numeric}};
    j["fen_after"] = m.fen_after;
    j["conditional"] = m.played_as_conditional;
    if (m.message) j["message"] = *m.message;
    messages.push_back(j);
    if (m.offer_draw) {
      json offer = message("draw_offer");
      offer["by"] = game::color_name(m.side);
      offer["ply"] = m.ply;
      messages.push_back(offer);
    }
  }
  bool clock_changed = false;
  bool ending_event = false;
  for (const auto& e : events) {
    switch (e.kind) {
      case game::EventKind::kFlagFall:
      case game::EventKind::kResultSet:
      case game::EventKind::kAnnulled:
      case game::EventKind::kDrawAccepted:
      case game::EventKind::kResigned: ending_event = true; break;
      case game::EventKind::kDrawDeclined: {
        json j = message("draw_declined");
        if (e.side) j["by"] = game::color_name(*e.side);
        messages.push_back(j);
        break;
      }
      case game::EventKind::kClaim: {
        json j = message("claim");
        if (e.side) j["by"] = game::color_name(*e.side);
        if (e.claim_type) j["claim"] = game::to_string(*e.claim_type);
        j["upheld"] = e.upheld.value_or(false);
        j["reason"] = e.reason;
        messages.push_back(j);
        ending_event = ending_event || e.upheld.value_or(false);
        break;
      }
      case game::EventKind::kClockRefill:
      case game::EventKind::kClockAdjusted:
      case game::EventKind::kSuspended:
      case game::EventKind::kResumed: clock_changed = true; break;
      default: break;
    }
  }
  if (clock_changed) {
    json j = message("clock");
    j["clocks"] = {{"white", clock_json(after.clock_of(Color::kWhite))},
                   {"black", clock_json(after.clock_of(Color::kBlack))}};
    j["suspended"] = after.suspended;
    messages.push_back(j);
  }
  if (before.status == game::GameStatus::kNotStarted &&
      after.status == game::GameStatus::kOngoing) {
    messages.push_back(message("game_started"));
  }
  if (after.status == game::GameStatus::kAdjudicationPending &&
      before.status != game::GameStatus::kAdjudicationPending) {
    messages.push_back(message("adjudication_pending"));
  }
  const bool over =
      after.status == game::GameStatus::kFinished || after.status == game::GameStatus::kAnnulled;
  const bool result_changed = before.result != after.result || before.status != after.status;
  // A replay "now" past a deadline already shows the flag fall the scheduler is storing, so
  // the stored ending event counts as a change too.
  if (over && (result_changed || ending_event)) {
    json j = message("game_over");
    j["status"] = game::to_string(after.status);
    if (after.result) j["result"] = game::to_string(*after.result);
    if (after.termination) j["termination"] = game::to_string(*after.termination);
    if (!after.end_reason.empty()) j["reason"] = after.end_reason;
    messages.push_back(j);
  }
  if (messages.empty()) return;
  db::notify_game(tx, stored.id, {stored.white.id, stored.black.id}, messages);
}

std::array<game::ConditionalTree, 2> conditional_trees(const db::StoredGame& g,
                                                       const game::Game& game) {
  std::array<game::ConditionalTree, 2> trees;
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const auto& lines = g.conditional[chess::index(c)];
    if (lines.empty() || game.state().to_move == c) continue;
    auto tree = game::ConditionalTree::build(game.state().position, c, lines);
    if (tree) trees[chess::index(c)] = std::move(*tree);
  }
  return trees;
}

// Event visibility (event setting `visibility`, api/events): what a user who neither plays
// in an unfinished event game nor directs may see of it. live: everything. delayed N: the
// game as it stood when its last N plies had not been played yet, with no draw offer,
// legal moves or running clocks. after_end: nothing (kForbidden) until the game is over.
Result<void> restrict_to_event_visibility(const GameServiceDeps& deps, pqxx::work& tx,
                                          const db::User& user, Applied& shown) {
  const auto& s = shown.state;
  if (!shown.stored.event_id || shown.viewer || require_director(user)) return {};
  if (s.status == game::GameStatus::kFinished || s.status == game::GameStatus::kAnnulled) return {};
  const auto visibility = db::event_visibility(tx, *shown.stored.event_id);
  switch (visibility.mode) {
    case db::Visibility::kLive: return {};
    case db::Visibility::kAfterEnd:
      return fail(ErrorCode::kForbidden,
                  "the games of this event are shown to others only once they are over");
    case db::Visibility::kDelayed: break;
  }
  const int plies = std::max(0, s.ply - visibility.delay_moves);
  game::GameState view = s;
  if (plies < s.ply) {
    // Replay the facts of the first `plies` moves at the instant the next one was played.
    game::GameFacts facts = shown.stored.facts;
    const auto hidden_from = facts.moves[static_cast<std::size_t>(plies)].at;
    facts.moves.resize(static_cast<std::size_t>(plies));
    std::erase_if(facts.events, [&](const game::GameEvent& e) { return e.ply > plies; });
    auto past = game::Game::replay(std::move(facts), context_for(deps, shown.stored), hidden_from);
    if (!past) return fail(ErrorCode::kInternal, "stored game is inconsistent");
    view = past->state();
    view.now = s.now;
    view.status = s.status;
  }
  view.draw_offer.reset();
  view.legal_moves.clear();
  view.claimable = {};
  for (auto& clock : view.clocks) {
    clock.running = false;
    clock.deadline.reset();
  }
  shown.state = std::move(view);
  shown.stored.pending.reset();
  return {};
}

// The fact that stops play at a standard event's end date (rules.md §5.4), stamped at `end`:
// a flag fall that came before it, else adjudication pending; nullopt when the game was
// over by then. If facts were stored after `end` (the scheduler ran late), the game is
// marked as it stands at `now`.
Result<std::optional<game::GameEvent>> end_of_play_fact(const GameServiceDeps& deps,
                                                        const db::StoredGame& stored,
                                                        game::Timestamp end, game::Timestamp now) {
  game::Timestamp at = end;
  const auto& facts = stored.facts;
  if ((!facts.moves.empty() && facts.moves.back().at > end) ||
      (!facts.events.empty() && facts.events.back().at > end)) {
    at = now;
  }
  auto game = replay(deps, stored, at);
  if (!game) return std::unexpected(game.error());
  if (auto fall = game::decide_flag_fall(*game)) return fall;
  auto marked = game::mark_adjudication_pending(*game);
  if (!marked || marked->events.empty()) return std::optional<game::GameEvent>{};
  return std::optional<game::GameEvent>{marked->events.front()};
}

Response create_game(GameServiceDeps& deps, const Request& request, const db::User& user) {
  if (auto ok = require_director(user); !ok) return problem_response(ok.error());
  auto body = json_object_body(request);
  if (!body) return problem_response(body.error());
  auto white = required_string(*body, "white", 64);
  if (!white) return problem_response(white.error());
  auto black = required_string(*body, "black", 64);
  if (!black) return problem_response(black.error());
  auto settings = parse_rule_settings(*body);
  if (!settings) return problem_response(settings.error());
  auto initial_fen = optional_string(*body, "initial_fen", 200);
  if (!initial_fen) return problem_response(initial_fen.error());

  auto created = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<Applied> {
    const auto now = deps.clock.now(tx);
    game::GameSetup setup = settings->game_setup(now);
    if (*initial_fen) setup.initial_fen = **initial_fen;
    auto w = db::find_user(tx, *white);
    if (!w) return fail(ErrorCode::kValidationError, "no user '" + *white + "'");
    auto b = db::find_user(tx, *black);
    if (!b) return fail(ErrorCode::kValidationError, "no user '" + *black + "'");
    if (w->id == b->id) return fail(ErrorCode::kValidationError, "a player cannot play himself");
    game::GameContext rules;
    rules.zone = deps.zone;
    rules.oracles = deps.oracles;
    auto prepared = app::prepare_game(std::move(setup), rules, now);
    if (!prepared) return std::unexpected(prepared.error());
    const auto id =
        db::insert_game(tx, w->id, b->id, std::nullopt, prepared->setup, prepared->state);
    app::queue_new_game_notifications(tx, id, w->id, b->id, std::nullopt, prepared->setup,
                                      prepared->state, now);
    db::write_audit(tx, {now, user.id, "game_created", id, std::nullopt, std::nullopt, "",
                         json{{"white", w->username}, {"black", b->username}}});
    auto stored = db::load_game(tx, id, false);
    if (!stored) return std::unexpected(stored.error());
    return Applied{*stored, prepared->state, std::nullopt, json::object()};
  });
  return render_game(created, 201);
}

Response get_game(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  return render_game(view_game(deps, user, id));
}

// The query of GET /games: status, to_move=me, event, opponent, variant, limit, cursor.
struct GameListQuery {
  db::GameListFilter filter;
  std::optional<std::string> opponent;
  std::optional<db::GameListCursor> after;
  int limit = 50;
};

constexpr int kMaxGamesPerPage = 200;

// A cursor as written by list(): "<sort key>.<id>", both decimal.
std::optional<db::GameListCursor> parse_cursor(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos) return std::nullopt;
  auto number = [](const std::string& digits) -> std::optional<std::int64_t> {
    if (digits.empty() || digits.size() > 18) return std::nullopt;
    if (!std::ranges::all_of(digits, [](char c) { return c >= '0' && c <= '9'; })) {
      return std::nullopt;
    }
    return std::stoll(digits);
  };
  auto key = number(text.substr(0, dot));
  auto id = number(text.substr(dot + 1));
  if (!key || !id) return std::nullopt;
  return db::GameListCursor{*key, *id};
}

Result<GameListQuery> parse_list_query(const Request& request) {
  GameListQuery q;
  const auto param = [&](const char* name) -> std::optional<std::string> {
    auto it = request.query.find(name);
    if (it == request.query.end()) return std::nullopt;
    return it->second;
  };
  if (auto status = param("status")) {
    if (*status != "active" && *status != "finished" && *status != "all") {
      return fail(ErrorCode::kValidationError, "status must be active, finished or all");
    }
    q.filter.status = *status;
  }
  if (auto to_move = param("to_move")) {
    if (*to_move != "me") return fail(ErrorCode::kValidationError, "to_move must be 'me'");
    q.filter.to_move_only = true;
  }
  if (auto event = param("event")) {
    auto id = parse_id(*event, "event");
    if (!id) return fail(ErrorCode::kValidationError, "event must be an event id");
    q.filter.event_id = *id;
  }
  if (auto variant = param("variant")) {
    auto v = game::parse_variant(*variant);
    if (!v) return fail(ErrorCode::kValidationError, "variant must be standard or chess960");
    q.filter.variant = *v;
  }
  q.opponent = param("opponent");
  auto limit = query_int(request, "limit", 1, kMaxGamesPerPage);
  if (!limit) return std::unexpected(limit.error());
  q.limit = limit->value_or(q.limit);
  if (auto cursor = param("cursor")) {
    q.after = parse_cursor(*cursor);
    if (!q.after) {
      return fail(ErrorCode::kValidationError,
                  "cursor must be a next_cursor from an earlier page of the same list");
    }
  }
  return q;
}

json listed_player_json(const db::ListedPlayer& p) {
  return {{"username", p.username}, {"display_name", p.display_name}};
}

// One entry of GET /games as `user` sees it: what a list shows without another request.
json list_entry_json(const db::GameListEntry& g, const db::User& user) {
  const bool white = g.white.username == user.username;
  const std::string my_color = white ? "white" : "black";
  const bool my_turn = g.status == "ongoing" && g.to_move == my_color;
  json j = {
      {"id", std::to_string(g.id)},
      {"white", g.white.username},
      {"black", g.black.username},
      {"my_color", my_color},
      {"opponent", listed_player_json(white ? g.black : g.white)},
      {"status", g.status},
      {"to_move", g.to_move},
      {"my_turn", my_turn},
      {"variant", g.variant},
      {"ply", g.ply},
      {"my_deadline", my_turn && g.deadline ? json(game::format_rfc3339(*g.deadline)) : json()},
      {"last_move",
       g.last_move_san && g.last_move_at
           ? json{{"san", *g.last_move_san}, {"at", game::format_rfc3339(*g.last_move_at)}}
           : json()},
      {"draw_offer_by", g.draw_offer_by ? json(*g.draw_offer_by) : json()},
      {"draw_offered_to_me", g.draw_offer_by.has_value() && *g.draw_offer_by != my_color},
      {"my_pending_move", g.my_pending_move},
      {"event", g.event_id
                    ? json{{"id", std::to_string(*g.event_id)}, {"name", g.event_name.value_or("")}}
                    : json()}};
  if (g.result) j["result"] = *g.result;
  if (g.termination) j["termination"] = *g.termination;
  return j;
}

Response list(GameServiceDeps& deps, const Request& request, const db::User& user) {
  auto query = parse_list_query(request);
  if (!query) return problem_response(query.error());
  auto page = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<json> {
    if (query->opponent) {
      auto opponent = db::find_user(tx, *query->opponent);
      if (!opponent) return fail(ErrorCode::kValidationError, "no user '" + *query->opponent + "'");
      query->filter.opponent_id = opponent->id;
    }
    const auto listed = db::list_games(tx, user.id, query->filter, query->after, query->limit);
    const auto counts = db::count_games(tx, user.id);
    json games = json::array();
    for (const auto& g : listed.games) games.push_back(list_entry_json(g, user));
    return json{{"games", games},
                {"next_cursor", listed.next ? json(std::to_string(listed.next->key) + "." +
                                                   std::to_string(listed.next->id))
                                            : json()},
                {"counts",
                 {{"to_move", counts.to_move},
                  {"ongoing", counts.ongoing},
                  {"finished", counts.finished}}}};
  });
  if (!page) return problem_response(page.error());
  return json_response(200, *page);
}

Result<game::MoveRequest> move_request(const Request& request) {
  auto body = json_object_body(request);
  if (!body) return std::unexpected(body.error());
  auto move = required_string(*body, "move", 16);
  if (!move) return std::unexpected(move.error());
  auto offer = optional_bool(*body, "offer_draw");
  if (!offer) return std::unexpected(offer.error());
  auto message = optional_string(*body, "message", 4 * game::kMaxMessageLength, Text::kMultiline);
  if (!message) return std::unexpected(message.error());
  auto use40 = optional_bool(*body, "use_40_plus_days");
  if (!use40) return std::unexpected(use40.error());
  return game::MoveRequest{*move, offer->value_or(false), *message, use40->value_or(false)};
}

// PGN export: Seven Tag Roster plus usernames, time control, termination, the start
// position when it is not the standard one, and per-move clock and timestamp comments.
Response pgn(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto shown = view_game(deps, user, id);
  if (!shown) return problem_response(shown.error());
  auto game = game_pgn(*shown);
  if (!game) return problem_response(game.error());
  auto text = chess::write_pgn(*game);
  if (!text) return problem_response(text.error());
  return text_response(200, "application/x-chess-pgn", *text);
}

}  // namespace

Result<std::int64_t> parse_id(const std::string& text, const char* what) {
  // Digits only: std::stoll alone would accept " 12" and "+12".
  if (!text.empty() && text.size() <= 18 &&
      text.find_first_not_of("0123456789") == std::string::npos) {
    const auto id = std::stoll(text);
    if (id > 0) return id;
  }
  return fail(ErrorCode::kNotFound, std::string("no ") + what + " " + text);
}

Result<game::Game> replay_game(const GameServiceDeps& deps, const db::StoredGame& stored,
                               game::Timestamp now) {
  return replay(deps, stored, now);
}

Result<chess::PgnGame> game_pgn(const Applied& shown) {
  const auto& s = shown.state;
  const auto& setup = shown.stored.facts.setup;
  chess::PgnGame out;
  out.start = s.initial;
  const auto start_date = game::utc_date(setup.start_at);
  char date[16];
  std::snprintf(date, sizeof date, "%04d.%02d.%02d", start_date.year, start_date.month,
                start_date.day);
  std::string result = "*";
  if (s.result && *s.result != game::GameResult::kDoubleDefault) {
    result = std::string(game::to_string(*s.result));
  }
  out.set_tag("Event", shown.stored.event_id
                           ? "corrchess event " + std::to_string(*shown.stored.event_id)
                           : "corrchess game " + std::to_string(shown.stored.id));
  out.set_tag("Site", "corrchess");
  out.set_tag("Date", date);
  out.set_tag("Round", "-");
  out.set_tag("White", shown.stored.white.display_name);
  out.set_tag("Black", shown.stored.black.display_name);
  out.set_tag("Result", result);
  out.set_tag("WhiteUsername", shown.stored.white.username);
  out.set_tag("BlackUsername", shown.stored.black.username);
  out.set_tag("TimeControl", game::pgn_time_control(setup.time_control));
  if (s.termination) out.set_tag("Termination", std::string(game::to_string(*s.termination)));
  if (setup.start_position) out.set_tag("Chess960", std::to_string(*setup.start_position));
  out.result = result;
  chess::Position pos = s.initial;
  for (const auto& m : s.moves) {
    auto move = chess::parse_uci(pos, m.uci);
    if (!move) return fail(ErrorCode::kInternal, "stored move unreadable");
    chess::PgnMove pm;
    pm.move = *move;
    const auto index = static_cast<std::size_t>(m.ply - 1);
    if (index < s.clock.moves.size()) {
      pm.comment = "[%clk " + game::format_pgn_clock(s.clock.moves[index].clock_after) + "] ";
    }
    pm.comment += "[%timestamp " + game::format_rfc3339(m.at) + "]";
    out.moves.push_back(std::move(pm));
    pos.play(*move);
  }
  return out;
}

Result<Precondition> read_precondition(const Request& request, const json* body) {
  Precondition p;
  if (body != nullptr && body->contains("ply") && !(*body)["ply"].is_null()) {
    const auto& ply = (*body)["ply"];
    if (!ply.is_number_integer() || ply.get<std::int64_t>() < 0 ||
        ply.get<std::int64_t>() > 100000) {
      return fail(ErrorCode::kValidationError,
                  "field 'ply' must be the number of plies you saw (an integer >= 0)");
    }
    p.ply = ply.get<int>();
  }
  if (auto tag = request.header("if-match")) {
    std::string_view v = *tag;
    if (v.starts_with("W/")) v.remove_prefix(2);
    const bool quoted = v.size() >= 3 && v.front() == '"' && v.back() == '"';
    if (quoted) v = v.substr(1, v.size() - 2);
    const bool digits = quoted && v.size() <= 9 &&
                        std::ranges::all_of(v, [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) {
      return fail(ErrorCode::kValidationError,
                  "If-Match must be the game's version as an entity tag, e.g. \"12\"");
    }
    p.version = std::stoi(std::string(v));
  }
  return p;
}

Result<Applied> run_game_command(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                                 bool must_play, const GameCommand& command,
                                 const Precondition& expect) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<Applied> {
    auto stored = db::load_game(tx, id, true);
    if (!stored) return std::unexpected(stored.error());
    const auto side = side_of(*stored, user);
    if (must_play && !side) return fail(ErrorCode::kForbidden, "you do not play in this game");
    const auto now = deps.clock.now(tx);
    auto game = replay(deps, *stored, now);
    if (!game) return std::unexpected(game.error());
    if (expect.version && *expect.version != stored->version) {
      return fail(ErrorCode::kStaleGame, "the game has changed since you read it (version " +
                                             std::to_string(*expect.version) + ", now " +
                                             std::to_string(stored->version) + ")");
    }
    if (expect.ply && *expect.ply != game->state().ply) {
      return fail(ErrorCode::kStaleGame, "the game has changed since you read it (" +
                                             std::to_string(*expect.ply) + " plies, now " +
                                             std::to_string(game->state().ply) + ")");
    }
    json extra = json::object();
    auto outcome = command(*stored, *game, side, tx, extra);
    if (!outcome) return std::unexpected(outcome.error());
    Applied applied{*stored, game->state(), side, extra};
    if (*outcome) {
      auto& o = **outcome;
      db::append_facts(tx, id, o.moves, o.events, stored->facts.events.size(), o.game.state());
      for (const auto& m : o.moves) applied.stored.facts.moves.push_back(m);
      for (const auto& e : o.events) applied.stored.facts.events.push_back(e);
      if (!o.moves.empty()) {
        db::delete_pending(tx, id);
        applied.stored.pending.reset();
      }
      if (o.conditional) {
        for (Color c : {Color::kWhite, Color::kBlack}) {
          auto lines = (*o.conditional)[chess::index(c)].lines();
          db::save_conditional(tx, id, c, lines, now);
          applied.stored.conditional[chess::index(c)] = lines;
        }
      }
      db::update_cache(tx, id, o.game.state());  // bumps the version
      applied.stored.version = stored->version + 1;
      applied.state = o.game.state();
      notify_players(tx, *stored, game->state(), o.moves, o.events, o.game.state());
      app::queue_game_notifications(tx, *stored, game->state(), o.moves, o.events, o.game.state(),
                                    now);
    }
    return applied;
  });
}

Response render_game(const Result<Applied>& applied, int status) {
  if (!applied) return problem_response(applied.error());
  json body = game_json(applied->stored, applied->state, applied->viewer, applied->show_messages);
  if (!applied->extra.empty()) {
    json wrapped = applied->extra;
    wrapped["game"] = body;
    return json_response(status, wrapped);
  }
  return json_response(status, body);
}

Response game_problem(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                      const Error& error) {
  if (error.code != ErrorCode::kStaleGame) return problem_response(error);
  auto shown = view_game(deps, user, id);
  if (!shown) return problem_response(error);
  return problem_response(
      error,
      {{"game", game_json(shown->stored, shown->state, shown->viewer, shown->show_messages)}});
}

Handler with_user_id(db::Pool& pool, const char* what, GameHandler fn) {
  return [&pool, what, fn](const Request& request, const PathParams& params) {
    auto user = authenticate(pool, request);
    if (!user) return problem_response(user.error());
    std::int64_t id = 0;
    if (auto it = params.find("id"); it != params.end()) {
      auto parsed = parse_id(it->second, what);
      if (!parsed) return problem_response(parsed.error());
      id = *parsed;
    }
    return fn(request, *user, id);
  };
}

Handler with_user(GameServiceDeps& deps, GameHandler fn) {
  return with_user_id(deps.pool, "game", std::move(fn));
}

// A game replayed at now for `user` (read-only).
Result<Applied> view_game(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<Applied> {
    auto stored = db::load_game(tx, id, false);
    if (!stored) return std::unexpected(stored.error());
    auto g = replay(deps, *stored, deps.clock.now(tx));
    if (!g) return std::unexpected(g.error());
    Applied shown{*stored, g->state(), side_of(*stored, user), json::object()};
    // What the players write each other is theirs (and the directors'), not the audience's.
    shown.show_messages = shown.viewer.has_value() || require_director(user).has_value();
    if (auto ok = restrict_to_event_visibility(deps, tx, user, shown); !ok) {
      return std::unexpected(ok.error());
    }
    return shown;
  });
}

Result<int> decide_due_games(GameServiceDeps& deps, int limit) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<int> {
    const auto now = deps.clock.now(tx);
    const auto ids = db::claim_due_games(tx, now, limit);
    int decided = 0;
    for (const auto id : ids) {
      auto stored = db::load_game(tx, id, true);
      if (!stored) return std::unexpected(stored.error());
      auto game = replay(deps, *stored, now);
      if (!game) return std::unexpected(game.error());
      game::GameState state = game->state();
      std::vector<game::GameEvent> events;
      auto fact = game::decide_flag_fall(*game);
      if (stored->event_id) {
        if (const auto end = db::event_adjudication_at(tx, *stored->event_id); end && *end <= now) {
          auto ending = end_of_play_fact(deps, *stored, *end, now);
          if (!ending) return std::unexpected(ending.error());
          if (*ending) fact = *ending;
        }
      }
      if (fact) {
        const bool flag_fall = fact->kind == game::EventKind::kFlagFall;
        events.push_back(*fact);
        auto facts = stored->facts;
        facts.events.push_back(*fact);
        auto after = game::Game::replay(facts, context_for(deps, *stored), now);
        if (!after) return std::unexpected(after.error());
        state = after->state();
        db::append_facts(tx, id, {}, events, stored->facts.events.size(), state);
        db::delete_pending(tx, id);
        if (flag_fall) {
          deps.metrics.add("corrchess_flag_falls_total", 1, "Flag falls decided by the scheduler.");
        } else {
          deps.metrics.add("corrchess_adjudication_pending_total", 1,
                           "Games that reached their event's end date unfinished.");
        }
      }
      db::update_cache(tx, id, state);
      notify_players(tx, *stored, game->state(), {}, events, state);
      app::queue_game_notifications(tx, *stored, game->state(), {}, events, state, now);
      ++decided;
    }
    deps.metrics.add("corrchess_scheduler_decisions_total", decided,
                     "Games the flag-fall scheduler processed.");
    return decided;
  });
}

Result<std::optional<game::Timestamp>> next_due(GameServiceDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<std::optional<game::Timestamp>>(db::next_deadline(tx));
  });
}

json game_json(const db::StoredGame& stored, const game::GameState& s, std::optional<Color> viewer,
               bool show_messages) {
  const auto& setup = stored.facts.setup;
  json j = {{"id", std::to_string(stored.id)},
            {"variant", game::to_string(setup.variant)},
            {"white", user_json(stored.white)},
            {"black", user_json(stored.black)},
            {"status", game::to_string(s.status)},
            {"initial_fen", s.initial.fen()},
            {"fen", s.position.fen()},
            {"to_move", game::color_name(s.to_move)},
            {"ply", s.ply},
            {"start_at", game::format_rfc3339(setup.start_at)},
            {"time_control", db::time_control_json(setup.time_control)},
            {"version", stored.version},
            {"now", game::format_rfc3339(s.now)}};
  if (stored.event_id) j["event_id"] = std::to_string(*stored.event_id);
  if (setup.start_position) j["start_position"] = *setup.start_position;
  if (s.result) j["result"] = game::to_string(*s.result);
  if (s.termination) j["termination"] = game::to_string(*s.termination);
  if (s.finished_at) j["finished_at"] = game::format_rfc3339(*s.finished_at);
  if (!s.end_reason.empty()) j["end_reason"] = s.end_reason;
  json moves = json::array();
  for (const auto& m : s.moves) {
    json mj = {{"ply", m.ply},
               {"san", m.san},
               {"uci", m.uci},
               {"numeric", m.numeric},
               {"fen_after", m.fen_after},
               {"at", game::format_rfc3339(m.at)},
               {"elapsed_seconds", m.elapsed},
               {"offer_draw", m.offer_draw},
               {"conditional", m.played_as_conditional}};
    if (m.message && show_messages) mj["message"] = *m.message;
    const auto index = static_cast<std::size_t>(m.ply - 1);
    if (index < s.clock.moves.size()) {
      const auto& rec = s.clock.moves[index];
      mj["clock"] = {
          {"charged_seconds", rec.charged},         {"stopped_seconds", rec.stopped},
          {"increment_seconds", rec.increment},     {"bank_change_seconds", rec.bank_change},
          {"clock_after_seconds", rec.clock_after}, {"bank_after_seconds", rec.bank_after}};
    }
    moves.push_back(mj);
  }
  j["moves"] = moves;
  j["clocks"] = {{"white", clock_json(s.clock_of(Color::kWhite))},
                 {"black", clock_json(s.clock_of(Color::kBlack))}};
  if (s.draw_offer) {
    j["draw_offer"] = {{"by", game::color_name(s.draw_offer->by)}, {"ply", s.draw_offer->ply}};
  }
  if (viewer && stored.pending && stored.pending->side == *viewer) {
    j["pending_move"] = pending_json(*stored.pending);
  }
  j["legal_moves"] = s.legal_moves;
  j["claimable"] = {{"threefold", s.claimable.threefold},
                    {"fifty_moves", s.claimable.fifty_moves},
                    {"tablebase", s.claimable.tablebase}};
  return j;
}

void add_game_routes(Router& router, GameServiceDeps& deps) {
  router.add("POST", "/api/v1/admin/games",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return create_game(deps, r, u);
             }));
  router.add("GET", "/api/v1/games",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t) {
               return list(deps, r, u);
             }));
  router.add("GET", "/api/v1/games/{id}",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return get_game(deps, u, id);
             }));

  router.add("GET", "/api/v1/games/{id}/pgn",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               return pgn(deps, u, id);
             }));

  // Submit: validates and stores the private pending move; changes no fact.
  router.add("POST", "/api/v1/games/{id}/moves",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto req = move_request(r);
               if (!req) return problem_response(req.error());
               const auto body = json::parse(r.body, nullptr, false);
               auto expect = read_precondition(r, &body);
               if (!expect) return problem_response(expect.error());
               std::optional<game::PendingMove> pending;
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work& tx, json&) -> Result<std::optional<game::Outcome>> {
                     auto p = game::submit_move(game, *side, *req);
                     if (!p) return std::unexpected(p.error());
                     db::save_pending(tx, g.id, *p);
                     g.pending = *p;
                     pending = *p;
                     return std::optional<game::Outcome>{};
                   },
                   *expect);
               if (!applied) return game_problem(deps, u, id, applied.error());
               return json_response(200, {{"pending", pending_json(*pending)}});
             }));
  router.add("DELETE", "/api/v1/games/{id}/moves/pending",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game&, std::optional<Color> side,
                       pqxx::work& tx, json&) -> Result<std::optional<game::Outcome>> {
                     if (!g.pending || g.pending->side != *side) {
                       return fail(ErrorCode::kNoPendingMove, "you have no pending move");
                     }
                     db::delete_pending(tx, g.id);
                     return std::optional<game::Outcome>{};
                   });
               if (!applied) return problem_response(applied.error());
               return text_response(204, "application/json", "");
             }));
  router.add("POST", "/api/v1/games/{id}/moves/accept",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto body = json_object_body(r);
               if (!body) return problem_response(body.error());
               auto move = required_string(*body, "move", 16);
               if (!move) return problem_response(move.error());
               auto expect = read_precondition(r, &*body);
               if (!expect) return problem_response(expect.error());
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work&, json&) -> Result<std::optional<game::Outcome>> {
                     std::optional<game::PendingMove> mine;
                     if (g.pending && g.pending->side == *side) mine = g.pending;
                     auto o =
                         game::accept_move(game, *side, mine, *move, conditional_trees(g, game));
                     if (!o) return std::unexpected(o.error());
                     return std::optional<game::Outcome>{std::move(*o)};
                   },
                   *expect);
               if (!applied) return game_problem(deps, u, id, applied.error());
               deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
               return render_game(applied);
             }));

  auto simple = [&deps, &router](
                    const char* path,
                    std::function<Result<game::Outcome>(const game::Game&, Color)> fn) {
    router.add("POST", path,
               with_user(deps, [&deps, fn](const Request& r, const db::User& u, std::int64_t id) {
                 // These take no body but an optional {"ply"} precondition.
                 auto body = json_object_body(r, true);
                 if (!body) return problem_response(body.error());
                 auto expect = read_precondition(r, &*body);
                 if (!expect) return problem_response(expect.error());
                 auto applied = run_game_command(
                     deps, u, id, true,
                     [&](db::StoredGame&, const game::Game& game, std::optional<Color> side,
                         pqxx::work&, json&) -> Result<std::optional<game::Outcome>> {
                       auto o = fn(game, *side);
                       if (!o) return std::unexpected(o.error());
                       return std::optional<game::Outcome>{std::move(*o)};
                     },
                     *expect);
                 if (!applied) return game_problem(deps, u, id, applied.error());
                 return render_game(applied);
               }));
  };
  simple("/api/v1/games/{id}/draw/accept", game::accept_draw);
  simple("/api/v1/games/{id}/draw/decline", game::decline_draw);
  simple("/api/v1/games/{id}/resign", game::resign);

  router.add("POST", "/api/v1/games/{id}/claims",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto body = json_object_body(r);
               if (!body) return problem_response(body.error());
               auto type = required_string(*body, "type", 32);
               if (!type) return problem_response(type.error());
               auto move = optional_string(*body, "move", 16);
               if (!move) return problem_response(move.error());
               auto expect = optional_string(*body, "expect", 16);
               if (!expect) return problem_response(expect.error());
               game::ClaimRequest req;
               auto t = game::parse_claim_type(*type);
               if (!t) return problem_response(t.error());
               req.type = *t;
               req.move = *move;
               if (*expect) {
                 auto e = game::parse_claim_expectation(**expect);
                 if (!e) return problem_response(e.error());
                 req.expect = *e;
               }
               auto precondition = read_precondition(r, &*body);
               if (!precondition) return problem_response(precondition.error());
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work&, json& extra) -> Result<std::optional<game::Outcome>> {
                     auto o = game::claim(game, *side, req, conditional_trees(g, game));
                     if (!o) return std::unexpected(o.error());
                     extra = {{"upheld", o->upheld}, {"reason", o->reason}};
                     return std::optional<game::Outcome>{std::move(*o)};
                   },
                   *precondition);
               if (!applied) return game_problem(deps, u, id, applied.error());
               return render_game(applied);
             }));

  router.add("POST", "/api/v1/games/{id}/clock/refill",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto body = json_object_body(r, true);
               if (!body) return problem_response(body.error());
               auto seconds = optional_int(*body, "seconds");
               if (!seconds) return problem_response(seconds.error());
               return render_game(run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame&, const game::Game& game, std::optional<Color> side,
                       pqxx::work&, json&) -> Result<std::optional<game::Outcome>> {
                     auto o = game::refill_clock(game, *side, *seconds);
                     if (!o) return std::unexpected(o.error());
                     return std::optional<game::Outcome>{std::move(*o)};
                   }));
             }));

  // Conditional moves: only ever shown to their owner.
  router.add("PUT", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto body = json_object_body(r);
               if (!body) return problem_response(body.error());
               if (!body->contains("lines") || !(*body)["lines"].is_array()) {
                 return problem_response(
                     Error{ErrorCode::kValidationError, "field 'lines' must be a list of lines"});
               }
               std::vector<game::ConditionalLine> lines;
               for (const auto& line : (*body)["lines"]) {
                 if (!line.is_array() || line.empty()) {
                   return problem_response(Error{ErrorCode::kValidationError,
                                                 "each line must be a non-empty list of moves"});
                 }
                 game::ConditionalLine l;
                 for (const auto& m : line) {
                   if (!m.is_string()) {
                     return problem_response(
                         Error{ErrorCode::kValidationError, "moves in lines must be strings"});
                   }
                   l.push_back(m.get<std::string>());
                 }
                 lines.push_back(std::move(l));
               }
               json stored_lines;
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work& tx, json&) -> Result<std::optional<game::Outcome>> {
                     auto tree = game::store_conditional(game, *side, lines);
                     if (!tree) return std::unexpected(tree.error());
                     db::save_conditional(tx, g.id, *side, tree->lines(), game.state().now);
                     stored_lines = tree->lines_san(game.state().position);
                     return std::optional<game::Outcome>{};
                   });
               if (!applied) return problem_response(applied.error());
               return json_response(200, {{"lines", stored_lines}});
             }));
  router.add("GET", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               json lines = json::array();
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work&, json&) -> Result<std::optional<game::Outcome>> {
                     auto trees = conditional_trees(g, game);
                     lines = trees[chess::index(*side)].lines_san(game.state().position);
                     return std::optional<game::Outcome>{};
                   });
               if (!applied) return problem_response(applied.error());
               return json_response(200, {{"lines", lines}});
             }));
  router.add("DELETE", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               auto applied = run_game_command(
                   deps, u, id, true,
                   [&](db::StoredGame& g, const game::Game& game, std::optional<Color> side,
                       pqxx::work& tx, json&) -> Result<std::optional<game::Outcome>> {
                     db::save_conditional(tx, g.id, *side, {}, game.state().now);
                     return std::optional<game::Outcome>{};
                   });
               if (!applied) return problem_response(applied.error());
               return text_response(204, "application/json", "");
             }));
}

}  // namespace corrchess::api
