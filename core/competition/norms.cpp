#include "core/competition/norms.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <numeric>

namespace corrchess::competition {
namespace {

// dp for percentage scores 50..100 (index = percent - 50); below 50 the same, negated.
// FIDE Handbook B.01, Title Regulations effective 1 January 2024, table 1.4.9 ("p" and
// "dp"), identical to table 8.1(a) (8.1.1) of the Rating Regulations B.02. The ICCF rating
// rules' own table ("Working Rules", ICCF rating list booklet) has the same values except
// 1.00 -> 677; issue #37 asks for FIDE's.
constexpr std::array<int, 51> kNormDpTable{
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

constexpr int kNormMinLevel = 1000;
constexpr int kNormMaxLevel = 3500;
constexpr int kNormFirstCategoryFloor = 2251;
constexpr int kNormCategoryWidth = 25;

// A countable game for norms: not annulled, aborted or cancelled, not decided by default.
bool norm_countable(const game::CrosstableGame& g) {
  if (!g.counts) return false;
  if (g.termination &&
      (game::voids_game(*g.termination) || *g.termination == game::Termination::kDefault)) {
    return false;
  }
  return g.result != game::GameResult::kDoubleDefault;
}

bool norm_title_applies(Title t, bool ladies) { return ladies || !is_ladies_title(t); }

}  // namespace

std::string_view to_string(Title title) {
  switch (title) {
    case Title::kGM: return "GM";
    case Title::kSIM: return "SIM";
    case Title::kIM: return "IM";
    case Title::kLGM: return "LGM";
    case Title::kLIM: return "LIM";
  }
  return "";
}

Result<Title> parse_title(std::string_view text) {
  for (Title t : kTitles) {
    if (to_string(t) == text) return t;
  }
  return fail(ErrorCode::kValidationError, "unknown title '" + std::string(text) + "'");
}

Result<NormRules> parse_norm_rules(std::string_view text, NormRules base) {
  const auto trim = [](std::string_view v) {
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    return v;
  };
  std::vector<std::string> seen;
  while (!trim(text).empty()) {
    const auto comma = text.find(',');
    const auto item = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const auto eq = item.find('=');
    const auto name = std::string(trim(item.substr(0, eq)));
    const auto value =
        eq == std::string_view::npos ? std::string_view{} : trim(item.substr(eq + 1));
    int number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || ec != std::errc{} || end != value.data() + value.size()) {
      return fail(ErrorCode::kValidationError,
                  "norm rules: '" + std::string(item) + "' is not name=whole number");
    }
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      return fail(ErrorCode::kValidationError, "norm rules: " + name + " is given twice");
    }
    seen.push_back(name);
    const std::pair<const char*, int*> fields[] = {{"GM", &base.gm},
                                                   {"SIM", &base.sim},
                                                   {"IM", &base.im},
                                                   {"LGM", &base.lgm},
                                                   {"LIM", &base.lim},
                                                   {"min_games", &base.min_games},
                                                   {"title_norms", &base.title_norms},
                                                   {"title_games", &base.title_games}};
    bool known = false;
    for (const auto& [field, target] : fields) {
      if (name == field) {
        *target = number;
        known = true;
      }
    }
    if (name == "unrated") {
      base.unrated_rating = number;
      known = true;
    }
    if (!known) {
      return fail(ErrorCode::kValidationError,
                  "norm rules: unknown name '" + name +
                      "' (GM, SIM, IM, LGM, LIM, min_games, title_norms, title_games, unrated)");
    }
  }
  TRY(validate(base));
  return base;
}

Result<void> validate(const NormRules& rules) {
  for (Title t : kTitles) {
    const int level = min_performance(rules, t);
    if (level < kNormMinLevel || level > kNormMaxLevel) {
      return fail(ErrorCode::kValidationError,
                  "the minimum performance for " + std::string(to_string(t)) + " must be " +
                      std::to_string(kNormMinLevel) + ".." + std::to_string(kNormMaxLevel));
    }
  }
  if (rules.gm < rules.sim || rules.sim < rules.im || rules.lgm < rules.lim) {
    return fail(ErrorCode::kValidationError,
                "title levels must not rise from GM to SIM to IM, nor from LGM to LIM");
  }
  if (rules.min_games < 1 || rules.min_games > 200) {
    return fail(ErrorCode::kValidationError, "min_games must be 1..200");
  }
  if (rules.title_norms < 1 || rules.title_norms > 10) {
    return fail(ErrorCode::kValidationError, "title_norms must be 1..10");
  }
  if (rules.title_games < 0 || rules.title_games > 1000) {
    return fail(ErrorCode::kValidationError, "title_games must be 0..1000");
  }
  if (rules.unrated_rating && (*rules.unrated_rating < 0 || *rules.unrated_rating > 3500)) {
    return fail(ErrorCode::kValidationError, "unrated_rating must be 0..3500");
  }
  return {};
}

int min_performance(const NormRules& rules, Title title) {
  switch (title) {
    case Title::kGM: return rules.gm;
    case Title::kSIM: return rules.sim;
    case Title::kIM: return rules.im;
    case Title::kLGM: return rules.lgm;
    case Title::kLIM: return rules.lim;
  }
  return 0;
}

int dp(int percent) {
  percent = std::clamp(percent, 0, 100);
  return percent >= 50 ? kNormDpTable[static_cast<std::size_t>(percent - 50)]
                       : -kNormDpTable[static_cast<std::size_t>(50 - percent)];
}

int percent_score(int halves, int games) {
  // 100 * halves / (2 * games), rounded half up: floor((100 * halves + games) / (2 * games)).
  return (100 * halves + games) / (2 * games);
}

std::optional<int> average_rating(std::span<const int> ratings) {
  if (ratings.empty()) return std::nullopt;
  const std::int64_t sum = std::accumulate(ratings.begin(), ratings.end(), std::int64_t{0});
  const auto n = static_cast<std::int64_t>(ratings.size());
  // sum / n rounded half up (ratings are not negative): floor((2 * sum + n) / (2 * n)).
  return static_cast<int>((2 * sum + n) / (2 * n));
}

int performance(int opponents_average, int halves, int games) {
  return opponents_average + dp(percent_score(halves, games));
}

int category(int average) {
  if (average < kNormFirstCategoryFloor) return 0;
  return (average - kNormFirstCategoryFloor) / kNormCategoryWidth + 1;
}

int category_floor(int category) {
  return kNormFirstCategoryFloor + kNormCategoryWidth * (category - 1);
}

std::optional<int> points_needed_at(int opponents_average, int games, int min_performance) {
  if (games <= 0) return std::nullopt;
  // The performance only grows with the score, so the first score that reaches it is it.
  for (int halves = 0; halves <= 2 * games; ++halves) {
    if (performance(opponents_average, halves, games) >= min_performance) return halves;
  }
  return std::nullopt;
}

std::optional<int> points_needed(std::span<const int> opponent_ratings, int min_performance) {
  const auto average = average_rating(opponent_ratings);
  if (!average) return std::nullopt;
  return points_needed_at(*average, static_cast<int>(opponent_ratings.size()), min_performance);
}

std::vector<Title> norms_reached(std::span<const int> opponent_ratings, int halves,
                                 const NormRules& rules, bool ladies) {
  std::vector<Title> norms;
  const auto average = average_rating(opponent_ratings);
  const int games = static_cast<int>(opponent_ratings.size());
  if (!average || games < rules.min_games) return norms;
  const int rp = performance(*average, halves, games);
  for (Title t : kTitles) {
    if (norm_title_applies(t, ladies) && rp >= min_performance(rules, t)) norms.push_back(t);
  }
  return norms;
}

Result<NormSection> norm_section(std::span<const NormPlayer> players,
                                 std::span<const game::CrosstableGame> games,
                                 const NormRules& rules) {
  TRY(validate(rules));
  const int n = static_cast<int>(players.size());
  for (const auto& g : games) {
    if (g.white < 0 || g.white >= n || g.black < 0 || g.black >= n) {
      return fail(ErrorCode::kValidationError, "a game names a seed out of range");
    }
    if (g.white == g.black) {
      return fail(ErrorCode::kValidationError, "a game pairs a player with themselves");
    }
  }
  const auto seated = static_cast<int>(
      std::ranges::find_if(players, [](const NormPlayer& p) { return !p.seated; }) -
      players.begin());
  if (std::ranges::any_of(players.subspan(static_cast<std::size_t>(seated)),
                          [](const NormPlayer& p) { return p.seated; })) {
    return fail(ErrorCode::kValidationError, "a seated player comes after a replaced one");
  }
  const auto rating_of = [&](int seed) -> std::optional<int> {
    const auto& r = players[static_cast<std::size_t>(seed)].rating;
    return r ? r : rules.unrated_rating;
  };

  NormSection section;
  std::vector<int> rated;
  for (int s = 0; s < seated; ++s) {
    if (const auto r = rating_of(s)) rated.push_back(*r);
  }
  section.average = average_rating(rated);
  section.category = section.average ? category(*section.average) : 0;

  for (int s = 0; s < seated; ++s) {
    NormLine line;
    line.seed = s;
    std::vector<int> opponents;
    for (const auto& g : games) {
      if (g.white != s && g.black != s) continue;
      const bool white = g.white == s;
      const auto opponent_rating = rating_of(white ? g.black : g.white);
      if (!opponent_rating || !norm_countable(g)) continue;
      opponents.push_back(*opponent_rating);
      ++line.games;
      if (g.result) {
        ++line.finished;
        line.halves +=
            game::game_points_halves(g, white ? chess::Color::kWhite : chess::Color::kBlack);
      }
    }
    line.opponents_average = average_rating(opponents);
    line.category = line.opponents_average ? category(*line.opponents_average) : 0;
    line.eligible = line.games >= rules.min_games;
    const bool ladies = players[static_cast<std::size_t>(s)].ladies;
    if (line.eligible) {
      const int open = line.games - line.finished;
      for (Title t : kTitles) {
        if (!norm_title_applies(t, ladies)) continue;
        const int level = min_performance(rules, t);
        const auto need = points_needed(opponents, level);
        if (!need) continue;
        line.targets.push_back(
            {t, level, *need, line.halves >= *need, line.halves + 2 * open >= *need});
      }
    }
    if (line.games > 0 && line.finished == line.games) {
      line.performance = performance(*line.opponents_average, line.halves, line.games);
      line.norms = norms_reached(opponents, line.halves, rules, ladies);
    }
    section.lines.push_back(std::move(line));
  }
  return section;
}

std::vector<Title> titles_earned(std::span<const HeldNorm> norms, const NormRules& rules,
                                 bool ladies) {
  std::vector<Title> earned;
  for (Title t : kTitles) {
    if (!norm_title_applies(t, ladies)) continue;
    const int level = min_performance(rules, t);
    // The sections with a norm at this level or above, each once, with its games.
    std::map<std::string, int> sections;
    for (const auto& held : norms) {
      if (min_performance(rules, held.title) < level) continue;
      int& games = sections[held.section];
      games = std::max(games, held.games);
    }
    int total = 0;
    for (const auto& [id, games] : sections) total += games;
    if (static_cast<int>(sections.size()) >= rules.title_norms && total >= rules.title_games) {
      earned.push_back(t);
    }
  }
  return earned;
}

}  // namespace corrchess::competition
