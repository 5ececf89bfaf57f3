#include "core/competition/stages.h"

#include <algorithm>
#include <cstdint>

namespace corrchess::competition {
namespace {

// The share a/b against c/d (denominators >= 0; a zero denominator is a share of 0):
// -1, 0 or 1, exactly.
int compare_shares(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
  const std::int64_t left_num = b == 0 ? 0 : a;
  const std::int64_t left_den = b == 0 ? 1 : b;
  const std::int64_t right_num = d == 0 ? 0 : c;
  const std::int64_t right_den = d == 0 ? 1 : d;
  const std::int64_t left = left_num * right_den;
  const std::int64_t right = right_num * left_den;
  return left < right ? -1 : (left > right ? 1 : 0);
}

}  // namespace

int stage_section_count(int players, int section_size) {
  const int size = std::max(section_size, 2);
  const int sections = (std::max(players, 0) + size - 1) / size;
  // As equal as possible, k sections of n players hold floor(n / k) or ceil(n / k) each: a
  // section of one player exactly when n < 2k. With k = ceil(n / size) that happens only for
  // sections of 2 and an odd n = 2k - 1 (for size >= 3 and k >= 2, n > 3(k - 1) >= 2k - 1),
  // and then k - 1 sections hold 2 or 3 players each.
  return std::max(1, players < 2 * sections ? sections - 1 : sections);
}

Result<std::vector<std::vector<std::size_t>>> compose_stage(std::span<const Entrant> players,
                                                            int section_size) {
  if (players.size() < 2) {
    return fail(ErrorCode::kValidationError,
                "a stage needs at least 2 players, not " + std::to_string(players.size()));
  }
  return compose_sections(players,
                          stage_section_count(static_cast<int>(players.size()), section_size));
}

Result<void> validate(const QualificationRule& rule) {
  if (rule.per_section < 0 || rule.best_runners_up < 0) {
    return fail(ErrorCode::kValidationError, "qualification numbers must not be negative");
  }
  if (rule.per_section == 0 && rule.best_runners_up == 0) {
    return fail(ErrorCode::kValidationError,
                "the qualification rule qualifies nobody: set per_section or best_runners_up");
  }
  return {};
}

std::vector<Qualifier> qualifiers(std::span<const game::Crosstable> sections,
                                  const QualificationRule& rule) {
  std::vector<Qualifier> out;
  std::vector<Qualifier> others;
  // Per section, each row's place among the players who may move on (0: withdrawn).
  std::vector<std::vector<int>> moving_on;
  for (const auto& section : sections) moving_on.push_back(places_moving_on(section));
  for (std::size_t s = 0; s < sections.size(); ++s) {
    const auto& rows = sections[s].rows;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& row = rows[r];
      if (row.withdrawn) continue;
      Qualifier q{s, r, false, row.score_halves, row.games, row.place};
      if (moving_on[s][r] <= rule.per_section) {
        out.push_back(q);
      } else {
        q.runner_up = true;
        others.push_back(q);
      }
    }
  }
  auto better = [&](const Qualifier& a, const Qualifier& b) {
    if (int c = compare_shares(a.score_halves, a.games, b.score_halves, b.games); c != 0) {
      return c > 0;
    }
    const int place_a = moving_on[a.section][a.row];
    const int place_b = moving_on[b.section][b.row];
    if (place_a != place_b) return place_a < place_b;
    const auto& ra = sections[a.section].rows[a.row];
    const auto& rb = sections[b.section].rows[b.row];
    if (int c = compare_shares(ra.sb_quarters, ra.games, rb.sb_quarters, rb.games); c != 0) {
      return c > 0;
    }
    if (ra.wins != rb.wins) return ra.wins > rb.wins;
    if (a.section != b.section) return a.section < b.section;
    return ra.seed < rb.seed;
  };
  std::ranges::sort(others, better);
  const auto take = std::min(others.size(), static_cast<std::size_t>(rule.best_runners_up));
  out.insert(out.end(), others.begin(), others.begin() + static_cast<std::ptrdiff_t>(take));
  return out;
}

}  // namespace corrchess::competition
