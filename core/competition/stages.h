// Multi-stage championships (rules.md §6.9; ICCF World Championship: preliminaries,
// semi-finals, final): how a stage's players are split into sections, and who qualifies from
// a finished stage for the next one. Pure functions; worked examples in
// tests/unit/stages_test.cpp.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/competition/series.h"
#include "core/error.h"
#include "core/game/crosstable.h"

namespace corrchess::competition {

// How many sections a stage of `players` players with sections of `section_size` has:
// ceil(players / section_size), sizes as equal as possible, but never a section of one
// player: when that many sections would leave a section with a single player, the stage has
// one section fewer (a section then holds one player more than section_size). 5 players in
// sections of 2: 2 sections (3 and 2); 3 players: 1 section of 3; 7 players: 3 sections (3, 2
// and 2); 9 players in sections of 3: 3 sections. Sections of 3 or more never need it. At
// least 1 (for 1 player or none too: the caller refuses a stage of fewer than 2 players);
// section_size below 2 counts as 2.
int stage_section_count(int players, int section_size);

// The sections of a stage of `players` (stage_section_count of them) composed as
// compose_sections does: tiers in seat order, serpentine, compatriots apart. Each section's
// players in seat order (indices into `players`). kValidationError for fewer than 2 players.
Result<std::vector<std::vector<std::size_t>>> compose_stage(std::span<const Entrant> players,
                                                            int section_size);

// Who moves on from a stage: the best `per_section` of every section, then the
// `best_runners_up` best of all the others across sections.
struct QualificationRule {
  int per_section = 2;
  int best_runners_up = 0;

  bool operator==(const QualificationRule&) const = default;
};

// kValidationError for negative numbers or a rule that qualifies nobody (both 0).
Result<void> validate(const QualificationRule& rule);

// One qualifier: which section, which row of its crosstable, and why.
struct Qualifier {
  std::size_t section = 0;
  std::size_t row = 0;     // index into that section's crosstable rows
  bool runner_up = false;  // qualified as one of the best runners-up
  int score_halves = 0;    // as in the crosstable
  int games = 0;           // scored games played
  int place = 0;           // best number of the place in the section

  bool operator==(const Qualifier&) const = default;
};

// The qualifiers of a finished stage whose sections' crosstables are `sections`.
//
// From each section every player whose place is at most per_section qualifies: places come
// from the crosstable's tie-breaks (score, wins, Sonneborn-Berger, the games among the tied),
// counted among the players who may move on (places_moving_on: a player withdrawn after the
// start never qualifies, and those placed behind move up), and a place still shared across
// the cut qualifies everyone sharing it (two players sharing 2nd-3rd both qualify when two go
// through).
//
// The runners-up are all other players but the withdrawn, ranked across sections by the share
// of the points they played for (score / games, compared exactly), then by their place in
// their section among those who may move on (lower first), then by their Sonneborn-Berger share (SB
// / games), then by wins, then by section and seat (the earlier section and the higher seat first:
// the rule never draws lots). The first best_runners_up of them qualify (fewer when there are fewer
// players).
//
// Qualifiers come section by section in place order, then the runners-up in their order.
std::vector<Qualifier> qualifiers(std::span<const game::Crosstable> sections,
                                  const QualificationRule& rule);

}  // namespace corrchess::competition
