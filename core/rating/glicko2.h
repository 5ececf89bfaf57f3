// Glicko-2 (Glickman, "Example of the Glicko-2 system"): every player has a rating, a rating
// deviation (how uncertain the rating is) and a volatility (how erratic the player's results
// are). All games of a rating period are rated together against the opponents' ratings at
// the start of the period. Pure arithmetic: no I/O, no clock.
#pragma once

#include <cstdint>
#include <vector>

namespace corrchess::rating {

// The system's settings.
struct Glicko2Settings {
  // τ, constrains the change in volatility over time (the paper suggests 0.3 .. 1.2).
  double tau = 0.5;
  // Convergence tolerance of the volatility iteration (the paper's ε).
  double epsilon = 0.000001;
  // A newcomer's rating, deviation and volatility (the paper's 1500 / 350 / 0.06).
  double initial_rating = 1500;
  double initial_deviation = 350;
  double initial_volatility = 0.06;
  // The deviation never grows above this while a player is inactive (0: no cap).
  double max_deviation = 350;
  // Provisional: fewer than this many rated games in total, or a deviation above
  // provisional_deviation.
  int provisional_games = 12;
  double provisional_deviation = 110;
};

// One player's rating on the Glicko scale.
struct Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

// One game's result from the player's point of view against an opponent rated `opponent`
// (at the start of the period): score 1 win, 0.5 draw, 0 loss.
struct Outcome {
  Rating opponent;
  double score = 0;
};

// The player's rating after a period with these games (none: only the deviation grows, as
// step 6 of the paper; `settings.max_deviation` caps it). The computation follows the
// paper's eight steps with the Illinois algorithm for the volatility, without rounding.
Rating rate(const Rating& player, const std::vector<Outcome>& games,
            const Glicko2Settings& settings);

// The expected score of a player rated `player` against `opponent` (the paper's E, using
// the opponent's deviation), 0..1.
double expected_score(const Rating& player, const Rating& opponent);

// A rated player going into a period: id, rating and how many rated games they played
// before it.
struct PlayerRating {
  std::int64_t player = 0;
  Rating rating;
  int total_games = 0;
};

// A rated game of the period between two players: score of `first` (1, 0.5 or 0).
struct RatedGame {
  std::int64_t first = 0;
  std::int64_t second = 0;
  double first_score = 0;
};

// A player's standing after a period.
struct PeriodRating {
  std::int64_t player = 0;
  Rating rating;
  int games_in_period = 0;
  int total_games = 0;
  bool provisional = true;
};

// Rates one period: every player of `before` and every player of `games` (newcomers start
// at the initial rating) comes out, sorted by id. Each game counts for both players against
// the opponent's rating at the start of the period. Players without games keep their
// rating and volatility and their deviation grows.
std::vector<PeriodRating> rate_period(const std::vector<PlayerRating>& before,
                                      const std::vector<RatedGame>& games,
                                      const Glicko2Settings& settings);

// Whether a player with this deviation and number of rated games is provisional.
bool is_provisional(double deviation, int total_games, const Glicko2Settings& settings);

}  // namespace corrchess::rating
