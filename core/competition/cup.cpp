#include "core/competition/cup.h"

#include <algorithm>
#include <bit>

namespace corrchess::competition {
namespace {

constexpr int kMaxPlayers = 1024;

// Half points the match's first player (`first`) or second player scores in the finished `g`.
int halves(const MatchGame& g, bool first) {
  const bool white = g.a_white == first;
  switch (*g.result) {
    case game::GameResult::kWhiteWins: return white ? 2 : 0;
    case game::GameResult::kBlackWins: return white ? 0 : 2;
    case game::GameResult::kDraw: return 1;
    case game::GameResult::kDoubleDefault: return 0;
  }
  return 0;
}

// The verdict of one block of games (the regular games or one tie-break pair) of which
// `count` are due and `have` exist: decided when a lead exceeds what is still to play.
enum class Block { kOpen, kEqual, kFirst, kSecond };
Block judge(const std::vector<MatchGame>& games, std::size_t from, std::size_t count) {
  int a = 0;
  int b = 0;
  int open = 0;
  for (std::size_t i = from; i < from + count; ++i) {
    if (i >= games.size() || !games[i].result) {
      ++open;
      continue;
    }
    a += halves(games[i], true);
    b += halves(games[i], false);
  }
  if (a - b > 2 * open) return Block::kFirst;
  if (b - a > 2 * open) return Block::kSecond;
  return open == 0 ? Block::kEqual : Block::kOpen;
}

}  // namespace

Result<void> validate(const MatchRules& rules) {
  if (rules.games < 1 || rules.games > 10) {
    return fail(ErrorCode::kValidationError, "a match has 1..10 games");
  }
  if (rules.tiebreak_pairs < 0 || rules.tiebreak_pairs > 5) {
    return fail(ErrorCode::kValidationError, "tiebreak_pairs must be 0..5");
  }
  return {};
}

int round_count(int players) {
  if (players < 2) return 0;
  return std::bit_width(static_cast<unsigned>(players - 1));
}

Result<std::vector<FirstRoundMatch>> first_round(int players) {
  if (players < 2 || players > kMaxPlayers) {
    return fail(ErrorCode::kValidationError,
                "a cup needs 2.." + std::to_string(kMaxPlayers) + " players");
  }
  const int size = 1 << round_count(players);
  // Seed order of the bracket: [1] -> [1, 2] -> [1, 4, 2, 3] -> [1, 8, 4, 5, 2, 7, 3, 6].
  std::vector<int> order{1};
  while (static_cast<int>(order.size()) < size) {
    const int n = 2 * static_cast<int>(order.size());
    std::vector<int> next;
    for (int s : order) {
      next.push_back(s);
      next.push_back(n + 1 - s);
    }
    order = std::move(next);
  }
  std::vector<FirstRoundMatch> matches;
  for (std::size_t i = 0; i < order.size(); i += 2) {
    const int a = std::min(order[i], order[i + 1]);
    const int b = std::max(order[i], order[i + 1]);
    matches.push_back({a, b <= players ? std::optional<int>(b) : std::nullopt});
  }
  return matches;
}

NextSlot next_slot(int index) { return {index / 2, index % 2 == 0}; }

bool first_player_white(const MatchRules& rules, int number) {
  if (number < rules.games) return number % 2 == 0;
  return (number - rules.games) % 2 == 0;
}

MatchScore match_score(const std::vector<MatchGame>& games) {
  MatchScore score;
  for (const auto& g : games) {
    if (!g.result) continue;
    score.first_halves += halves(g, true);
    score.second_halves += halves(g, false);
  }
  return score;
}

MatchState match_state(const MatchRules& rules, const std::vector<MatchGame>& games) {
  const auto regular = static_cast<std::size_t>(rules.games);
  switch (judge(games, 0, regular)) {
    case Block::kFirst: return MatchState::kFirstWins;
    case Block::kSecond: return MatchState::kSecondWins;
    case Block::kOpen: return MatchState::kInPlay;
    case Block::kEqual: break;
  }
  for (int pair = 0; pair < rules.tiebreak_pairs; ++pair) {
    const std::size_t from = regular + 2 * static_cast<std::size_t>(pair);
    if (games.size() <= from) return MatchState::kTiebreakNeeded;
    switch (judge(games, from, 2)) {
      case Block::kFirst: return MatchState::kFirstWins;
      case Block::kSecond: return MatchState::kSecondWins;
      case Block::kOpen: return MatchState::kInPlay;
      case Block::kEqual: break;
    }
  }
  return MatchState::kFirstWins;  // still equal: the better seed goes through
}

}  // namespace corrchess::competition
