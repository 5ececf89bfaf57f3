// The competition starter (rules.md 6.8-6.10): one run does what the series, championships
// and cups wait for (sections to start, entries to expire, sections to close with their
// promotion credits, stages to close with their qualifiers and the next ones to start, cup
// matches to decide, tie-break games and next-round matches to start; the norms of rated
// sections that are over to record, and titles to award, app/titles.h). The scheduler
// runs it on every wake-up of every instance; each part takes its competition's row lock,
// so a step happens once whoever runs it. Each item (a series' turn, a section to close, a
// cup, a championship's stage to close or to start, a section's norms) is a transaction of its
// own: one that fails is rolled back alone, logged and counted as failed, and the others go
// on (app/competition_items.h).
#pragma once

#include <optional>
#include <vector>

#include "app/championships.h"
#include "app/cups.h"
#include "app/games.h"
#include "app/series.h"
#include "app/starter_run.h"
#include "app/titles.h"
#include "core/error.h"
#include "core/game/time.h"
#include "model/starter.h"
#include "model/users.h"

namespace corrchess::app {

struct CompetitionRun {
  SeriesRun series;
  CupRun cups;
  ChampionshipRun championships;
  NormRun norms;

  // The items that failed and were skipped, in all parts.
  int failed() const;
  bool any() const;
};
// Fails only when the database cannot say which items are due (not when an item fails). The
// scheduler's run leaves the items that wait out a failure alone (app/competition_items.h); a
// director's (StarterRun::kNow) tries them too.
Result<CompetitionRun> run_competitions(GameDeps& deps, StarterRun mode = StarterRun::kScheduled);

// The starter's items that failed and wait to be tried again (app/competition_items.h), the
// one tried again soonest first: for a director (kForbidden otherwise).
Result<std::vector<model::StarterFailure>> starter_failures(GameDeps& deps,
                                                            const model::User& director);

// When the starter next has work that no change will announce: the earliest instant a
// waiting series entry reaches its maximum wait.
Result<std::optional<game::Timestamp>> next_competition_deadline(GameDeps& deps);

}  // namespace corrchess::app
