// Game use cases shared by every transport (REST in api/games.cpp, Xfcc, the scheduler):
// reading a game as a user may see it, the players' commands, the director's decisions and
// the flag-fall sweep. Each call is one transaction that locks the game row, replays its
// facts at the server's now, decides in core/game, and commits through one path that appends
// the facts, stores the pending move and conditional lines, refreshes the cached state and
// queues the live messages the change causes (core/game/game_change.h). A refused command
// changes nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "core/error.h"
#include "core/game/game.h"
#include "core/game/repertoire.h"
#include "core/game/time_zone.h"
#include "model/game_lists.h"
#include "model/game_schedule.h"
#include "model/games.h"
#include "model/users.h"

namespace corrchess::app {

// ---- reading ----

// The game `id` replayed at the server's now as `user` may see it: everything for its
// players and directors; for others the players' messages are left out and an event game is
// shown as its event's visibility allows (delayed by N plies, or kForbidden until it is
// over). kNotFound when there is no such game.
Result<GameView> view_game(GameDeps& deps, const model::User& user, std::int64_t id);

// A stored game's facts replayed at `now` with the server's zone, oracles and the players'
// leave. kInternal (logged) when the stored facts are inconsistent.
Result<game::Game> replay_game(const GameDeps& deps, const model::StoredGame& stored,
                               game::Timestamp now);

// One page of `user`'s games (GET /games): `opponent` is a username (kValidationError when
// unknown), plus the counts of the user's games.
struct GameListRequest {
  model::GameListFilter filter;
  std::optional<std::string> opponent;
  std::optional<model::GameListCursor> after;
  int limit = 50;
};
struct GameList {
  model::User player;  // whose games these are
  model::GameListPage page;
  model::PlayerGameCounts counts;
};
Result<GameList> list_games(GameDeps& deps, const model::User& user, GameListRequest request);
// The games of the player `username` as list_games gives them to that player, for a director
// (kForbidden for others; kNotFound: no such player).
Result<GameList> list_player_games(GameDeps& deps, const model::User& director,
                                   const std::string& username, GameListRequest request);

// The games of `user` not over yet plus those that ended within `finished_within_days`, each
// as its player sees it, by id, with the name of its event and its Berger round (event games
// only), and each player's current published rating in the game's pool (rounded; none when
// not rated yet) and profile country (none when unset). For clients that fetch all their
// games at once (Xfcc GetMyGames).
struct MyGamePlayer {
  std::optional<int> rating;
  std::optional<std::string> country;
};
struct MyGame {
  GameView game;
  std::optional<std::string> event_name;
  std::optional<int> round;
  MyGamePlayer white;
  MyGamePlayer black;
};
Result<std::vector<MyGame>> my_games(GameDeps& deps, const model::User& user,
                                     int finished_within_days);

// ---- the players' commands (kForbidden unless `user` plays in the game) ----

// Submit (rules.md §2.1): stores the private pending move that replaces any earlier one.
// Errors of game::submit_move.
Result<game::PendingMove> submit_move(GameDeps& deps, const model::User& user, std::int64_t id,
                                      const game::MoveRequest& request,
                                      const Precondition& expect = {});
// Withdraws the user's pending move; kNoPendingMove when there is none.
Result<void> cancel_pending_move(GameDeps& deps, const model::User& user, std::int64_t id);
// Accept: plays the user's pending move `move` (its conditional replies may follow).
// Errors of game::accept_move.
Result<GameView> accept_move(GameDeps& deps, const model::User& user, std::int64_t id,
                             const std::string& move, const Precondition& expect = {});
// Submit and accept in one transaction, for clients that confirmed the move themselves
// (Xfcc): the move with its draw offer and message is played at once.
Result<GameView> play_move(GameDeps& deps, const model::User& user, std::int64_t id,
                           const game::MoveRequest& request, const Precondition& expect = {});
Result<GameView> accept_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                             const Precondition& expect = {});
Result<GameView> decline_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                              const Precondition& expect = {});
// Aborts a game outside events before both players have moved (rules.md §2.3): no result,
// unrated, the opponent is told as of any game end.
Result<GameView> abort_game(GameDeps& deps, const model::User& user, std::int64_t id,
                            const Precondition& expect);

Result<GameView> resign(GameDeps& deps, const model::User& user, std::int64_t id,
                        const Precondition& expect = {});
// A claim (threefold, fifty moves, tablebase): stored and decided at once; a rejected claim
// is a fact too. `upheld` and `reason` say how it was decided.
struct ClaimDecision {
  GameView game;
  bool upheld = false;
  std::string reason;
};
Result<ClaimDecision> claim(GameDeps& deps, const model::User& user, std::int64_t id,
                            const game::ClaimRequest& request, const Precondition& expect = {});
// A draw claim that does not name its rule (clients with one "claim draw" button, Xfcc
// claimDraw) with the intended move (may be empty): threefold repetition when that is
// correct, else fifty moves when that is, else it is decided as an incorrect threefold claim
// (rules.md: the claim stands as a draw offer and the intended move is played).
Result<ClaimDecision> claim_draw(GameDeps& deps, const model::User& user, std::int64_t id,
                                 const std::string& intended_move, const Precondition& expect = {});
// Triple Block manual refill of the user's clock (all of the block, or `seconds`).
Result<GameView> refill_clock(GameDeps& deps, const model::User& user, std::int64_t id,
                              std::optional<std::int64_t> seconds);

// Conditional lines (rules.md §2.5), only ever shown to their owner, as SAN lines from the
// current position.
using SanLines = std::vector<std::vector<std::string>>;
// Replaces the user's lines by `lines` (SAN, UCI or numeric moves); returns them as stored.
// `expect`: the lines were prepared for the game as the client saw it (kStaleGame else).
Result<SanLines> set_conditional(GameDeps& deps, const model::User& user, std::int64_t id,
                                 const std::vector<game::ConditionalLine>& lines,
                                 const Precondition& expect = {});
Result<SanLines> get_conditional(GameDeps& deps, const model::User& user, std::int64_t id);
Result<void> clear_conditional(GameDeps& deps, const model::User& user, std::int64_t id);
// Imports a repertoire (PGN) as the user's conditional lines from the current position
// (core/game/repertoire.h). `dry_run`: the preview only, nothing stored; otherwise the
// lines replace the user's stored ones (kValidationError when none of the PGN reaches a
// reply of the user's after the current position: the stored lines are kept). `expect`
// (ply / version) is checked first (kStaleGame). `lines` in the preview are SAN lines from
// the current position; `ply` is the game's ply the preview was read at.
struct RepertoireImport {
  game::RepertoirePreview preview;
  SanLines lines;
  int ply = 0;
  bool saved = false;
};
Result<RepertoireImport> import_repertoire(GameDeps& deps, const model::User& user, std::int64_t id,
                                           const std::string& pgn, bool dry_run,
                                           const Precondition& expect = {});

// ---- the directors' decisions (kForbidden unless td or admin; audited) ----

// A single game outside events between two users (kValidationError for unknown users or a
// player against himself; the setup checks of app::prepare_game).
struct SingleGameRequest {
  std::string white;
  std::string black;
  game::GameSetup setup;                    // its start_at is replaced by `start_at`
  std::optional<game::Timestamp> start_at;  // none: now
  std::optional<std::string> initial_fen;   // none: from the variant
};
Result<GameView> create_single_game(GameDeps& deps, const model::User& director,
                                    SingleGameRequest request);

Result<GameView> set_result(GameDeps& deps, const model::User& director, std::int64_t id,
                            game::GameResult result, game::Termination termination,
                            const std::string& reason);
Result<GameView> annul_game(GameDeps& deps, const model::User& director, std::int64_t id,
                            const std::string& reason);
Result<GameView> adjust_clock(GameDeps& deps, const model::User& director, std::int64_t id,
                              game::Color side, game::AdjustmentKind kind, std::int64_t value,
                              const std::string& reason);
// Suspends (true) or resumes (false) both clocks.
Result<GameView> set_suspended(GameDeps& deps, const model::User& director, std::int64_t id,
                               bool suspend, const std::string& reason);
// The opponent of the withdrawn user wins game `id` by default (rules.md §5.5); nothing
// happens to a game already over. Audited as a result set in event `event_id`.
Result<GameView> default_for_withdrawal(GameDeps& deps, const model::User& director,
                                        std::int64_t id, std::int64_t event_id,
                                        std::int64_t withdrawn_user_id, const std::string& reason);

// ---- the flag-fall sweep ----

// Claims live games whose next deadline is due (FOR UPDATE SKIP LOCKED, so concurrent
// instances never decide the same game), stores each flag fall at its deadline instant (or
// the adjudication pending of an event past its end date) and refreshes the cached state
// (also not_started -> ongoing). At most `limit` games.
Result<SweepResult> decide_due_games(GameDeps& deps, int limit);
// Stores every decision already due (flag falls, event end dates) in the live games of
// `scope`, exactly as the sweep would (and never twice: it waits for a sweep holding one of
// them). Called before reads that count stored outcomes (lists and counts, records, the
// entry bar, crosstables), so they show what a replay at the server's now shows whether or
// not the sweep has run yet.
Result<SweepResult> settle_due_games(GameDeps& deps, const model::GameScope& scope);
// The earliest instant any live game needs the sweep.
Result<std::optional<game::Timestamp>> next_due(GameDeps& deps);

}  // namespace corrchess::app
