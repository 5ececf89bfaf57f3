// Tournament set-up (rules.md §5.3): all-play-all pairings by the FIDE Berger tables and the
// choice of a section's Chess960 start position. Pure functions; the caller supplies any
// randomness.
//
// Berger tables (players are seed indices 0..n-1, i.e. seed number - 1):
// - An even n gives n-1 rounds of n/2 games. An odd n is played as n+1 with a dummy: in each
//   round the player drawn against the dummy sits out (has the bye), so there are n rounds of
//   (n-1)/2 games and every player sits out exactly once.
// - In correspondence chess every game of a section starts at once; the rounds still fix the
//   colours and the conventional order of the games.
// - Colours: every player has floor((n-1)/2) or ceil((n-1)/2) whites in one cycle (exactly
//   (n-1)/2 for odd n, where everybody plays an even number n-1 of games). A double round
//   repeats the cycle with colours reversed, so every pair meets once with each colour.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace corrchess::game {

// One game of a Berger schedule.
struct Pairing {
  int round = 0;  // 1-based; the second cycle of a double round continues the numbering
  int board = 0;  // 1-based within the round, counting real games only (no bye board)
  int white = 0;  // seed index (0-based)
  int black = 0;  // seed index (0-based)

  bool operator==(const Pairing&) const = default;
};

// Number of rounds of one cycle: n-1 for even n, n for odd n (one bye per round); 0 for n < 2.
int berger_round_count(int players);

// All games of an all-play-all section by the FIDE Berger tables, ordered by round then board.
// double_round appends a second cycle with colours reversed. Empty when players < 2.
std::vector<Pairing> berger_pairings(int players, bool double_round);

// The player who sits out in `round` (1-based, either cycle) of an odd-sized section; nullopt
// for an even number of players or a round out of range.
std::optional<int> berger_bye(int players, bool double_round, int round);

// Scharnagl number 518: the standard chess array.
inline constexpr int kChess960StandardPosition = 518;

// Maps a caller-supplied random value to a Chess960 start position 0..959, uniform over the
// allowed set: all 960 when allow_518, else the 959 others (518 is never returned). Uses
// random_value modulo the set size: the probabilities differ by at most 2^-64 (relative bias
// below 2^-54), far below anything observable.
int choose_chess960_position(std::uint64_t random_value, bool allow_518);

}  // namespace corrchess::game
