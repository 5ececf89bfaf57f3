// The competition starter (rules.md 6.8-6.10): one run does what the series, championships
// and cups wait for (sections to start, entries to expire, sections to close with their
// promotion credits, stages to close with their qualifiers and the next ones to start, cup
// matches to decide, tie-break games and next-round matches to start; the norms of rated
// sections that are over to record, and titles to award, app/titles.h). The scheduler
// runs it on every wake-up of every instance; each part takes its competition's row lock,
// so a step happens once whoever runs it.
#pragma once

#include <optional>

#include "app/championships.h"
#include "app/cups.h"
#include "app/games.h"
#include "app/series.h"
#include "app/titles.h"
#include "core/error.h"
#include "core/game/time.h"

namespace corrchess::app {

struct CompetitionRun {
  SeriesRun series;
  CupRun cups;
  ChampionshipRun championships;
  NormRun norms;

  bool any() const;
};
Result<CompetitionRun> run_competitions(GameDeps& deps);

// When the starter next has work that no change will announce: the earliest instant a
// waiting series entry reaches its maximum wait.
Result<std::optional<game::Timestamp>> next_competition_deadline(GameDeps& deps);

}  // namespace corrchess::app
