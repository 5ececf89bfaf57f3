#include "app/game_store.h"

#include <algorithm>
#include <stdexcept>

#include "app/game_cache.h"
#include "app/notifications.h"
#include "app/roles.h"
#include "core/game/game_change.h"
#include "core/game/snapshot.h"
#include "db/error_log.h"
#include "db/events.h"
#include "db/games.h"
#include "db/live_events.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

using game::Color;

std::optional<Color> side_of(const model::StoredGame& g, const model::User& user) {
  if (user.id == g.white.id) return Color::kWhite;
  if (user.id == g.black.id) return Color::kBlack;
  return std::nullopt;
}

// Event visibility (event setting `visibility`): what a user who neither plays in an
// unfinished event game nor directs may see of it. live: everything. delayed N: the game as
// it stood when its last N plies had not been played yet, with no draw offer, legal moves or
// running clocks. after_end: nothing (kForbidden) until the game is over.
Result<void> restrict_to_event_visibility(const GameDeps& deps, pqxx::work& tx,
                                          const model::User& user, GameView& shown) {
  const auto& s = shown.state;
  if (!shown.stored.event_id || shown.viewer || is_director(user) || game::is_over(s.status)) {
    return {};
  }
  const auto visibility = db::event_visibility(tx, *shown.stored.event_id);
  switch (visibility.mode) {
    case model::Visibility::kLive: return {};
    case model::Visibility::kAfterEnd:
      return fail(ErrorCode::kForbidden,
                  "the games of this event are shown to others only once they are over");
    case model::Visibility::kDelayed: break;
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

// The move-number precondition: when `side` is to move, `number` must be the full-move
// number of the move it plays (kStaleGame otherwise).
Result<void> check_move_number(const game::GameState& s, std::optional<Color> side,
                               std::optional<int> number) {
  if (!number || !side || s.status != game::GameStatus::kOngoing || s.to_move != *side) return {};
  const int initial_offset = chess::index(s.initial.side_to_move());
  const int expected_ply =
      2 * (*number - s.initial.fullmove_number()) + chess::index(*side) - initial_offset;
  if (expected_ply == s.ply) return {};
  const int current = (s.ply + initial_offset) / 2 + s.initial.fullmove_number();
  return fail(ErrorCode::kStaleGame, "move " + std::to_string(*number) +
                                         " is not the move to play (" + std::to_string(current) +
                                         ")");
}

// A change whose game after it shows a flag fall that no fact records (the clock ran out
// before a refresh, e.g. after a replacement or a leave change) stores the flag-fall fact
// with it, stamped at the deadline instant, and withdraws the pending move as the sweep
// does: no cached state ever shows a loss that the facts do not hold.
void record_due_flag_fall(GameChange& change) {
  if (!change.outcome) return;
  auto& o = *change.outcome;
  const auto fact = game::decide_flag_fall(o.game);
  if (!fact) return;
  auto extended = o.game.extend({}, {*fact}, o.game.state().now);
  if (!extended) {
    throw std::logic_error("a due flag fall cannot be stored with the change: " +
                           extended.error().detail);
  }
  o.events.push_back(*fact);
  o.game = std::move(*extended);
  change.delete_pending = true;
}

}  // namespace

GameChange outcome_change(game::Outcome outcome, std::optional<model::AuditEntry> audit) {
  GameChange change;
  change.outcome = std::move(outcome);
  change.audit = std::move(audit);
  return change;
}

game::GameContext context_for(const GameDeps& deps, const model::StoredGame& g) {
  game::GameContext ctx;
  ctx.zone = deps.zone;
  ctx.leave = g.leave;
  ctx.oracles = deps.oracles;
  ctx.running_use_40_plus_days = g.running_use_40_plus_days();
  return ctx;
}

Result<game::Game> replay_game(const GameDeps& deps, const model::StoredGame& stored,
                               game::Timestamp now) {
  auto result = game::Game::replay(stored.facts, context_for(deps, stored), now);
  if (!result) {
    db::log_database_error("game " + std::to_string(stored.id) +
                           " cannot be replayed: " + result.error().detail);
    return fail(ErrorCode::kInternal, "stored game is inconsistent");
  }
  return result;
}

std::array<game::ConditionalTree, 2> conditional_trees(const model::StoredGame& g,
                                                       const game::Game& game) {
  std::array<game::ConditionalTree, 2> trees;
  if (game::is_over(game.state().status)) return trees;  // discarded at the end (rules.md 4)
  for (Color c : {Color::kWhite, Color::kBlack}) {
    const auto& lines = g.conditional[chess::index(c)];
    if (lines.empty() || game.state().to_move == c) continue;
    auto tree = game::ConditionalTree::build(game.state().position, c, lines);
    if (tree) trees[chess::index(c)] = std::move(*tree);
  }
  return trees;
}

GameView commit_change(pqxx::work& tx, model::StoredGame stored, game::Game game,
                       std::optional<Color> viewer, GameChange change) {
  record_due_flag_fall(change);
  const auto id = stored.id;
  const auto now = game.state().now;
  // The view takes the stored game over, and its facts from the game (no copy of either);
  // `game` before the change is what the notifications compare with.
  const auto white_id = stored.white.id;
  const auto black_id = stored.black.id;
  const auto facts_events_before = game.facts().events.size();
  const auto version_before = stored.version;
  GameView view;
  view.viewer = viewer;
  view.moves_from = game.state().ply;
  view.stored = std::move(stored);
  view.stored.facts = std::move(game).take_facts();
  // view.stored follows every write as load_game would read it back, with the revision the
  // write gave the row (a copy of it may be kept: app/game_cache.h).
  if (change.save_pending) {
    auto& pending = view.stored.pending;
    view.stored.revision = db::save_pending(tx, id, *change.save_pending);
    pending = *change.save_pending;
    if (pending->use_40_plus_days) view.stored.use_40_plus_days_ply = pending->ply;
    if (view.stored.use_40_plus_days_ply == pending->ply) pending->use_40_plus_days = true;
  }
  if (change.delete_pending) {
    view.stored.revision = db::delete_pending(tx, id);
    view.stored.pending.reset();
  }
  if (change.conditional) {
    const auto& [side, lines] = *change.conditional;
    view.stored.revision = db::save_conditional(tx, id, side, lines, now);
    view.stored.conditional[chess::index(side)] = lines;
  }
  if (change.audit) {
    change.audit->at = now;
    db::write_audit(tx, *change.audit);
  }
  if (!change.outcome) {
    view.state = std::move(game).take_state();
    return view;
  }
  auto& o = *change.outcome;
  const auto& after = o.game.state();
  // Appends the facts, clears the pending move after a move, rewrites the cache and the
  // snapshot; bumps the version.
  view.stored.revision = db::store_change(tx, id, o.moves, o.events, facts_events_before, after,
                                          o.game.snapshot_window());
  view.stored.version = version_before + 1;
  if (!o.moves.empty()) view.stored.pending.reset();
  if (o.conditional) {
    for (Color c : {Color::kWhite, Color::kBlack}) {
      auto lines = (*o.conditional)[chess::index(c)].lines();
      view.stored.revision = db::save_conditional(tx, id, c, lines, now);
      view.stored.conditional[chess::index(c)] = lines;
    }
  }
  // The end of the game discards both players' conditional lines and the pending move,
  // however it ended (rules.md 4): resignation, agreement, a claim, a flag fall, a director's
  // decision.
  if (game::is_over(after.status)) {
    if (view.stored.pending) {
      view.stored.revision = db::delete_pending(tx, id);
      view.stored.pending.reset();
    }
    for (Color c : {Color::kWhite, Color::kBlack}) {
      if (view.stored.conditional[chess::index(c)].empty()) continue;
      view.stored.revision = db::save_conditional(tx, id, c, {}, now);
      view.stored.conditional[chess::index(c)].clear();
    }
  }
  const auto notices = game::describe_change(game.state(), o.moves, o.events, after);
  if (!notices.empty()) {
    db::notify_game_change(tx, id, view.stored.version, {white_id, black_id}, notices, after);
  }
  // Mails (and the reminders of the player to move) go to the outbox in this transaction.
  queue_game_notifications(tx, view.stored, game.state(), o.moves, o.events, after, now);
  // The game after the change holds the facts before it with the new moves and events.
  view.state = std::move(o.game).take_state();
  view.stored.facts = std::move(o.game).take_facts();
  return view;
}

Result<GameView> refresh_game(const GameDeps& deps, pqxx::work& tx, model::StoredGame stored,
                              game::Timestamp now, GameChange change) {
  TRY_LET(game, replay_game(deps, stored, now));
  change.outcome = game::Outcome{{}, {}, *game, {}, {}, {}};
  return commit_change(tx, std::move(stored), std::move(*game), std::nullopt, std::move(change));
}

namespace {

// The checks and the decision of run_command on the locked game `stored` replayed as `game`.
// `play_stopped`: a player's command after the event's end date.
Result<GameChange> decide(const model::StoredGame& stored, const game::Game& game,
                          std::optional<Color> side, const GameCommand& command,
                          const Precondition& expect, bool play_stopped) {
  if (play_stopped && game::is_in_play(game.state().status)) {
    return fail(ErrorCode::kGameOver,
                "the game awaits adjudication (its event's end date has passed)");
  }
  if (expect.version && *expect.version != stored.version) {
    return fail(ErrorCode::kStaleGame, "the game has changed since you read it (version " +
                                           std::to_string(*expect.version) + ", now " +
                                           std::to_string(stored.version) + ")");
  }
  if (expect.ply && *expect.ply != game.state().ply) {
    return fail(ErrorCode::kStaleGame, "the game has changed since you read it (" +
                                           std::to_string(*expect.ply) + " plies, now " +
                                           std::to_string(game.state().ply) + ")");
  }
  TRY(check_move_number(game.state(), side, expect.move_number));
  return command(CommandInput{stored, game, side});
}

// Whether a change decided on a game replayed from its snapshot must be decided again on
// the full replay: it ends the game (the game-over mail carries the whole game as PGN), or
// a flag fall is due that commit_change stores with it.
bool needs_every_move(const GameChange& change) {
  if (!change.outcome) return false;
  const auto& after = change.outcome->game.state();
  return game::is_over(after.status) || after.flag_fall_pending;
}

}  // namespace

namespace {

// Game `id`, locked by the caller at `revision`, as load_game reads it with `read`: this
// instance's copy when it is of that revision (and, when the cache checks, equal to the
// stored game), taken out of the cache, else the stored game. The copy may come with the
// game replayed from it (KeptGame::replayed, which then holds the facts; with the check, the
// stored facts are in `stored` as well). A checked copy that differs throws
// std::logic_error (the request fails with 500; the copy is gone).
Result<KeptGame> locked_game(const GameDeps& deps, pqxx::work& tx, std::int64_t id,
                             std::int64_t revision, model::FactsRead read) {
  const auto load = [&]() -> Result<KeptGame> {
    TRY_LET(stored, db::load_game(tx, id, false, read));
    return KeptGame{std::move(*stored), std::nullopt};
  };
  if (deps.cache == nullptr || read != model::FactsRead::kFromSnapshot) return load();
  auto copy = deps.cache->take(id, revision);
  if (!copy) return load();
  if (deps.cache->check()) {
    auto stored = db::load_game(tx, id, false, read);
    if (stored && copy->replayed) copy->stored.facts = copy->replayed->facts();
    if (!stored || *stored != copy->stored) {
      throw std::logic_error("game " + std::to_string(id) + ": the copy in memory of revision " +
                             std::to_string(revision) + " differs from the stored game");
    }
  }
  return std::move(*copy);
}

// With the cache's check: a game resumed from the copy in memory must be the game replayed
// from the stored facts (std::logic_error otherwise, as for a copy that differs).
void check_resumed(const GameDeps& deps, const model::StoredGame& stored, const game::Game& resumed,
                   game::Timestamp now) {
  const auto replayed = game::Game::replay(stored.facts, context_for(deps, stored), now);
  if (!replayed || !(replayed->state() == resumed.state()) ||
      !(replayed->clock_facts() == resumed.clock_facts()) ||
      !(replayed->facts() == resumed.facts())) {
    throw std::logic_error("game " + std::to_string(stored.id) +
                           ": the game resumed in memory differs from its replay");
  }
}

}  // namespace

Result<GameView> run_command(GameDeps& deps, const model::User& user, std::int64_t id,
                             Access access, const GameCommand& command,
                             const Precondition& expect) {
  if (access == Access::kDirector && !is_director(user)) {
    return fail(ErrorCode::kForbidden, "this needs a tournament director");
  }
  // The game as this command left it, to keep once its transaction has committed.
  std::optional<KeptGame> committed;
  auto result = db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameView> {
    committed.reset();
    const auto read =
        expect.new_moves_only ? model::FactsRead::kFromSnapshot : model::FactsRead::kAll;
    auto lock = db::lock_game(tx, id);
    if (!lock) return fail(ErrorCode::kNotFound, "no game " + std::to_string(id));
    const auto now = deps.clock.now(tx);
    // A command after the event's end date finds the end of play stored first, as a read
    // would: what stays possible then (a player resigning or answering a standing draw offer,
    // rules.md 6.5; a director's result, but no clock change, rules.md 3.8) does not depend
    // on whether the sweep has run.
    if (lock->end_of_play && *lock->end_of_play <= now) {
      TRY_LET(swept, settle_due_games(deps, tx, {std::nullopt, std::nullopt, id}));
      if (swept->processed > 0) {
        lock = db::lock_game(tx, id);  // the row's new revision
        if (!lock) return fail(ErrorCode::kNotFound, "no game " + std::to_string(id));
      }
    }
    auto locked = locked_game(deps, tx, id, lock->revision, read);
    bool from_snapshot = read == model::FactsRead::kFromSnapshot;
    if (!locked && from_snapshot && locked.error().code == ErrorCode::kInternal) {
      db::log_database_error("game " + std::to_string(id) + ": " + locked.error().detail +
                             "; reading every move");
      locked = locked_game(deps, tx, id, lock->revision, model::FactsRead::kAll);
      from_snapshot = false;
    }
    if (!locked) return std::unexpected(locked.error());
    auto stored = std::move(locked->stored);
    const auto side = side_of(stored, user);
    if (access == Access::kPlayer && !side) {
      return fail(ErrorCode::kForbidden, "you do not play in this game");
    }
    // Play stops at the event's end date (rules.md §5.4) whether or not the sweep has stored
    // it yet; a director still acts on the game (an adjudication, a correction).
    const bool play_stopped =
        access == Access::kPlayer && lock->end_of_play && *lock->end_of_play <= now;
    if (from_snapshot) {
      // From the snapshot: the work does not grow with the game. Anything the window cannot
      // decide alone (a replay that asks for every move, a change that ends the game) is
      // decided again below on every move; the snapshot's replay is the full one's
      // (core/game/snapshot.h, checked by `corrchess-server verify`). Without a window the
      // replay is the full one already. The game kept in memory is resumed at this instant
      // (the same game, without playing its moves again); else the replay takes the stored
      // facts over (no copy).
      const bool resumed = locked->replayed.has_value();
      auto context = context_for(deps, stored);
      auto game = resumed
                      ? game::Game::resume(std::move(*locked->replayed), std::move(context), now)
                      : game::Game::replay(std::move(stored.facts), std::move(context), now);
      if (game && resumed && deps.cache->check()) check_resumed(deps, stored, *game, now);
      const auto window_before =
          game ? game->facts().window.value_or(game::ReplayWindow{}) : game::ReplayWindow{};
      const bool windowed = window_before.ply > 0;
      if (game) {
        TRY_LET(change, decide(stored, *game, side, command, expect, play_stopped));
        const bool every_move = needs_every_move(*change);
        if (!every_move || !windowed) {
          // The snapshot the change leaves on the row, for the copy kept of the game.
          const auto window =
              change->outcome ? change->outcome->game.snapshot_window() : window_before;
          // The game after the change is kept with the copy when its facts are the ones the
          // row holds after it: the change leaves the snapshot where it was.
          std::optional<game::Game> after;
          if (deps.cache != nullptr && !every_move && window == window_before) {
            after = change->outcome ? change->outcome->game : *game;
          }
          auto view =
              commit_change(tx, std::move(stored), std::move(*game), side, std::move(*change));
          if (!every_move) {
            committed.emplace();
            if (after) {
              // The facts are held by the kept game: the copy of the row goes without them.
              auto facts = std::move(view.stored.facts);
              committed->stored = view.stored;
              view.stored.facts = std::move(facts);
              committed->replayed = std::move(after);
            } else {
              committed->stored = view.stored;
              committed->stored.facts =
                  game::windowed_facts(std::move(committed->stored.facts), window);
            }
          }
          return view;
        }
      }
      // Every move is read again (a windowed replay that cannot decide, or a game that
      // cannot be replayed, which the full replay reports).
      TRY_LET(all, db::load_game(tx, id, false, model::FactsRead::kAll));
      stored = std::move(*all);
    }
    TRY_LET(game, replay_game(deps, stored, now));
    TRY_LET(change, decide(stored, *game, side, command, expect, play_stopped));
    return commit_change(tx, std::move(stored), std::move(*game), side, std::move(*change));
  });
  if (deps.cache != nullptr) {
    if (result && committed) {
      deps.cache->put(std::move(*committed));
    } else {
      deps.cache->forget(id);
    }
  }
  return result;
}

Result<GameView> view_game(GameDeps& deps, const model::User& user, std::int64_t id) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameView> {
    TRY_LET(stored, db::load_game(tx, id, false));
    TRY_LET(g, replay_as_due(deps, tx, *stored, deps.clock.now(tx)));
    GameView shown{*stored, g->state(), side_of(*stored, user)};
    // What the players write each other is theirs (and the directors'), not the audience's.
    shown.show_messages = shown.viewer.has_value() || is_director(user);
    TRY(restrict_to_event_visibility(deps, tx, user, shown));
    return shown;
  });
}

}  // namespace corrchess::app
