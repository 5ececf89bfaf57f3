// Game endpoints (players and the single-game director route): every state change runs in
// one transaction that locks the game row, replays its facts in core/game, applies the
// command, appends the new facts, refreshes the cached state and queues a notification.
#pragma once

#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "api/metrics.h"
#include "api/router.h"
#include "core/chess/pgn.h"
#include "core/game/game.h"
#include "core/game/time_zone.h"
#include "db/games.h"
#include "db/pool.h"
#include "db/server_clock.h"

namespace corrchess::api {

struct GameServiceDeps {
  db::Pool& pool;
  db::ServerClock& clock;
  Metrics& metrics;
  game::TimeZone zone;
  game::Oracles oracles;
};

void add_game_routes(Router& router, GameServiceDeps& deps);

// A game as a command saw it, for rendering.
struct Applied {
  db::StoredGame stored;
  game::GameState state;
  std::optional<game::Color> viewer;
  nlohmann::json extra = nlohmann::json::object();  // wraps the game: {..extra, game}
  // Messages between the players are shown to the players and directors only.
  bool show_messages = true;
};

// A command over a locked, replayed game: returns the outcome to store (nullopt: nothing to
// append; it may still write its own rows through `tx`) or an error (nothing is stored).
using GameCommand = std::function<Result<std::optional<game::Outcome>>(
    db::StoredGame&, const game::Game&, std::optional<game::Color> side, pqxx::work&,
    nlohmann::json& extra)>;

// What the client saw, for a write that must not land on a game that changed meanwhile
// (the Xfcc movecount idea): the number of plies (body field `ply`) and the game's version
// (header If-Match: "<version>"). Absent members are not checked.
struct Precondition {
  std::optional<int> ply;
  std::optional<int> version;
};
// The precondition of `request`: `ply` from `body` (may be null: no body) and If-Match.
// kValidationError when either is malformed.
Result<Precondition> read_precondition(const Request& request, const nlohmann::json* body);

// Runs `command` in one transaction: locks the game row, replays the facts at the server's
// now, applies the command, appends its facts, refreshes the cached state and queues the
// players' live messages (delivered at commit). must_play: kForbidden unless `user` plays
// in the game (then `side` is set); directors pass false. kStaleGame, before the command
// runs, when the game does not match `expect`.
Result<Applied> run_game_command(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                                 bool must_play, const GameCommand& command,
                                 const Precondition& expect = {});
// A refused game command's problem; a stale_game problem carries the game as `user` now
// sees it (member `game`), so the client can show what changed without another request.
Response game_problem(GameServiceDeps& deps, const db::User& user, std::int64_t id,
                      const Error& error);
// A game replayed at the server's now for `user` (read-only). An event game is shown to a
// user who neither plays in it nor directs as its event's visibility setting allows
// (restrict_to_event_visibility).
Result<Applied> view_game(GameServiceDeps& deps, const db::User& user, std::int64_t id);
// A stored game's facts replayed at `now` with the server's zone, oracles and the players'
// leave (kInternal, logged, when the facts are inconsistent).
Result<game::Game> replay_game(const GameServiceDeps& deps, const db::StoredGame& stored,
                               game::Timestamp now);
// The PGN of a game as shown (Seven Tag Roster, usernames, TimeControl, Termination, Chess960
// position; moves with clock and timestamp comments). Callers may replace tags before
// writing it (the event export sets Event and Round).
Result<chess::PgnGame> game_pgn(const Applied& shown);
// The game object (wrapped with `extra` when set), or the problem.
Response render_game(const Result<Applied>& applied, int status = 200);

// A route handler that authenticates the caller and parses the {id} path parameter (0 when
// the route has none) as the id of `what` (kNotFound naming it when malformed).
using GameHandler = std::function<Response(const Request&, const db::User&, std::int64_t id)>;
Handler with_user_id(db::Pool& pool, const char* what, GameHandler fn);
// with_user_id for routes whose {id} is a game.
Handler with_user(GameServiceDeps& deps, GameHandler fn);
// A positive integer id, else kNotFound naming `what`.
Result<std::int64_t> parse_id(const std::string& text, const char* what = "game");

// The flag-fall scheduler's step: claims live games whose next deadline is due (FOR UPDATE
// SKIP LOCKED, so concurrent instances never decide the same game), stores each flag fall
// at its deadline instant and refreshes the cached state (also not_started -> ongoing).
// Returns how many games were processed, or an error.
Result<int> decide_due_games(GameServiceDeps& deps, int limit);
// The earliest instant any live game needs the scheduler.
Result<std::optional<game::Timestamp>> next_due(GameServiceDeps& deps);

// The game object of api.md for `viewer` (pending move and conditional lines only for
// their owner; the players' messages only with show_messages).
nlohmann::json game_json(const db::StoredGame& stored, const game::GameState& state,
                         std::optional<game::Color> viewer, bool show_messages = true);

}  // namespace corrchess::api
