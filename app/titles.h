// Norms recorded and titles awarded (rules.md 6.12), a step of the competition starter: a
// rated section whose games changed is checked once the change is committed; when every game
// of it is over, the norms its players reached are stored (replacing what an earlier check
// stored, so a corrected result corrects them), and a player whose norms now earn a title is
// awarded it, audited (title_awarded). Titles are never taken back by the server.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/game_view.h"
#include "app/starter_run.h"
#include "core/error.h"
#include "model/users.h"

namespace corrchess::app {

struct NormRun {
  int sections_checked = 0;  // sections with changes looked at
  int norms_recorded = 0;    // norm rows stored for sections that are over
  int titles_awarded = 0;
  int failed = 0;  // sections whose check failed, rolled back and skipped
};
// Checks at most 20 sections (each in its own transaction, under its event's row lock); a
// check that fails is rolled back alone, logged and counted in `failed`
// (app/competition_items.h).
Result<NormRun> run_norms(GameDeps& deps, StarterRun mode);

// Each user's highest title (GM, SIM, IM, LGM, LIM: the first of competition::kTitles the
// user holds), for PGN's WhiteTitle and BlackTitle; users without a title are not listed.
using PlayerTitles = std::map<std::int64_t, std::string>;
Result<PlayerTitles> player_titles(GameDeps& deps, const std::vector<std::int64_t>& user_ids);

// Whether `username` may earn ladies' titles (LGM, LIM): set by a director with a reason,
// audited as ladies_titles_changed; norm lines of running sections show the ladies' targets
// at once, norms of sections already over are not recomputed. Returns the setting.
// kForbidden unless `director` is one; kNotFound for an unknown user.
Result<bool> set_ladies_titles(GameDeps& deps, const model::User& director,
                               const std::string& username, bool eligible,
                               const std::string& reason);

}  // namespace corrchess::app
