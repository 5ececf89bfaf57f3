#include "core/competition/teams.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace corrchess::competition {
namespace {

// Half points the side with `color` scores in a finished game (a double default: none).
int team_halves_for(game::GameResult result, chess::Color color) {
  switch (result) {
    case game::GameResult::kWhiteWins: return color == chess::Color::kWhite ? 2 : 0;
    case game::GameResult::kBlackWins: return color == chess::Color::kBlack ? 2 : 0;
    case game::GameResult::kDraw: return 1;
    case game::GameResult::kDoubleDefault: return 0;
  }
  return 0;
}

}  // namespace

Result<void> validate(const TeamMatchRules& rules) {
  if (rules.boards < 1 || rules.boards > kMaxTeamBoards) {
    return fail(ErrorCode::kValidationError,
                "a team match has 1.." + std::to_string(kMaxTeamBoards) + " boards");
  }
  if (rules.games_per_board != 1 && rules.games_per_board != 2) {
    return fail(ErrorCode::kValidationError, "games_per_board must be 1 or 2");
  }
  return {};
}

chess::Color team_a_color(const TeamMatchRules& rules, int board, int game) {
  const int number = rules.games_per_board == 2 ? game : board;
  return number % 2 == 0 ? chess::Color::kWhite : chess::Color::kBlack;
}

Result<TeamMatchStatus> team_match_status(const TeamMatchRules& rules,
                                          std::span<const TeamBoardGame> games) {
  TRY(validate(rules));
  TeamMatchStatus status;
  std::set<std::pair<int, int>> seen;
  for (const auto& g : games) {
    if (g.board < 0 || g.board >= rules.boards || g.game < 0 || g.game >= rules.games_per_board) {
      return fail(ErrorCode::kValidationError, "a game names a board or game out of range");
    }
    if (!seen.insert({g.board, g.game}).second) {
      return fail(ErrorCode::kValidationError, "board " + std::to_string(g.board + 1) + " game " +
                                                   std::to_string(g.game + 1) + " is listed twice");
    }
    if (g.annulled) {
      ++status.annulled;
      continue;
    }
    if (!g.result) continue;
    ++status.finished;
    const chess::Color a = team_a_color(rules, g.board, g.game);
    status.a_halves += team_halves_for(*g.result, a);
    status.b_halves += team_halves_for(*g.result, ~a);
  }
  status.open = rules.boards * rules.games_per_board - status.finished - status.annulled;
  const int still = 2 * status.open;
  if (status.a_halves - status.b_halves > still) {
    status.state = TeamMatchState::kTeamAWins;
  } else if (status.b_halves - status.a_halves > still) {
    status.state = TeamMatchState::kTeamBWins;
  } else if (status.open == 0) {
    status.state = TeamMatchState::kDrawn;
  }
  status.early = status.state != TeamMatchState::kInPlay && status.open > 0;
  return status;
}

Result<OlympiadTable> olympiad_table(int teams, int boards, std::span<const OlympiadGame> games) {
  if (teams < 2 || teams > kMaxOlympiadTeams) {
    return fail(ErrorCode::kValidationError,
                "a team tournament has 2.." + std::to_string(kMaxOlympiadTeams) + " teams");
  }
  if (boards < 1 || boards > kMaxTeamBoards) {
    return fail(ErrorCode::kValidationError,
                "a team tournament has 1.." + std::to_string(kMaxTeamBoards) + " boards");
  }
  std::vector<OlympiadRow> rows(static_cast<std::size_t>(teams));
  for (int t = 0; t < teams; ++t) {
    rows[static_cast<std::size_t>(t)].team = t;
    rows[static_cast<std::size_t>(t)].halves_by_board.assign(static_cast<std::size_t>(boards), 0);
  }
  struct Pair {
    TeamPairing pairing;
    int scored = 0;
  };
  std::map<std::pair<int, int>, Pair> pairs;
  for (const auto& g : games) {
    if (g.board < 0 || g.board >= boards) {
      return fail(ErrorCode::kValidationError, "a game names a board out of range");
    }
    if (g.white_team < 0 || g.white_team >= teams || g.black_team < 0 || g.black_team >= teams) {
      return fail(ErrorCode::kValidationError, "a game names a team out of range");
    }
    if (g.white_team == g.black_team) {
      return fail(ErrorCode::kValidationError, "a game pairs a team with itself");
    }
    const int lo = std::min(g.white_team, g.black_team);
    const int hi = std::max(g.white_team, g.black_team);
    Pair& pair = pairs[{lo, hi}];
    pair.pairing.team_a = lo;
    pair.pairing.team_b = hi;
    if (g.annulled) continue;
    if (!g.result) {
      ++pair.pairing.open;
      continue;
    }
    ++pair.scored;
    const int white = team_halves_for(*g.result, chess::Color::kWhite);
    const int black = team_halves_for(*g.result, chess::Color::kBlack);
    auto& w = rows[static_cast<std::size_t>(g.white_team)];
    auto& b = rows[static_cast<std::size_t>(g.black_team)];
    w.board_halves += white;
    w.halves_by_board[static_cast<std::size_t>(g.board)] += white;
    b.board_halves += black;
    b.halves_by_board[static_cast<std::size_t>(g.board)] += black;
    const bool lo_white = g.white_team == lo;
    pair.pairing.a_halves += lo_white ? white : black;
    pair.pairing.b_halves += lo_white ? black : white;
  }

  OlympiadTable table;
  for (auto& [key, pair] : pairs) {
    TeamPairing& p = pair.pairing;
    p.complete = p.open == 0 && pair.scored > 0;
    if (p.complete) {
      auto& a = rows[static_cast<std::size_t>(p.team_a)];
      auto& b = rows[static_cast<std::size_t>(p.team_b)];
      if (p.a_halves > p.b_halves) {
        a.match_points += 2;
        ++a.matches_won;
        ++b.matches_lost;
      } else if (p.a_halves < p.b_halves) {
        b.match_points += 2;
        ++b.matches_won;
        ++a.matches_lost;
      } else {
        ++a.match_points;
        ++b.match_points;
        ++a.matches_drawn;
        ++b.matches_drawn;
      }
    }
    table.matches.push_back(p);
  }

  std::sort(rows.begin(), rows.end(), [](const OlympiadRow& x, const OlympiadRow& y) {
    if (x.board_halves != y.board_halves) return x.board_halves > y.board_halves;
    if (x.match_points != y.match_points) return x.match_points > y.match_points;
    if (x.halves_by_board[0] != y.halves_by_board[0]) {
      return x.halves_by_board[0] > y.halves_by_board[0];
    }
    return x.team < y.team;
  });
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].place = static_cast<int>(i) + 1;
  table.rows = std::move(rows);
  return table;
}

}  // namespace corrchess::competition
