#include "app/competitions.h"

#include "app/roles.h"
#include "db/starter_failures.h"
#include "db/transaction.h"

namespace corrchess::app {

int CompetitionRun::failed() const {
  return series.failed + cups.failed + championships.failed + norms.failed;
}

bool CompetitionRun::any() const {
  return series.sections_started + series.entries_expired + series.sections_closed +
             cups.matches_decided + cups.games_started + cups.cups_finished +
             championships.stages_finished + championships.stages_started + norms.norms_recorded +
             norms.titles_awarded + failed() >
         0;
}

Result<CompetitionRun> run_competitions(GameDeps& deps, StarterRun mode) {
  CompetitionRun run;
  TRY_LET(series, run_series(deps, mode));
  run.series = *series;
  TRY_LET(cups, run_cups(deps, mode));
  run.cups = *cups;
  TRY_LET(championships, run_championships(deps, mode));
  run.championships = *championships;
  TRY_LET(norms, run_norms(deps, mode));
  run.norms = *norms;
  return run;
}

Result<std::optional<game::Timestamp>> next_competition_deadline(GameDeps& deps) {
  return next_series_deadline(deps);
}

Result<std::vector<model::StarterFailure>> starter_failures(GameDeps& deps,
                                                            const model::User& director) {
  TRY(require_director(director));
  return db::in_transaction(deps.pool, [](pqxx::work& tx) {
    return Result<std::vector<model::StarterFailure>>(db::all_starter_failures(tx));
  });
}

}  // namespace corrchess::app
