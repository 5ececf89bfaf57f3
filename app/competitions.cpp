#include "app/competitions.h"

#include "app/competition_items.h"
#include "db/error_log.h"

namespace corrchess::app {

void log_skipped_item(const std::string& item, const Error& error) {
  db::log_database_error("competition starter: " + item +
                         " failed and was skipped: " + error.detail);
}

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

Result<CompetitionRun> run_competitions(GameDeps& deps) {
  CompetitionRun run;
  TRY_LET(series, run_series(deps));
  run.series = *series;
  TRY_LET(cups, run_cups(deps));
  run.cups = *cups;
  TRY_LET(championships, run_championships(deps));
  run.championships = *championships;
  TRY_LET(norms, run_norms(deps));
  run.norms = *norms;
  return run;
}

Result<std::optional<game::Timestamp>> next_competition_deadline(GameDeps& deps) {
  return next_series_deadline(deps);
}

}  // namespace corrchess::app
