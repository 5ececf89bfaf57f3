#include "core/competition/series.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace corrchess::competition {
namespace {

bool before(const Entrant& a, const Entrant& b) {
  if (a.entered_at != b.entered_at) return a.entered_at < b.entered_at;
  return a.entry_id < b.entry_id;
}

std::vector<std::size_t> in_entry_order(std::span<const Entrant> entrants) {
  std::vector<std::size_t> order(entrants.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::ranges::stable_sort(
      order, [&](std::size_t a, std::size_t b) { return before(entrants[a], entrants[b]); });
  return order;
}

// Minimum-cost assignment of rows to distinct columns (rows <= columns), by the Hungarian
// method with potentials: for each row the column it gets. O(rows^2 * columns).
std::vector<std::size_t> assign(const std::vector<std::vector<std::int64_t>>& cost) {
  const std::size_t n = cost.size();
  const std::size_t m = n == 0 ? 0 : cost[0].size();
  constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max() / 4;
  // 1-based: u over rows, v over columns, p[j] the row holding column j (0: none).
  std::vector<std::int64_t> u(n + 1, 0);
  std::vector<std::int64_t> v(m + 1, 0);
  std::vector<std::size_t> p(m + 1, 0);
  std::vector<std::size_t> way(m + 1, 0);
  for (std::size_t i = 1; i <= n; ++i) {
    p[0] = i;
    std::size_t j0 = 0;
    std::vector<std::int64_t> minv(m + 1, kInf);
    std::vector<bool> used(m + 1, false);
    do {
      used[j0] = true;
      const std::size_t i0 = p[j0];
      std::int64_t delta = kInf;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const std::int64_t cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (std::size_t j = 0; j <= m; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<std::size_t> column_of(n, 0);
  for (std::size_t j = 1; j <= m; ++j) {
    if (p[j] != 0) column_of[p[j] - 1] = j - 1;
  }
  return column_of;
}

}  // namespace

Result<void> validate(const SectionRules& rules) {
  if (rules.section_size < kMinSectionSize || rules.section_size > kMaxSectionSize) {
    return fail(ErrorCode::kValidationError, "section_size must be " +
                                                 std::to_string(kMinSectionSize) + ".." +
                                                 std::to_string(kMaxSectionSize));
  }
  if (rules.min_section_size != 0 &&
      (rules.min_section_size < kMinSectionSize || rules.min_section_size > rules.section_size)) {
    return fail(ErrorCode::kValidationError, "min_section_size must be 0 (only full sections) or " +
                                                 std::to_string(kMinSectionSize) +
                                                 "..section_size");
  }
  if (rules.max_wait < 0) return fail(ErrorCode::kValidationError, "max_wait must not be negative");
  if (rules.min_section_size != 0 && rules.max_wait == 0) {
    return fail(ErrorCode::kValidationError,
                "min_section_size needs a maximum wait (smaller sections start only for entries "
                "that waited that long)");
  }
  return {};
}

WaitingListTurn take_turn(std::span<const Entrant> waiting, const SectionRules& rules,
                          Timestamp now) {
  WaitingListTurn turn;
  const auto order = in_entry_order(waiting);
  const auto size = static_cast<std::size_t>(rules.section_size);
  const bool old_enough =
      rules.max_wait > 0 && !order.empty() && now - waiting[order[0]].entered_at >= rules.max_wait;
  if (order.size() >= size) {
    turn.section.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(size));
  } else if (old_enough && rules.min_section_size > 0 &&
             order.size() >= static_cast<std::size_t>(rules.min_section_size)) {
    turn.section = order;
  }
  if (rules.max_wait > 0) {
    for (std::size_t k = turn.section.size(); k < order.size(); ++k) {
      if (now - waiting[order[k]].entered_at >= rules.max_wait) turn.expired.push_back(order[k]);
    }
  }
  return turn;
}

std::vector<std::size_t> seat_order(std::span<const Entrant> players) {
  auto order = in_entry_order(players);
  std::ranges::stable_sort(order, [&](std::size_t a, std::size_t b) {
    const auto& ra = players[a].rating;
    const auto& rb = players[b].rating;
    if (ra.has_value() != rb.has_value()) return ra.has_value();
    return ra && *ra > *rb;
  });
  return order;
}

Result<std::vector<std::vector<std::size_t>>> compose_sections(std::span<const Entrant> players,
                                                               int sections) {
  if (sections < 1) return fail(ErrorCode::kValidationError, "at least one section");
  const auto k = static_cast<std::size_t>(sections);
  if (players.size() < 2 * k) {
    return fail(ErrorCode::kValidationError, std::to_string(players.size()) + " players make no " +
                                                 std::to_string(k) + " sections of at least 2");
  }
  const auto seats = seat_order(players);
  std::vector<std::vector<std::size_t>> out(k);
  // A conflict outweighs any distance from the serpentine order (at most k per player).
  const auto conflict_cost = static_cast<std::int64_t>(k * k + 1);
  for (std::size_t first = 0, tier = 0; first < seats.size(); first += k, ++tier) {
    const std::size_t m = std::min(k, seats.size() - first);
    std::vector<std::vector<std::int64_t>> cost(m, std::vector<std::int64_t>(k, 0));
    for (std::size_t i = 0; i < m; ++i) {
      const Entrant& p = players[seats[first + i]];
      const std::size_t serpentine = tier % 2 == 0 ? i : k - 1 - i;
      for (std::size_t s = 0; s < k; ++s) {
        std::int64_t compatriots = 0;
        if (!p.country.empty()) {
          compatriots = std::ranges::count_if(
              out[s], [&](std::size_t q) { return players[q].country == p.country; });
        }
        const auto distance =
            static_cast<std::int64_t>(serpentine > s ? serpentine - s : s - serpentine);
        cost[i][s] = compatriots * conflict_cost + distance;
      }
    }
    const auto column = assign(cost);
    for (std::size_t i = 0; i < m; ++i) out[column[i]].push_back(seats[first + i]);
  }
  return out;
}

Result<Admission> admit(const ClassGate& gate, std::optional<int> rating, bool has_credit) {
  std::string why;
  if (rating) {
    const bool fits = (!gate.min_rating || *rating >= *gate.min_rating) &&
                      (!gate.max_rating || *rating <= *gate.max_rating);
    if (fits) return Admission::kByRating;
    why = "your rating " + std::to_string(*rating) + " is outside this class (" +
          (gate.min_rating ? std::to_string(*gate.min_rating) : std::string("any")) + ".." +
          (gate.max_rating ? std::to_string(*gate.max_rating) : std::string("any")) + ")";
  } else {
    if (gate.unrated_allowed) return Admission::kUnrated;
    why = "this class is not open to unrated players";
  }
  if (gate.credit_from_series) {
    if (has_credit) return Admission::kByCredit;
    why += ", and you hold no promotion credit for it";
  }
  return fail(ErrorCode::kRatingOutOfRange, why);
}

Result<void> validate(const PromotionRule& rule) {
  if (rule.max_place && *rule.max_place < 1) {
    return fail(ErrorCode::kValidationError, "promotion max_place must be at least 1");
  }
  if (rule.min_score_percent && (*rule.min_score_percent < 1 || *rule.min_score_percent > 100)) {
    return fail(ErrorCode::kValidationError, "promotion min_score_percent must be 1..100");
  }
  return {};
}

std::vector<int> places_moving_on(const game::Crosstable& table) {
  std::vector<int> out(table.rows.size(), 0);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    if (table.rows[i].withdrawn) continue;
    const int ahead = static_cast<int>(std::ranges::count_if(table.rows, [&](const auto& other) {
      return !other.withdrawn && other.place < table.rows[i].place;
    }));
    out[i] = ahead + 1;
  }
  return out;
}

std::vector<std::size_t> promoted(const game::Crosstable& table, const PromotionRule& rule) {
  std::vector<std::size_t> out;
  const auto places = places_moving_on(table);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    if (row.withdrawn) continue;
    const bool by_place = rule.max_place && places[i] <= *rule.max_place;
    const bool by_score = rule.min_score_percent && row.games > 0 &&
                          100 * static_cast<std::int64_t>(row.score_halves) >=
                              2 * static_cast<std::int64_t>(*rule.min_score_percent) * row.games;
    if (by_place || by_score) out.push_back(i);
  }
  return out;
}

}  // namespace corrchess::competition
