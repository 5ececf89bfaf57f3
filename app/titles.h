// Norms recorded and titles awarded (rules.md 6.12), a step of the competition starter: a
// rated section whose games changed is checked once the change is committed; when every game
// of it is over, the norms its players reached are stored (replacing what an earlier check
// stored, so a corrected result corrects them), and a player whose norms now earn a title is
// awarded it, audited (title_awarded). Titles are never taken back by the server.
#pragma once

#include "app/game_view.h"
#include "core/error.h"

namespace corrchess::app {

struct NormRun {
  int sections_checked = 0;  // sections with changes looked at
  int norms_recorded = 0;    // norm rows stored for sections that are over
  int titles_awarded = 0;
};
// Checks at most 20 sections (each in its own transaction, under its event's row lock).
Result<NormRun> run_norms(GameDeps& deps);

}  // namespace corrchess::app
