// Multi-stage championship use cases (rules.md 6.9, docs/api.md "Championships"),
// transport-neutral: a director creates a championship with its stages and players, and its
// first stage starts at once (sections composed by rating with compatriots spread when asked,
// each section an event started on the one start path); when every game of a stage is over
// (adjudications included) the competition starter computes its qualifiers, tells them, and
// starts the next stage from them, by itself or when a director asks; the last stage ends the
// championship. The HTTP adapter is api/championships.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/games.h"
#include "app/starter_run.h"
#include "core/error.h"
#include "model/championships.h"
#include "model/users.h"

namespace corrchess::app {

struct ChampionshipCreation {
  model::ChampionshipSettings settings;
  std::vector<std::string> players;  // usernames, in entry order (ties of rating keep it)
};
// Creates a championship and starts its first stage (audited "championship_created").
// kForbidden unless a director; kValidationError for fewer than 2 or more than 5 stages, a
// stage without a name or with a section size outside 2..32, a stage rule that qualifies
// nobody (or a rule on the last stage), a stage that would send fewer than 2 players on,
// fewer than 2 players, unknown or repeated players, games the rules refuse; kConflict for a
// name in use. Returns the championship's id.
Result<std::int64_t> create_championship(GameDeps& deps, const model::User& director,
                                         ChampionshipCreation request);

struct ChampionshipView {
  model::StoredChampionship championship;
  std::vector<model::StageSection> sections;
  std::vector<model::StageQualifier> qualifiers;
  std::optional<std::string> champion;  // the final's single winner, once it is over
};
Result<ChampionshipView> read_championship(GameDeps& deps, std::int64_t id);
Result<std::vector<model::StoredChampionship>> list_championships(GameDeps& deps);

// A director starts the next stage of a championship whose current stage is over (audited
// "stage_started"). kConflict while a stage is in play, or when no stage is left.
Result<void> start_next_stage(GameDeps& deps, const model::User& director, std::int64_t id);

struct ChampionshipRun {
  int stages_finished = 0;
  int stages_started = 0;
  int championships_finished = 0;
  int failed = 0;  // items that failed, rolled back and skipped
};
// Closes every stage whose games are all over (qualifiers stored, players told), then starts
// the next stage of championships that advance by themselves and have none running: each
// close and each start one item in a transaction of its own, under the championship's row
// lock. An item that fails is rolled back alone, logged and counted in `failed`
// (app/competition_items.h; a stage closed whose next stage fails to start stays closed, its
// next stage pending); the others go on.
Result<ChampionshipRun> run_championships(GameDeps& deps, StarterRun mode);

}  // namespace corrchess::app
