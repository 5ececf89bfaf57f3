#include "app/auto_adjudication.h"

#include "app/game_store.h"
#include "app/games.h"
#include "db/events.h"
#include "db/games.h"
#include "db/server_clock.h"

namespace corrchess::app {

Result<std::optional<ProvenDecision>> proven_decision(const GameDeps& deps,
                                                      const model::StoredGame& stored,
                                                      const game::Game& game, game::Timestamp now) {
  if (game.state().status != game::GameStatus::kAdjudicationPending) {
    return std::optional<ProvenDecision>{};
  }
  const auto evidence = game::position_evidence(game.record(), deps.oracles);
  if (!evidence.suggestion) return std::optional<ProvenDecision>{};
  const auto& s = *evidence.suggestion;
  TRY_LET(outcome, game::set_result(game, s.result, game::Termination::kAdjudication, s.reason,
                                    kServerActor));
  model::AuditEntry audit{now,
                          std::nullopt,
                          "adjudicated_automatically",
                          stored.id,
                          stored.event_id,
                          std::nullopt,
                          s.reason,
                          {{"result", std::string(game::to_string(s.result))},
                           {"basis", s.basis},
                           {"ply", static_cast<std::int64_t>(game.state().ply)}}};
  return std::optional<ProvenDecision>{ProvenDecision{std::move(*outcome), std::move(audit)}};
}

Result<int> adjudicate_proven_games(const GameDeps& deps, pqxx::work& tx, std::int64_t event_id) {
  const auto now = deps.clock.now(tx);
  int decided = 0;
  for (const auto id : db::lock_pending_event_games(tx, event_id)) {
    TRY_LET(stored, db::load_game(tx, id, true));
    TRY_LET(game, replay_game(deps, *stored, now));
    TRY_LET(proven, proven_decision(deps, *stored, *game, now));
    if (!*proven) continue;
    auto change = outcome_change(std::move((*proven)->outcome), std::move((*proven)->audit));
    commit_change(tx, std::move(*stored), std::move(*game), std::nullopt, std::move(change));
    ++decided;
  }
  return decided;
}

}  // namespace corrchess::app
