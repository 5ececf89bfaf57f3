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

// POST /admin/games: {white, black, initial_fen?} and the shared rule settings.
struct NewGameBody {
  std::string white;
  std::string black;
  RuleSettings settings;
  std::optional<std::string> initial_fen;

  static Result<NewGameBody> from_json(const json& body, const Request&) {
    auto white = required_string(body, "white", 64);
    if (!white) return std::unexpected(white.error());
    auto black = required_string(body, "black", 64);
    if (!black) return std::unexpected(black.error());
    auto settings = parse_rule_settings(body);
    if (!settings) return std::unexpected(settings.error());
    auto initial_fen = optional_string(body, "initial_fen", 200);
    if (!initial_fen) return std::unexpected(initial_fen.error());
    return NewGameBody{*white, *black, *settings, *initial_fen};
  }
};

// POST /moves: {move, offer_draw?, message?, use_40_plus_days?} and the precondition.
struct MoveBody {
  game::MoveRequest move;
  app::Precondition expect;

  static Result<MoveBody> from_json(const json& body, const Request& request) {
    auto move = required_string(body, "move", 16);
    if (!move) return std::unexpected(move.error());
    auto offer = optional_bool(body, "offer_draw");
    if (!offer) return std::unexpected(offer.error());
    auto message = optional_string(body, "message", 4 * game::kMaxMessageLength, Text::kMultiline);
    if (!message) return std::unexpected(message.error());
    auto use40 = optional_bool(body, "use_40_plus_days");
    if (!use40) return std::unexpected(use40.error());
    auto expect = read_precondition(request, &body);
    if (!expect) return std::unexpected(expect.error());
    return MoveBody{{*move, offer->value_or(false), *message, use40->value_or(false)}, *expect};
  }
};

// POST /moves/accept: {move} and the precondition.
struct AcceptBody {
  std::string move;
  app::Precondition expect;

  static Result<AcceptBody> from_json(const json& body, const Request& request) {
    auto move = required_string(body, "move", 16);
    if (!move) return std::unexpected(move.error());
    auto expect = read_precondition(request, &body);
    if (!expect) return std::unexpected(expect.error());
    return AcceptBody{*move, *expect};
  }
};

// A command whose body is optional: {"ply"?} and If-Match.
struct PreconditionBody {
  static constexpr bool kEmptyBody = true;
  app::Precondition expect;

  static Result<PreconditionBody> from_json(const json& body, const Request& request) {
    auto expect = read_precondition(request, &body);
    if (!expect) return std::unexpected(expect.error());
    return PreconditionBody{*expect};
  }
};

// POST /clock/refill: {seconds?}.
struct RefillBody {
  static constexpr bool kEmptyBody = true;
  std::optional<std::int64_t> seconds;

  static Result<RefillBody> from_json(const json& body, const Request&) {
    auto seconds = optional_int(body, "seconds");
    if (!seconds) return std::unexpected(seconds.error());
    return RefillBody{*seconds};
  }
};

// POST /claims: {type, move?, expect?} plus the precondition.
struct ClaimBody {
  game::ClaimRequest claim;
  app::Precondition expect;

  static Result<ClaimBody> from_json(const json& body, const Request& request) {
    auto type = required_string(body, "type", 32);
    if (!type) return std::unexpected(type.error());
    auto move = optional_string(body, "move", 16);
    if (!move) return std::unexpected(move.error());
    auto expect = optional_string(body, "expect", 16);
    if (!expect) return std::unexpected(expect.error());
    ClaimBody out;
    auto t = game::parse_claim_type(*type);
    if (!t) return std::unexpected(t.error());
    out.claim.type = *t;
    out.claim.move = *move;
    if (*expect) {
      auto e = game::parse_claim_expectation(**expect);
      if (!e) return std::unexpected(e.error());
      out.claim.expect = *e;
    }
    auto precondition = read_precondition(request, &body);
    if (!precondition) return std::unexpected(precondition.error());
    out.expect = *precondition;
    return out;
  }
};

// PUT /conditional: {"lines": [[move, ...], ...]}.
struct ConditionalBody {
  std::vector<game::ConditionalLine> lines;

  static Result<ConditionalBody> from_json(const json& body, const Request&) {
    if (!body.contains("lines") || !body["lines"].is_array()) {
      return fail(ErrorCode::kValidationError, "field 'lines' must be a list of lines");
    }
    ConditionalBody out;
    for (const auto& line : body["lines"]) {
      if (!line.is_array() || line.empty()) {
        return fail(ErrorCode::kValidationError, "each line must be a non-empty list of moves");
      }
      game::ConditionalLine l;
      for (const auto& m : line) {
        if (!m.is_string())
          return fail(ErrorCode::kValidationError, "moves in lines must be strings");
        l.push_back(m.get<std::string>());
      }
      out.lines.push_back(std::move(l));
    }
    return out;
  }
};

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

Result<Response> list(GameServiceDeps& deps, const Request& request, const db::User& user) {
  auto query = parse_list_query(request);
  if (!query) return std::unexpected(query.error());
  auto listed = app::list_games(deps, user, std::move(*query));
  if (!listed) return std::unexpected(listed.error());
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

// PGN export: Seven Tag Roster plus usernames, time control, termination, the start
// position when it is not the standard one, and per-move clock and timestamp comments.
Result<Response> pgn(GameServiceDeps& deps, const db::User& user, std::int64_t id) {
  auto shown = app::view_game(deps, user, id);
  if (!shown) return std::unexpected(shown.error());
  auto game = game_pgn(*shown);
  if (!game) return std::unexpected(game.error());
  auto text = chess::write_pgn(*game);
  if (!text) return std::unexpected(text.error());
  return text_response(200, "application/x-chess-pgn", *text);
}

json san_lines_json(const app::SanLines& lines) {
  json j = json::array();
  for (const auto& line : lines) j.push_back(line);
  return j;
}

}  // namespace

Result<app::Precondition> read_precondition(const Request& request, const json* body) {
  app::Precondition p;
  p.new_moves_only = request.prefers_minimal();
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

Result<Response> render_game(const Result<app::GameView>& shown, int status, bool minimal) {
  if (!shown) return std::unexpected(shown.error());
  auto response = json_response(status, game_json(*shown, minimal));
  if (minimal) response.headers.emplace_back("Preference-Applied", "return=minimal");
  return response;
}

std::unexpected<Error> game_problem(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                                    const Error& error) {
  if (error.code != ErrorCode::kStaleGame) return std::unexpected(error);
  auto shown = app::view_game(deps, user, id);
  if (!shown) return std::unexpected(error);
  return std::unexpected(Error(error).with_json("game", game_json(*shown).dump()));
}

void add_game_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool);
  constexpr auto kUser = Access::kUser;
  constexpr auto kPlayer = Access::kPlayer;
  constexpr auto kGame = IdKind::kGame;

  // A player's game command with an optional {"ply"} body and If-Match, answered with the
  // game after it.
  using PlayerCommand = Result<app::GameView> (*)(app::GameDeps&, const db::User&, std::int64_t,
                                                  const app::Precondition&);
  auto player_command = [&](const char* path, PlayerCommand command) {
    routes.add({"POST", path, kPlayer, kGame},
               BodyHandler<PreconditionBody>(
                   [&deps, command](const Call& c, PreconditionBody&& b) -> Result<Response> {
                     auto shown = command(deps, c.caller(), c.id, b.expect);
                     if (!shown) return game_problem(deps, c.caller(), c.id, shown.error());
                     return render_game(shown, 200, c.request.prefers_minimal());
                   }));
  };

  routes.add({"POST", "/api/v1/admin/games", Access::kDirector},
             BodyHandler<NewGameBody>([&deps](const Call& c, NewGameBody&& b) {
               app::SingleGameRequest req{b.white, b.black,
                                          b.settings.game_setup(game::Timestamp{}),
                                          b.settings.start_at, b.initial_fen};
               return render_game(app::create_single_game(deps, c.caller(), std::move(req)), 201);
             }));
  routes.add({"GET", "/api/v1/games", kUser},
             [&deps](const Call& c) { return list(deps, c.request, c.caller()); });
  routes.add({"GET", "/api/v1/games/{id}", kUser, kGame}, [&deps](const Call& c) {
    return render_game(app::view_game(deps, c.caller(), c.id));
  });
  routes.add({"GET", "/api/v1/games/{id}/pgn", kUser, kGame},
             [&deps](const Call& c) { return pgn(deps, c.caller(), c.id); });

  // Submit: validates and stores the private pending move; changes no fact.
  routes.add({"POST", "/api/v1/games/{id}/moves", kPlayer, kGame},
             BodyHandler<MoveBody>([&deps](const Call& c, MoveBody&& b) -> Result<Response> {
               auto pending = app::submit_move(deps, c.caller(), c.id, b.move, b.expect);
               if (!pending) return game_problem(deps, c.caller(), c.id, pending.error());
               return json_response(200, {{"pending", pending_json(*pending)}});
             }));
  routes.add({"DELETE", "/api/v1/games/{id}/moves/pending", kPlayer, kGame},
             [&deps](const Call& c) {
               return no_content_after(app::cancel_pending_move(deps, c.caller(), c.id));
             });
  routes.add({"POST", "/api/v1/games/{id}/moves/accept", kPlayer, kGame},
             BodyHandler<AcceptBody>([&deps](const Call& c, AcceptBody&& b) -> Result<Response> {
               auto shown = app::accept_move(deps, c.caller(), c.id, b.move, b.expect);
               if (!shown) return game_problem(deps, c.caller(), c.id, shown.error());
               deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
               return render_game(shown, 200, c.request.prefers_minimal());
             }));
  player_command("/api/v1/games/{id}/draw/accept", app::accept_draw);
  player_command("/api/v1/games/{id}/draw/decline", app::decline_draw);
  player_command("/api/v1/games/{id}/resign", app::resign);

  routes.add({"POST", "/api/v1/games/{id}/claims", kPlayer, kGame},
             BodyHandler<ClaimBody>([&deps](const Call& c, ClaimBody&& b) -> Result<Response> {
               auto decided = app::claim(deps, c.caller(), c.id, b.claim, b.expect);
               if (!decided) return game_problem(deps, c.caller(), c.id, decided.error());
               const bool minimal = c.request.prefers_minimal();
               auto response = json_response(200, {{"upheld", decided->upheld},
                                                   {"reason", decided->reason},
                                                   {"game", game_json(decided->game, minimal)}});
               if (minimal) response.headers.emplace_back("Preference-Applied", "return=minimal");
               return response;
             }));
  routes.add({"POST", "/api/v1/games/{id}/clock/refill", kPlayer, kGame},
             BodyHandler<RefillBody>([&deps](const Call& c, RefillBody&& b) {
               return render_game(app::refill_clock(deps, c.caller(), c.id, b.seconds), 200,
                                  c.request.prefers_minimal());
             }));

  // Conditional moves: only ever shown to their owner.
  routes.add(
      {"PUT", "/api/v1/games/{id}/conditional", kPlayer, kGame},
      BodyHandler<ConditionalBody>([&deps](const Call& c, ConditionalBody&& b) -> Result<Response> {
        auto stored = app::set_conditional(deps, c.caller(), c.id, b.lines);
        if (!stored) return std::unexpected(stored.error());
        return json_response(200, {{"lines", san_lines_json(*stored)}});
      }));
  routes.add({"GET", "/api/v1/games/{id}/conditional", kPlayer, kGame},
             [&deps](const Call& c) -> Result<Response> {
               auto lines = app::get_conditional(deps, c.caller(), c.id);
               if (!lines) return std::unexpected(lines.error());
               return json_response(200, {{"lines", san_lines_json(*lines)}});
             });
  routes.add({"DELETE", "/api/v1/games/{id}/conditional", kPlayer, kGame}, [&deps](const Call& c) {
    return no_content_after(app::clear_conditional(deps, c.caller(), c.id));
  });
}

}  // namespace corrchess::api
