#include "core/rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

namespace corrchess::rating {

namespace {

// The factor between the Glicko scale and the Glicko-2 scale (400 / ln 10).
constexpr double kScale = 173.7178;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility σ' by the Illinois algorithm on f(x).
double new_volatility(double sigma, double phi, double v, double delta, double tau,
                      double epsilon) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b = 0;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::fabs(big_b - big_a) > epsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

// Step 6 alone (a period without games), capped at max_deviation (0: no cap), on the
// Glicko scale.
double grown_deviation(const Rating& r, const Glicko2Settings& settings) {
  const double phi = r.deviation / kScale;
  const double grown = std::sqrt(phi * phi + r.volatility * r.volatility) * kScale;
  return settings.max_deviation > 0 ? std::min(grown, std::max(settings.max_deviation, r.deviation))
                                    : grown;
}

}  // namespace

double expected_score(const Rating& player, const Rating& opponent) {
  return expected((player.rating - 1500) / kScale, (opponent.rating - 1500) / kScale,
                  opponent.deviation / kScale);
}

Rating rate(const Rating& player, const std::vector<Outcome>& games,
            const Glicko2Settings& settings) {
  if (games.empty()) {
    return {player.rating, grown_deviation(player, settings), player.volatility};
  }
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.deviation / kScale;
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  double inverse_v = 0;
  double sum = 0;
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - 1500) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * sum;
  // Step 5: the new volatility.
  const double sigma =
      new_volatility(player.volatility, phi, v, delta, settings.tau, settings.epsilon);
  // Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  // Step 8: back to the Glicko scale.
  return {kScale * mu_new + 1500, kScale * phi_new, sigma};
}

bool is_provisional(double deviation, int total_games, const Glicko2Settings& settings) {
  return total_games < settings.provisional_games || deviation > settings.provisional_deviation;
}

std::vector<PeriodRating> rate_period(const std::vector<PlayerRating>& before,
                                      const std::vector<RatedGame>& games,
                                      const Glicko2Settings& settings) {
  const Rating newcomer{settings.initial_rating, settings.initial_deviation,
                        settings.initial_volatility};
  std::map<std::int64_t, PlayerRating> start;
  for (const auto& p : before) start[p.player] = p;
  for (const auto& game : games) {
    for (const auto id : {game.first, game.second}) {
      if (!start.contains(id)) start[id] = PlayerRating{id, newcomer, 0};
    }
  }
  std::map<std::int64_t, std::vector<Outcome>> outcomes;
  for (const auto& game : games) {
    outcomes[game.first].push_back({start[game.second].rating, game.first_score});
    outcomes[game.second].push_back({start[game.first].rating, 1.0 - game.first_score});
  }
  std::vector<PeriodRating> out;
  out.reserve(start.size());
  for (const auto& [id, p] : start) {
    const auto it = outcomes.find(id);
    const auto& played = it == outcomes.end() ? std::vector<Outcome>{} : it->second;
    PeriodRating r;
    r.player = id;
    r.rating = rate(p.rating, played, settings);
    r.games_in_period = static_cast<int>(played.size());
    r.total_games = p.total_games + r.games_in_period;
    r.provisional = is_provisional(r.rating.deviation, r.total_games, settings);
    out.push_back(r);
  }
  return out;
}

}  // namespace corrchess::rating
