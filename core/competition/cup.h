// Cups: knockout matches in a bracket (rules.md §6.10). Pure functions; worked examples in
// tests/unit/cup_test.cpp.
//
// - The bracket has room for the next power of two of players; seeds are placed so that
//   seeds 1 and 2 can meet only in the final, 1-4 only in the semi-finals, and so on (the
//   first round of eight is 1-8, 4-5, 2-7, 3-6). The places beyond the number of players are
//   byes, so the best seeds get them: a bye moves its player on at once.
// - A match is `games` games (at least 1) with colours alternating, the better seed White in
//   the first. The player with more points wins it, as soon as the lead is larger than the
//   points still to be played (the remaining games are still played out and rated).
// - Equal after the regular games: up to `tiebreak_pairs` pairs of tie-break games (colours
//   alternating again, the better seed White first), each pair played like a short match;
//   still equal after the last pair (or with no pairs at all): the better seed goes through.
// - The winner of match m of a round meets the winner of match m^1 in match m/2 of the next
//   round; that match starts when both are known, not when the whole round is over.
#pragma once

#include <optional>
#include <vector>

#include "core/error.h"
#include "core/game/facts.h"

namespace corrchess::competition {

struct MatchRules {
  int games = 2;
  int tiebreak_pairs = 1;

  bool operator==(const MatchRules&) const = default;
};

// kValidationError for games < 1, more than 10 games, tie-break pairs < 0 or > 5.
Result<void> validate(const MatchRules& rules);

// The first round: for each match, the two seeds (1-based); a seed above `players` is a bye
// (nullopt). Matches in bracket order. kValidationError for fewer than 2 players or more than
// 1024.
struct FirstRoundMatch {
  int seed_a = 0;             // the better seed
  std::optional<int> seed_b;  // none: a bye for seed_a
  bool operator==(const FirstRoundMatch&) const = default;
};
Result<std::vector<FirstRoundMatch>> first_round(int players);

// How many rounds the bracket of `players` has (2 players: 1; 5 to 8: 3).
int round_count(int players);

// Where the winner of match `index` of a round plays next: match index / 2 of the next round,
// as its first player when index is even.
struct NextSlot {
  int index = 0;
  bool first = true;
  bool operator==(const NextSlot&) const = default;
};
NextSlot next_slot(int index);

// One game of a match as far as it is known; `a_white`: the match's first player (the better
// seed) has White in it.
struct MatchGame {
  bool a_white = true;
  std::optional<game::GameResult> result;  // none: still in play
  bool operator==(const MatchGame&) const = default;
};

// Whether the match's first player has White in game `number` (0-based) of the match: the
// regular games alternate from White, and so does each tie-break pair.
bool first_player_white(const MatchRules& rules, int number);

// The points of a match so far in half points (the match's first player, then the second),
// over every finished game, tie-break games included; a double default scores for nobody.
struct MatchScore {
  int first_halves = 0;
  int second_halves = 0;
  bool operator==(const MatchScore&) const = default;
};
MatchScore match_score(const std::vector<MatchGame>& games);

enum class MatchState {
  kInPlay,          // not decided yet, no more games needed now
  kTiebreakNeeded,  // equal after the regular games (or the last pair): start the next pair
  kFirstWins,       // the match's first player (the better seed) goes through
  kSecondWins,
};

// The state of a match after `games` (the regular games first, then the tie-break games in
// pairs, in the order rules and first_player_white give). A double default scores nothing
// for either player; the caller passes a game that ended without a result (annulled) as a
// double default.
MatchState match_state(const MatchRules& rules, const std::vector<MatchGame>& games);

}  // namespace corrchess::competition
