#include "api/games.h"

#include <algorithm>
#include <functional>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/rule_settings.h"
#include "core/chess/pgn.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

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
  app::SingleGameRequest req{*white, *black, settings->game_setup(game::Timestamp{}),
                             settings->start_at, *initial_fen};
  return render_game(app::create_single_game(deps, user, std::move(req)), 201);
}

// The query of GET /games: status, to_move=me, event, opponent, variant, limit, cursor.
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

Result<app::GameListRequest> parse_list_query(const Request& request) {
  app::GameListRequest q;
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

Response list(GameServiceDeps& deps, const Request& request, const db::User& user) {
  auto query = parse_list_query(request);
  if (!query) return problem_response(query.error());
  auto listed = app::list_games(deps, user, std::move(*query));
  if (!listed) return problem_response(listed.error());
  const auto& page = listed->page;
  json games = json::array();
  for (const auto& g : page.games) games.push_back(list_entry_json(g, user));
  return json_response(200, {{"games", games},
                             {"next_cursor", page.next ? json(std::to_string(page.next->key) + "." +
                                                              std::to_string(page.next->id))
                                                       : json()},
                             {"counts",
                              {{"to_move", listed->counts.to_move},
                               {"ongoing", listed->counts.ongoing},
                               {"finished", listed->counts.finished}}}});
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
  auto shown = app::view_game(deps, user, id);
  if (!shown) return problem_response(shown.error());
  auto game = game_pgn(*shown);
  if (!game) return problem_response(game.error());
  auto text = chess::write_pgn(*game);
  if (!text) return problem_response(text.error());
  return text_response(200, "application/x-chess-pgn", *text);
}

// The precondition of a request whose body is optional: {"ply"} and If-Match.
Result<app::Precondition> optional_body_precondition(const Request& r) {
  auto body = json_object_body(r, true);
  if (!body) return std::unexpected(body.error());
  return read_precondition(r, &*body);
}

// The conditional lines of a PUT body: {"lines": [[move, ...], ...]}.
Result<std::vector<game::ConditionalLine>> conditional_lines(const Request& r) {
  auto body = json_object_body(r);
  if (!body) return std::unexpected(body.error());
  if (!body->contains("lines") || !(*body)["lines"].is_array()) {
    return fail(ErrorCode::kValidationError, "field 'lines' must be a list of lines");
  }
  std::vector<game::ConditionalLine> lines;
  for (const auto& line : (*body)["lines"]) {
    if (!line.is_array() || line.empty()) {
      return fail(ErrorCode::kValidationError, "each line must be a non-empty list of moves");
    }
    game::ConditionalLine l;
    for (const auto& m : line) {
      if (!m.is_string())
        return fail(ErrorCode::kValidationError, "moves in lines must be strings");
      l.push_back(m.get<std::string>());
    }
    lines.push_back(std::move(l));
  }
  return lines;
}

// A claim body: {type, move?, expect?} plus the precondition.
Result<std::pair<game::ClaimRequest, app::Precondition>> claim_request(const Request& r) {
  auto body = json_object_body(r);
  if (!body) return std::unexpected(body.error());
  auto type = required_string(*body, "type", 32);
  if (!type) return std::unexpected(type.error());
  auto move = optional_string(*body, "move", 16);
  if (!move) return std::unexpected(move.error());
  auto expect = optional_string(*body, "expect", 16);
  if (!expect) return std::unexpected(expect.error());
  game::ClaimRequest req;
  auto t = game::parse_claim_type(*type);
  if (!t) return std::unexpected(t.error());
  req.type = *t;
  req.move = *move;
  if (*expect) {
    auto e = game::parse_claim_expectation(**expect);
    if (!e) return std::unexpected(e.error());
    req.expect = *e;
  }
  auto precondition = read_precondition(r, &*body);
  if (!precondition) return std::unexpected(precondition.error());
  return std::pair{req, *precondition};
}

json san_lines_json(const app::SanLines& lines) {
  json j = json::array();
  for (const auto& line : lines) j.push_back(line);
  return j;
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

Result<app::Precondition> read_precondition(const Request& request, const json* body) {
  app::Precondition p;
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

Response render_game(const Result<app::GameView>& shown, int status, bool minimal) {
  if (!shown) return problem_response(shown.error());
  auto response = json_response(status, game_json(*shown, minimal));
  if (minimal) response.headers.emplace_back("Preference-Applied", "return=minimal");
  return response;
}

Response game_problem(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                      const Error& error) {
  if (error.code != ErrorCode::kStaleGame) return problem_response(error);
  auto shown = app::view_game(deps, user, id);
  if (!shown) return problem_response(error);
  return problem_response(Error(error).with_json("game", game_json(*shown).dump()));
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

void add_game_routes(Router& router, GameServiceDeps& deps) {
  // A player's game command with an optional {"ply"} body and If-Match, answered with the
  // game after it.
  using PlayerCommand = Result<app::GameView> (*)(app::GameDeps&, const db::User&, std::int64_t,
                                                  const app::Precondition&);
  auto player_command = [&deps, &router](const char* path, PlayerCommand command) {
    router.add(
        "POST", path,
        with_user(deps, [&deps, command](const Request& r, const db::User& u, std::int64_t id) {
          auto expect = optional_body_precondition(r);
          if (!expect) return problem_response(expect.error());
          auto shown = command(deps, u, id, *expect);
          if (!shown) return game_problem(deps, u, id, shown.error());
          return render_game(shown, 200, r.prefers_minimal());
        }));
  };

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
               return render_game(app::view_game(deps, u, id));
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
               auto pending = app::submit_move(deps, u, id, *req, *expect);
               if (!pending) return game_problem(deps, u, id, pending.error());
               return json_response(200, {{"pending", pending_json(*pending)}});
             }));
  router.add("DELETE", "/api/v1/games/{id}/moves/pending",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               auto done = app::cancel_pending_move(deps, u, id);
               if (!done) return problem_response(done.error());
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
               auto shown = app::accept_move(deps, u, id, *move, *expect);
               if (!shown) return game_problem(deps, u, id, shown.error());
               deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
               return render_game(shown, 200, r.prefers_minimal());
             }));
  player_command("/api/v1/games/{id}/draw/accept", app::accept_draw);
  player_command("/api/v1/games/{id}/draw/decline", app::decline_draw);
  player_command("/api/v1/games/{id}/resign", app::resign);

  router.add("POST", "/api/v1/games/{id}/claims",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto req = claim_request(r);
               if (!req) return problem_response(req.error());
               auto decided = app::claim(deps, u, id, req->first, req->second);
               if (!decided) return game_problem(deps, u, id, decided.error());
               const bool minimal = r.prefers_minimal();
               auto response = json_response(200, {{"upheld", decided->upheld},
                                                   {"reason", decided->reason},
                                                   {"game", game_json(decided->game, minimal)}});
               if (minimal) response.headers.emplace_back("Preference-Applied", "return=minimal");
               return response;
             }));
  router.add("POST", "/api/v1/games/{id}/clock/refill",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto body = json_object_body(r, true);
               if (!body) return problem_response(body.error());
               auto seconds = optional_int(*body, "seconds");
               if (!seconds) return problem_response(seconds.error());
               return render_game(app::refill_clock(deps, u, id, *seconds), 200,
                                  r.prefers_minimal());
             }));

  // Conditional moves: only ever shown to their owner.
  router.add("PUT", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request& r, const db::User& u, std::int64_t id) {
               auto lines = conditional_lines(r);
               if (!lines) return problem_response(lines.error());
               auto stored = app::set_conditional(deps, u, id, *lines);
               if (!stored) return problem_response(stored.error());
               return json_response(200, {{"lines", san_lines_json(*stored)}});
             }));
  router.add("GET", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               auto lines = app::get_conditional(deps, u, id);
               if (!lines) return problem_response(lines.error());
               return json_response(200, {{"lines", san_lines_json(*lines)}});
             }));
  router.add("DELETE", "/api/v1/games/{id}/conditional",
             with_user(deps, [&deps](const Request&, const db::User& u, std::int64_t id) {
               auto done = app::clear_conditional(deps, u, id);
               if (!done) return problem_response(done.error());
               return text_response(204, "application/json", "");
             }));
}

}  // namespace corrchess::api
