// An independent reimplementation of Glickman's "Example of the Glicko-2 system", step by
// step and by player name, for the end-to-end tests to check the published rating lists
// against (it shares no code with core/rating).
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace corrchess::testing {

struct Ref {
  double r = 1500, rd = 350, vol = 0.06;
  int total = 0;
};

struct RefGame {
  std::string white, black;
  double white_score;
};

constexpr double kGlicko2Scale = 173.7178;
constexpr double kTau = 0.5;

inline double ref_g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (M_PI * M_PI)); }
inline double ref_e(double mu, double mu_j, double phi_j) {
  return 1 / (1 + std::exp(-ref_g(phi_j) * (mu - mu_j)));
}

// One player's new (r, rd, vol) after the games (opponent's start-of-period values, score).
inline Ref ref_rate(const Ref& p, const std::vector<std::pair<Ref, double>>& games) {
  const double mu = (p.r - 1500) / kGlicko2Scale, phi = p.rd / kGlicko2Scale;
  Ref out = p;
  if (games.empty()) {
    out.rd = std::min(350.0, std::sqrt(phi * phi + p.vol * p.vol) * kGlicko2Scale);
    return out;
  }
  double v_inv = 0, delta_sum = 0;
  for (const auto& [o, s] : games) {
    const double mu_j = (o.r - 1500) / kGlicko2Scale, phi_j = o.rd / kGlicko2Scale;
    const double e = ref_e(mu, mu_j, phi_j);
    v_inv += ref_g(phi_j) * ref_g(phi_j) * e * (1 - e);
    delta_sum += ref_g(phi_j) * (s - e);
  }
  const double v = 1 / v_inv, delta = v * delta_sum;
  const double a = std::log(p.vol * p.vol);
  auto f = [&](double x) {
    return std::exp(x) * (delta * delta - phi * phi - v - std::exp(x)) /
               (2 * std::pow(phi * phi + v + std::exp(x), 2)) -
           (x - a) / (kTau * kTau);
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * kTau) < 0) k++;
    B = a - k * kTau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > 0.000001) {
    const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  const double vol = std::exp(A / 2);
  const double phi_star = std::sqrt(phi * phi + vol * vol);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  out.r = kGlicko2Scale * (mu + phi_new * phi_new * delta_sum) + 1500;
  out.rd = kGlicko2Scale * phi_new;
  out.vol = vol;
  out.total = p.total + static_cast<int>(games.size());
  return out;
}

// The whole period: every known player and every player of the games.
inline std::map<std::string, Ref> ref_period(std::map<std::string, Ref> before,
                                             const std::vector<RefGame>& games) {
  std::map<std::string, std::vector<std::pair<Ref, double>>> played;
  for (const auto& g : games) {
    before.try_emplace(g.white);
    before.try_emplace(g.black);
  }
  for (const auto& g : games) {
    played[g.white].push_back({before[g.black], g.white_score});
    played[g.black].push_back({before[g.white], 1 - g.white_score});
  }
  std::map<std::string, Ref> after;
  for (const auto& [name, p] : before) after[name] = ref_rate(p, played[name]);
  return after;
}

}  // namespace corrchess::testing
