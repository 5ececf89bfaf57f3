// Cup use cases (rules.md 6.10, docs/api.md "Cups"), transport-neutral: a director creates a
// cup with its players (seeded by rating or as listed); the bracket's first round starts at
// once (byes move their players on); every run of the competition starter advances each
// running cup: a match whose games decide it sends its winner on, a match equal after its
// games gets its next tie-break pair, a next-round match starts as soon as both its players
// are known, and the final's winner wins the cup. The HTTP adapter is api/cups.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/games.h"
#include "app/starter_run.h"
#include "core/error.h"
#include "model/cups.h"
#include "model/users.h"

namespace corrchess::app {

struct CupCreation {
  model::CupSettings settings;
  std::vector<std::string> players;  // usernames
  std::string seeding = "rating";    // "rating" (highest first, unrated last) or "entry"
};
// Creates and starts a cup (audited "cup_created"). kForbidden unless a director;
// kValidationError for match rules out of bounds, fewer than 2 or more than 1024 players,
// unknown or repeated players, a seeding other than rating or entry, or games the rules
// refuse; kConflict for a name in use. Returns the cup's id.
Result<std::int64_t> create_cup(GameDeps& deps, const model::User& director, CupCreation request);

struct CupView {
  model::StoredCup cup;
  std::vector<model::CupPlayer> players;
  std::vector<model::CupMatch> matches;
  std::vector<model::CupGame> games;
};
Result<CupView> read_cup(GameDeps& deps, std::int64_t id);
// The score of match `m` of the cup `v` shows (competition::match_score over its games).
competition::MatchScore cup_match_score(const CupView& v, const model::CupMatch& m);
// A cup in the list of cups: how many players it seeded, and its winner once finished.
struct CupSummary {
  model::StoredCup cup;
  model::CupTally tally;
};
Result<std::vector<CupSummary>> list_cups(GameDeps& deps);

// What a run over the cups did.
struct CupRun {
  int matches_decided = 0;
  int games_started = 0;
  int cups_finished = 0;
  int failed = 0;  // cups whose advance failed, rolled back and skipped
};
// Advances every running cup with a match whose games changed since the last run, one
// transaction each (with the cup's row lock: one run at a time per cup, whichever instance
// runs it). A cup whose advance fails is rolled back alone, logged and counted in `failed`
// (app/competition_items.h); the others go on.
Result<CupRun> run_cups(GameDeps& deps, StarterRun mode);

}  // namespace corrchess::app
