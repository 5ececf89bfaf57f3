// The flag-fall sweep (app/games.h): decisions that fall due with time alone.
#include "app/auto_adjudication.h"
#include "app/game_store.h"
#include "app/games.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

// The fact that stops play at a standard event's end date (rules.md §5.4), stamped at `end`:
// a flag fall that came before it, else adjudication pending; nullopt when the game was
// over by then. If facts were stored after `end` (the sweep ran late), the game is marked
// as it stands at `now`.
Result<std::optional<game::GameEvent>> end_of_play_fact(const GameDeps& deps,
                                                        const model::StoredGame& stored,
                                                        game::Timestamp end, game::Timestamp now) {
  game::Timestamp at = end;
  const auto& facts = stored.facts;
  if ((!facts.moves.empty() && facts.moves.back().at > end) ||
      (!facts.events.empty() && facts.events.back().at > end)) {
    at = now;
  }
  TRY_LET(game, replay_game(deps, stored, at));
  if (auto fall = game::decide_flag_fall(*game)) return fall;
  auto marked = game::mark_adjudication_pending(*game);
  if (!marked || marked->events.empty()) return std::optional<game::GameEvent>{};
  return std::optional<game::GameEvent>{marked->events.front()};
}

// Decides the locked game `id` at `now`: stores the flag fall or the event's end of play that
// is due (counted in `swept`) and refreshes the cached state.
Result<void> decide_locked(const GameDeps& deps, pqxx::work& tx, std::int64_t id,
                           game::Timestamp now, SweepResult& swept) {
  TRY_LET(stored, db::load_game(tx, id, true));
  TRY_LET(game, replay_game(deps, *stored, now));
  auto fact = game::decide_flag_fall(*game);
  if (stored->event_id) {
    if (const auto end = db::event_adjudication_at(tx, *stored->event_id); end && *end <= now) {
      TRY_LET(ending, end_of_play_fact(deps, *stored, *end, now));
      if (*ending) fact = *ending;
    }
  }
  // Without a fact the cached state is still refreshed (not_started -> ongoing).
  std::vector<game::GameEvent> events;
  auto facts = stored->facts;
  if (fact) {
    events.push_back(*fact);
    facts.events.push_back(*fact);
    if (fact->kind == game::EventKind::kFlagFall) {
      ++swept.flag_falls;
    } else {
      ++swept.adjudications_pending;
    }
  }
  TRY_LET(after, game::Game::replay(std::move(facts), context_for(deps, *stored), now));
  std::optional<model::AuditEntry> audit;
  if (fact && fact->kind == game::EventKind::kAdjudicationPending &&
      db::event_auto_adjudicates(tx, *stored->event_id)) {
    // The event lets the server decide what the evidence proves (rules.md 6.5).
    TRY_LET(proven, proven_decision(deps, *stored, *after, now));
    if (*proven) {
      auto& decided = (*proven)->outcome;
      events.insert(events.end(), decided.events.begin(), decided.events.end());
      *after = std::move(decided.game);
      audit = std::move((*proven)->audit);
    }
  }
  auto change = outcome_change(game::Outcome{{}, std::move(events), std::move(*after), {}, {}, {}},
                               std::move(audit));
  change.delete_pending = fact.has_value();
  commit_change(tx, std::move(*stored), std::move(*game), std::nullopt, std::move(change));
  ++swept.processed;
  return {};
}

}  // namespace

Result<game::Game> replay_as_due(const GameDeps& deps, pqxx::work& tx,
                                 const model::StoredGame& stored, game::Timestamp now) {
  TRY_LET(game, replay_game(deps, stored, now));
  const auto& s = game->state();
  // Over by its facts (a flag fall the replay shows may have come after the end date).
  if (!stored.event_id || (!game::is_in_play(s.status) && !s.flag_fall_pending)) return game;
  const auto end = db::event_adjudication_at(tx, *stored.event_id);
  if (!end || *end > now) return game;
  TRY_LET(ending, end_of_play_fact(deps, stored, *end, now));
  if (!*ending) return game;
  auto facts = stored.facts;
  facts.events.push_back(**ending);
  auto shown = game::Game::replay(std::move(facts), context_for(deps, stored), now);
  if (!shown) {
    db::log_database_error("game " + std::to_string(stored.id) +
                           ": its end of play cannot be replayed: " + shown.error().detail);
    return fail(ErrorCode::kInternal, "stored game is inconsistent");
  }
  return shown;
}

Result<SweepResult> decide_due_games(GameDeps& deps, int limit) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<SweepResult> {
    SweepResult swept;
    const auto now = deps.clock.now(tx);
    for (const auto id : db::claim_due_games(tx, now, limit)) {
      TRY(decide_locked(deps, tx, id, now, swept));
    }
    return swept;
  });
}

Result<SweepResult> settle_due_games(const GameDeps& deps, pqxx::work& tx,
                                     const model::GameScope& scope) {
  SweepResult swept;
  const auto now = deps.clock.now(tx);
  for (const auto id : db::lock_due_games(tx, now, scope)) {
    TRY(decide_locked(deps, tx, id, now, swept));
  }
  return swept;
}

Result<SweepResult> settle_due_games(GameDeps& deps, const model::GameScope& scope) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<SweepResult> {
    return settle_due_games(deps, tx, scope);
  });
}

Result<std::optional<game::Timestamp>> next_due(GameDeps& deps) {
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) {
    return Result<std::optional<game::Timestamp>>(db::next_deadline(tx));
  });
}

}  // namespace corrchess::app
