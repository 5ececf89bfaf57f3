// The one commit path of a game change, shared by the game use cases in app/ (players'
// commands, directors' decisions, the flag-fall sweep). Internal to app/: transports call
// the use cases of app/games.h.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "app/game_view.h"
#include "model/events.h"
#include "model/game_schedule.h"

namespace corrchess::app {

// What a command decided. Every member is optional; an empty change reads only.
struct GameChange {
  std::optional<game::Outcome> outcome;           // facts to append (then the version bumps)
  std::optional<game::PendingMove> save_pending;  // replaces the stored pending move
  bool delete_pending = false;                    // withdraws the stored pending move
  // Replaces one player's conditional lines (UCI) outside an outcome.
  std::optional<std::pair<game::Color, std::vector<game::ConditionalLine>>> conditional;
  std::optional<model::AuditEntry> audit;  // a director's action, stamped with the server's now
};

// A change that appends `outcome` (and, optionally, a director's audit row).
GameChange outcome_change(game::Outcome outcome,
                          std::optional<model::AuditEntry> audit = std::nullopt);

// Who may run a command: a player of the game, or a tournament director (td or admin).
enum class Access { kPlayer, kDirector };

// What a command sees: the locked stored game, its replay at the server's now and the side
// the acting user plays (none for a director who does not play in it).
struct CommandInput {
  const model::StoredGame& stored;
  const game::Game& game;
  std::optional<game::Color> side;
};
using GameCommand = std::function<Result<GameChange>(const CommandInput&)>;

// Runs `command` on game `id` for `user` in one transaction: locks the row, replays at the
// server's now, checks `expect` (kStaleGame before the command runs), and commits what the
// command decided (facts, pending move, conditional lines, cached state, audit, live
// messages). kForbidden unless `user` plays in the game (kPlayer) or directs (kDirector);
// a director is refused before the game is read. Returns the game after the change as
// `user` sees it.
Result<GameView> run_command(GameDeps& deps, const model::User& user, std::int64_t id,
                             Access access, const GameCommand& command,
                             const Precondition& expect = {});

// Commits `change` to the locked game `stored` (replayed as `game`) inside `tx` and returns
// the game after it. For use cases that hold their own transaction (the sweep). When the
// game after the change shows a flag fall that no fact records yet, the flag-fall fact is
// stored with the change (and the pending move withdrawn), as the sweep would store it.
// The facts of the game returned are taken from `game` (and the change's outcome), not from
// `stored`, whose facts may have been moved into the replay: nothing that grows with the
// game is copied.
GameView commit_change(pqxx::work& tx, model::StoredGame stored, game::Game game,
                       std::optional<game::Color> viewer, GameChange change);

// Re-derives the locked game `stored` at `now` after a change outside its facts (its
// players, their leave) and commits `change` (pending move, conditional lines; its outcome
// is replaced) with the refreshed cached state through commit_change: the version bumps,
// the reminders follow the player to move, and a flag fall already due is stored as its
// fact with the game-over messages. Seen by no player (no viewer).
Result<GameView> refresh_game(const GameDeps& deps, pqxx::work& tx, model::StoredGame stored,
                              game::Timestamp now, GameChange change = {});

// The conditional trees of both players that still apply (the owner is not to move; none once
// the game is over), for accept_move and claim.
std::array<game::ConditionalTree, 2> conditional_trees(const model::StoredGame& stored,
                                                       const game::Game& game);

// The rules context of a stored game: the server's zone and oracles, the players' leave.
game::GameContext context_for(const GameDeps& deps, const model::StoredGame& stored);

// The game `stored` replayed at `now` as the sweep leaves it, for reads that store nothing: an
// event game whose event's end date has passed shows the end of play the sweep stores
// (adjudication pending, or the flag fall that came before it) whether or not it ran.
Result<game::Game> replay_as_due(const GameDeps& deps, pqxx::work& tx,
                                 const model::StoredGame& stored, game::Timestamp now);

// settle_due_games (app/games.h) inside the caller's transaction, for use cases that read in
// it afterwards.
Result<SweepResult> settle_due_games(const GameDeps& deps, pqxx::work& tx,
                                     const model::GameScope& scope);

}  // namespace corrchess::app
