#include "app/adjudications.h"

#include "app/auto_adjudication.h"
#include "app/roles.h"
#include "db/events.h"
#include "db/game_schedule.h"
#include "db/games.h"
#include "db/server_clock.h"
#include "db/transaction.h"

namespace corrchess::app {

namespace {

// The line of each claim whose analysis holds one, read from the game's current position.
void add_claim_lines(const chess::GameRecord& record,
                     const std::vector<model::AdjudicationClaim>& claims, std::int64_t game_id,
                     ClaimLines& lines) {
  for (const auto& c : claims) {
    if (c.game_id != game_id || c.analysis.empty()) continue;
    auto line = game::check_claimed_line(record, c.analysis);
    if (line.given) lines[{game_id, c.side}] = std::move(line);
  }
}

}  // namespace

Result<AdjudicationQueue> adjudication_queue(GameDeps& deps, const model::User& user) {
  TRY(require_director(user));
  TRY(settle_due_games(deps, model::GameScope{}));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<AdjudicationQueue> {
    AdjudicationQueue q{db::pending_adjudications(tx),
                        db::pending_adjudication_claims(tx),
                        deps.clock.now(tx),
                        {},
                        {}};
    for (const auto& p : q.games) {
      const auto id = p.game.game_id;
      TRY_LET(stored, db::load_game(tx, id, false));
      TRY_LET(game, replay_game(deps, *stored, q.now));
      q.evidence.emplace(id, game::position_evidence(game->record(), deps.oracles));
      add_claim_lines(game->record(), q.claims, id, q.lines);
    }
    return q;
  });
}

Result<GameEvidence> game_evidence(GameDeps& deps, const model::User& user, std::int64_t game_id) {
  TRY(require_director(user));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<GameEvidence> {
    const auto now = deps.clock.now(tx);
    TRY_LET(stored, db::load_game(tx, game_id, false));
    TRY_LET(game, replay_game(deps, *stored, now));
    GameEvidence out{game_id,
                     game->state().ply,
                     game->state().position.fen(),
                     game::position_evidence(game->record(), deps.oracles),
                     {},
                     {}};
    if (stored->event_id) out.claims = db::adjudication_claims(tx, *stored->event_id, game_id);
    add_claim_lines(game->record(), out.claims, game_id, out.lines);
    return out;
  });
}

Result<int> set_auto_adjudication(GameDeps& deps, const model::User& director,
                                  std::int64_t event_id, bool enabled, const std::string& reason) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [&](pqxx::work& tx) -> Result<int> {
    TRY_LET(event, db::load_event(tx, event_id, true));
    const auto now = deps.clock.now(tx);
    db::set_event_auto_adjudicate(tx, event_id, enabled);
    db::write_audit(
        tx,
        {now, director.id, "auto_adjudication_changed", std::nullopt, event_id, std::nullopt,
         reason, model::Fields{{"enabled", enabled}, {"before", event->settings.auto_adjudicate}}});
    if (!enabled) return 0;
    return adjudicate_proven_games(deps, tx, event_id);
  });
}

}  // namespace corrchess::app
