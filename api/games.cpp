#include "api/games.h"

#include <algorithm>
#include <functional>
#include <iterator>

#include "api/accounts.h"
#include "api/json_body.h"
#include "api/paging.h"
#include "api/rule_settings.h"
#include "core/chess/pgn.h"
#include "core/game/game.h"
#include "model/game_lists.h"

namespace corrchess::api {

namespace {

using game::Color;
using nlohmann::json;

// The optional precondition of game writes (also If-Match: "<version>").
const char* const kPlyPrecondition =
    "plies the client saw; 409 stale_game (with the current game) when the game has moved on";

// POST /admin/games: {white, black, initial_fen?} and the shared rule settings.
struct NewGameBody {
  std::string white;
  std::string black;
  RuleSettings settings;
  std::optional<std::string> initial_fen;

  static Result<NewGameBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto white = in.required_string("white", 64);
    auto black = in.required_string("black", 64);
    auto settings = in.take(parse_rule_settings(body));
    auto initial_fen = in.optional_string("initial_fen", 200);
    return in.finish(NewGameBody{white, black, settings, initial_fen});
  }
};

// POST /moves: {move, offer_draw?, message?, use_40_plus_days?} and the precondition.
struct MoveBody {
  game::MoveRequest move;
  app::Precondition expect;

  static Result<MoveBody> from_json(const json& body, const Request& request) {
    Fields in(body);
    auto move = in.required_string("move", 16);
    auto offer = in.optional_bool("offer_draw");
    auto message = in.optional_string("message", 4 * game::kMaxMessageLength, Text::kMultiline);
    auto use40 = in.optional_bool("use_40_plus_days");
    auto expect = in.take(read_precondition(request, &body));
    return in.finish(
        MoveBody{{move, offer.value_or(false), message, use40.value_or(false)}, expect});
  }
};

// POST /moves/accept: {move} and the precondition.
struct AcceptBody {
  std::string move;
  app::Precondition expect;

  static Result<AcceptBody> from_json(const json& body, const Request& request) {
    Fields in(body);
    auto move = in.required_string("move", 16);
    auto expect = in.take(read_precondition(request, &body));
    return in.finish(AcceptBody{move, expect});
  }
};

// A command whose body is optional: {"ply"?} and If-Match.
struct PreconditionBody {
  static constexpr bool kEmptyBody = true;
  app::Precondition expect;

  static Result<PreconditionBody> from_json(const json& body, const Request& request) {
    TRY_LET(expect, read_precondition(request, &body));
    return PreconditionBody{*expect};
  }
};

// POST /clock/refill: {seconds?}.
struct RefillBody {
  static constexpr bool kEmptyBody = true;
  std::optional<std::int64_t> seconds;

  static Result<RefillBody> from_json(const json& body, const Request&) {
    Fields in(body);
    auto seconds = in.optional_int("seconds");
    return in.finish(RefillBody{seconds});
  }
};

// POST /claims: {type, move?, expect?} plus the precondition.
struct ClaimBody {
  game::ClaimRequest claim;
  app::Precondition expect;

  static Result<ClaimBody> from_json(const json& body, const Request& request) {
    Fields in(body);
    auto type = in.required_string("type", 32);
    auto move = in.optional_string("move", 16);
    auto expect = in.optional_string("expect", 16);
    ClaimBody out;
    out.claim.type = in.take(game::parse_claim_type(type));
    out.claim.move = move;
    if (expect) out.claim.expect = in.take(game::parse_claim_expectation(*expect));
    out.expect = in.take(read_precondition(request, &body));
    return in.finish(std::move(out));
  }
};

// PUT /conditional: {"lines": [[move, ...], ...]} and the precondition.
struct ConditionalBody {
  std::vector<game::ConditionalLine> lines;
  app::Precondition expect;

  static Result<ConditionalBody> from_json(const json& body, const Request& request) {
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
    // The caps are the body's: 400 before the game is looked at (not your game, game over).
    TRY(game::check_conditional_caps(out.lines));
    TRY_LET(expect, read_precondition(request, &body));
    out.expect = *expect;
    return out;
  }
};

// POST /conditional/import: {pgn, dry_run?} and the precondition.
constexpr std::size_t kMaxRepertoireBytes = 512 * 1024;
struct RepertoireBody {
  std::string pgn;
  bool dry_run = false;
  app::Precondition expect;

  static Result<RepertoireBody> from_json(const json& body, const Request& request) {
    Fields in(body);
    auto pgn = in.required_string("pgn", kMaxRepertoireBytes, Text::kMultiline);
    auto dry_run = in.optional_bool("dry_run");
    auto expect = in.take(read_precondition(request, &body));
    return in.finish(RepertoireBody{pgn, dry_run.value_or(false), expect});
  }
};

// The query of GET /games: status, to_move=me, event, opponent, variant, limit, cursor.
constexpr int kMaxGamesPerPage = 200;

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
  // The cursor: "<sort key>.<id>" of the page's last game.
  TRY_LET(page, page_query(request, kMaxGamesPerPage, 2));
  q.limit = page->limit.value_or(q.limit);
  if (!page->after.empty()) q.after = model::GameListCursor{page->after[0], page->after[1]};
  return q;
}

// The answer of GET /games (and of a director's view of a player's games): the entries from
// the side of the player whose games they are.
Response list_response(const app::GameList& listed) {
  const auto& page = listed.page;
  json games = json::array();
  for (const auto& g : page.games) games.push_back(list_entry_json(g, listed.player));
  return json_response(
      200, {{"games", games},
            {"next_cursor", page.next ? next_cursor_json({page.next->key, page.next->id}) : json()},
            {"counts",
             {{"to_move", listed.counts.to_move},
              {"ongoing", listed.counts.ongoing},
              {"finished", listed.counts.finished}}}});
}

// The query parameters of the game lists.
std::vector<FieldDoc> list_query_doc() {
  std::vector<FieldDoc> out{
      {"status", "string", false, "active, finished or all (default)"},
      {"to_move", "string", false, "me: only games where the player is to move"},
      {"event", "string", false, "only the games of this event"},
      {"opponent", "string", false, "only the games against this username"},
      {"variant", "string", false, "standard or chess960"}};
  std::ranges::move(page_query_doc("1..200, default 50"), std::back_inserter(out));
  return out;
}

// PGN export: Seven Tag Roster plus usernames, time control, termination, the start
// position when it is not the standard one, and per-move clock and timestamp comments.
Result<Response> pgn(GameServiceDeps& deps, const model::User& user, std::int64_t id) {
  TRY_LET(shown, app::view_game(deps, user, id));
  TRY_LET(titles, app::player_titles(deps, {shown->stored.white.id, shown->stored.black.id}));
  TRY_LET(game, game_pgn(*shown, *titles));
  TRY_LET(text, chess::write_pgn(*game));
  return text_response(200, "application/x-chess-pgn", *text);
}

// {lines} of the conditional-move routes.
json lines_json(const app::SanLines& lines) {
  json j = json::array();
  for (const auto& line : lines) j.push_back(line);
  return {{"lines", j}};
}

// The answer of POST /conditional/import.
json repertoire_json(const app::RepertoireImport& done, bool dry_run) {
  const auto& p = done.preview;
  const auto& c = p.counts;
  json illegal = json::array();
  for (const auto& m : p.illegal) {
    illegal.push_back({{"game", m.game},
                       {"line", m.line},
                       {"column", m.column},
                       {"move", m.move},
                       {"reason", m.reason},
                       {"before", m.before}});
  }
  json conflicts = json::array();
  for (const auto& k : p.conflicts) {
    conflicts.push_back({{"game", k.game},
                         {"line", k.line},
                         {"column", k.column},
                         {"after", k.after},
                         {"kept", k.kept},
                         {"dropped", k.dropped}});
  }
  return {{"dry_run", dry_run},
          {"saved", done.saved},
          {"ply", done.ply},
          {"lines", done.lines},
          {"counts",
           {{"games", c.games},
            {"lines_read", c.lines_read},
            {"lines_imported", c.lines_imported},
            {"lines_skipped", c.lines_skipped},
            {"lines_rejected", c.lines_rejected},
            {"illegal_moves", c.illegal_moves},
            {"conflicts", c.conflicts},
            {"cut_by_line_cap", c.cut_by_line_cap},
            {"cut_by_ply_cap", c.cut_by_ply_cap},
            {"tree_lines", done.lines.size()}}},
          {"illegal", illegal},
          {"conflicts", conflicts}};
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
  auto tag = request.header("if-match");
  // `If-Match: *` (RFC 9110 13.1.1) holds for any game that exists: no condition.
  if (tag == "*") tag.reset();
  if (tag) {
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
  auto response = text_response(status, "application/json", game_json_text(*shown, minimal));
  if (minimal) response.headers.emplace_back("Preference-Applied", "return=minimal");
  return response;
}

std::unexpected<Error> game_problem(GameServiceDeps& deps, const model::User& user, std::int64_t id,
                                    const Error& error) {
  if (error.code != ErrorCode::kStaleGame) return std::unexpected(error);
  auto shown = app::view_game(deps, user, id);
  if (!shown) return std::unexpected(error);
  return std::unexpected(Error(error).with_json("game", game_json(*shown).dump()));
}

namespace {

// A player's game command with an optional {"ply"} body and If-Match, answered with the
// game after it.
using PlayerCommand = Result<app::GameView> (*)(app::GameDeps&, const model::User&, std::int64_t,
                                                const app::Precondition&);
void add_player_command(Routes& routes, GameServiceDeps& deps, const char* path, Doc doc,
                        PlayerCommand command) {
  routes.add({"POST", path, kPlayer, kGame, std::move(doc)},
             BodyHandler<PreconditionBody>(
                 [&deps, command](const Call& c, PreconditionBody&& b) -> Result<Response> {
                   auto shown = command(deps, c.caller(), c.id, b.expect);
                   if (!shown) return game_problem(deps, c.caller(), c.id, shown.error());
                   return render_game(shown, 200, c.request.prefers_minimal());
                 }));
}

// Creating, listing and reading games.
void add_game_read_routes(Routes& routes, GameServiceDeps& deps) {
  routes.add(
      {"POST", "/api/v1/admin/games", Access::kDirector,
       Doc("Create a single game", 201, "the game", "Game")
           .in(with_rule_settings({{"white", "string", true, "username"},
                                   {"black", "string", true, "username"},
                                   {"initial_fen", "string", false, ""}},
                                  "default 518 (the standard array)"),
               {{"white", "alice"}, {"black", "bob"}, {"time_control", time_control_example()}})},
      BodyHandler<NewGameBody>([&deps](const Call& c, NewGameBody&& b) {
        app::SingleGameRequest req{b.white, b.black, b.settings.game_setup(game::Timestamp{}),
                                   b.settings.start_at, b.initial_fen};
        return render_game(app::create_single_game(deps, c.caller(), std::move(req)), 201);
      }));
  routes.add(
      {"GET", "/api/v1/games", kUser,
       Doc("The caller's games, one page at a time", 200,
           "{games: [{id, white, black, my_color, opponent, status, to_move, my_turn, variant, "
           "ply, my_deadline, last_move: {san, at}, draw_offer_by, draw_offered_to_me, "
           "my_pending_move, event: {id, name}, result?, termination?}], next_cursor, counts: "
           "{to_move, ongoing, finished}}; newest first, or by the caller's deadline with "
           "to_move=me")
           .q(list_query_doc())},
      [&deps](const Call& c) -> Result<Response> {
        TRY_LET(query, parse_list_query(c.request));
        TRY_LET(listed, app::list_games(deps, c.caller(), std::move(*query)));
        return list_response(*listed);
      });
  routes.add({"GET", "/api/v1/admin/users/{username}/games", Access::kDirector,
              Doc("A player's games, one page at a time (for directors picking a game)", 200,
                  "as GET /api/v1/games, seen from that player's side (my_color, my_turn, ...)")
                  .q(list_query_doc())},
             [&deps](const Call& c) -> Result<Response> {
               TRY_LET(query, parse_list_query(c.request));
               TRY_LET(listed, app::list_player_games(deps, c.caller(), c.params.at("username"),
                                                      std::move(*query)));
               return list_response(*listed);
             });
  routes.add(
      {"GET", "/api/v1/games/{id}", kUser, kGame, Doc("A game", 200, "the game", "Game")},
      [&deps](const Call& c) { return render_game(app::view_game(deps, c.caller(), c.id)); });
  routes.add({"GET", "/api/v1/games/{id}/pgn", kUser, kGame,
              Doc("A game as PGN", 200, "PGN text").as("application/x-chess-pgn")},
             [&deps](const Call& c) { return pgn(deps, c.caller(), c.id); });
}

// Submit, withdraw and accept a move.
void add_move_routes(Routes& routes, GameServiceDeps& deps) {
  // Submit: validates and stores the private pending move; changes no fact.
  routes.add(
      {"POST", "/api/v1/games/{id}/moves", kPlayer, kGame,
       Doc("Submit a move (private, replaceable)", 200,
           "{pending: {move, fen_after, offer_draw, submitted_at, ply, message?}}")
           .in({{"move", "string", true, "SAN, UCI or ICCF numeric"},
                {"offer_draw", "boolean", false, ""},
                {"message", "string", false, "to the opponent"},
                {"use_40_plus_days", "boolean", false, "lifts the silence rule for this move"},
                {"ply", "integer", false, kPlyPrecondition}},
               {{"move", "e4"}})},
      BodyHandler<MoveBody>([&deps](const Call& c, MoveBody&& b) -> Result<Response> {
        auto pending = app::submit_move(deps, c.caller(), c.id, b.move, b.expect);
        if (!pending) return game_problem(deps, c.caller(), c.id, pending.error());
        return text_response(200, "application/json", submitted_move_json(*pending));
      }));
  routes.add({"DELETE", "/api/v1/games/{id}/moves/pending", kPlayer, kGame,
              Doc("Cancel the pending move", 204, "no content")},
             no_content_command(deps, app::cancel_pending_move));
  routes.add({"POST", "/api/v1/games/{id}/moves/accept", kPlayer, kGame,
              Doc("Accept the pending move", 200,
                  "the game after the move and any conditional replies", "Game")
                  .in({{"move", "string", true, "must denote the pending move"},
                       {"ply", "integer", false, kPlyPrecondition}},
                      {{"move", "e4"}})},
             BodyHandler<AcceptBody>([&deps](const Call& c, AcceptBody&& b) -> Result<Response> {
               auto shown = app::accept_move(deps, c.caller(), c.id, b.move, b.expect);
               if (!shown) return game_problem(deps, c.caller(), c.id, shown.error());
               deps.metrics.add("corrchess_moves_accepted_total", 1, "Moves accepted.");
               return render_game(shown, 200, c.request.prefers_minimal());
             }));
}

// Draw answers, resignation, abort, claims and the Triple Block refill.
void add_decision_routes(Routes& routes, GameServiceDeps& deps) {
  add_player_command(routes, deps, "/api/v1/games/{id}/draw/accept",
                     Doc("Accept the standing draw offer", 200, "the game", "Game"),
                     app::accept_draw);
  add_player_command(routes, deps, "/api/v1/games/{id}/draw/decline",
                     Doc("Decline the standing draw offer", 200, "the game", "Game"),
                     app::decline_draw);
  add_player_command(routes, deps, "/api/v1/games/{id}/resign",
                     Doc("Resign", 200, "the game", "Game"), app::resign);
  add_player_command(routes, deps, "/api/v1/games/{id}/abort",
                     Doc("Abort a game of a challenge or seek before both players have moved", 200,
                         "the game (status annulled, termination aborted)", "Game"),
                     app::abort_game);

  routes.add({"POST", "/api/v1/games/{id}/claims", kPlayer, kGame,
              Doc("Claim a draw or a tablebase result", 200, "{upheld, reason, game}")
                  .in({{"type", "string", true, "threefold, fifty_moves or tablebase"},
                       {"move", "string", false, "intended move"},
                       {"expect", "string", false, "win or draw (tablebase claims)"},
                       {"ply", "integer", false, kPlyPrecondition}},
                      {{"type", "threefold"}})},
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
  routes.add(
      {"POST", "/api/v1/games/{id}/clock/refill", kPlayer, kGame,
       Doc("Triple Block manual refill", 200, "the game", "Game")
           .in({{"seconds", "integer", false, "default: as much as allowed"}}, json::object())},
      BodyHandler<RefillBody>([&deps](const Call& c, RefillBody&& b) {
        return render_game(app::refill_clock(deps, c.caller(), c.id, b.seconds), 200,
                           c.request.prefers_minimal());
      }));
}

void add_conditional_routes(Routes& routes, GameServiceDeps& deps) {
  // Conditional moves: only ever shown to their owner.
  routes.add(
      {"PUT", "/api/v1/games/{id}/conditional", kPlayer, kGame,
       Doc("Store conditional lines", 200, "{lines}")
           .in({{"lines", "string[][]", true, "each starts with the opponent's next move"},
                {"ply", "integer", false, kPlyPrecondition}},
               {{"lines", json::array({json::array({"e5", "Nf3"})})}})},
      BodyHandler<ConditionalBody>([&deps](const Call& c, ConditionalBody&& b) -> Result<Response> {
        auto stored = app::set_conditional(deps, c.caller(), c.id, b.lines, b.expect);
        if (!stored) return game_problem(deps, c.caller(), c.id, stored.error());
        return json_after(std::move(stored), lines_json);
      }));
  routes.add({"GET", "/api/v1/games/{id}/conditional", kPlayer, kGame,
              Doc("The caller's conditional lines", 200, "{lines}")},
             [&deps](const Call& c) {
               return json_after(app::get_conditional(deps, c.caller(), c.id), lines_json);
             });
  routes.add({"DELETE", "/api/v1/games/{id}/conditional", kPlayer, kGame,
              Doc("Drop the caller's lines", 204, "no content")},
             no_content_command(deps, app::clear_conditional));
  routes.add(
      {"POST", "/api/v1/games/{id}/conditional/import", kPlayer, kGame,
       Doc("Import a repertoire (PGN) as the caller's conditional lines", 200,
           "{dry_run, saved, ply, lines, counts: {games, lines_read, lines_imported, "
           "lines_skipped, lines_rejected, illegal_moves, conflicts, cut_by_line_cap, "
           "cut_by_ply_cap, tree_lines}, illegal: [{game, line, column, move, reason, before}], "
           "conflicts: [{game, line, column, after, kept, dropped}]}; saved lines replace the "
           "stored ones")
           .in({{"pgn", "string", true,
                 "PGN text: several games, variations, comments, NAGs (at most 512 KiB)"},
                {"dry_run", "boolean", false, "true: the preview only, nothing stored"},
                {"ply", "integer", false, kPlyPrecondition}},
               {{"pgn", "1. e4 e5 2. Nf3 Nc6 (2. Bc4 Nf6) *"}, {"dry_run", true}})},
      BodyHandler<RepertoireBody>([&deps](const Call& c, RepertoireBody&& b) -> Result<Response> {
        auto done = app::import_repertoire(deps, c.caller(), c.id, b.pgn, b.dry_run, b.expect);
        if (!done) return game_problem(deps, c.caller(), c.id, done.error());
        return json_response(200, repertoire_json(*done, b.dry_run));
      }));
}

}  // namespace

void add_game_routes(Router& router, GameServiceDeps& deps) {
  Routes routes(router, deps.pool, "games");
  add_game_read_routes(routes, deps);
  add_move_routes(routes, deps);
  add_decision_routes(routes, deps);
  add_conditional_routes(routes, deps);
}

}  // namespace corrchess::api
